/**
 * 提交情况 of one class task (/api/task/bj/submits, /review): every enrolled learner with his state
 * (未提交 / 已提交 / 已批阅), text, files, score and comment, filtered by state and name; 批阅 opens a
 * dialog with the score (0–100) and a comment (a reviewed submission may be reviewed again).
 */
import { useState } from 'react';
import { App, Drawer, Input, InputNumber, Modal, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { ClassTaskPerm, TASK_MSG, TASK_SUBMIT_STATE_LABEL, classTaskApi, type TaskRecord, type TaskSubmitRecord } from '@kaopei/contracts/class-task';
import { call } from '../../../api/request';
import { RowAction } from '../../../components/Perm';
import { PagedTable } from '../../../components/PagedTable';
import { usePagedList } from '../../../components/paging';
import { TaskFiles } from '../../web/class-task/TaskFiles';

const STATES = [0, 1, 2].map((v) => ({ value: v, label: TASK_SUBMIT_STATE_LABEL[v] }));
const COLOR: Record<number, string> = { 0: 'default', 1: 'orange', 2: 'green' };

interface Props {
  task: TaskRecord;
  onClose: () => void;
  onChanged: () => void;
}

export function TaskSubmitsDrawer({ task, onClose, onChanged }: Props) {
  const { message } = App.useApp();
  const [reviewing, setReviewing] = useState<TaskSubmitRecord | null>(null);
  const [score, setScore] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const list = usePagedList<{ state?: number; userName: string }, TaskSubmitRecord>(
    `class-task-submits-${task.id}`,
    (current, size, { state, userName }) => call(classTaskApi.submits, { current, size, params: { taskId: task.id, ...(state !== undefined ? { state } : {}), ...(userName ? { userName } : {}) } }),
    { userName: '' },
  );

  const open = (r: TaskSubmitRecord) => {
    setScore(r.score);
    setComment(r.comment);
    setReviewing(r);
  };
  const review = async () => {
    if (!reviewing) return;
    if (score === null || !Number.isInteger(score) || score < 0 || score > 100) {
      message.warning(TASK_MSG.score);
      return;
    }
    try {
      await call(classTaskApi.review, { submitId: reviewing.submitId, score, comment: comment.trim() });
      message.success('批阅成功！');
      setReviewing(null);
      list.refresh();
      onChanged();
    } catch {
      // shown by the request helper
    }
  };

  const columns: TableColumnsType<TaskSubmitRecord> = [
    { title: '账号', dataIndex: 'userName', width: 130, ellipsis: true },
    { title: '姓名', dataIndex: 'realName', width: 100, ellipsis: true },
    { title: '状态', dataIndex: 'state', width: 90, render: (s: number, r) => <Tag color={COLOR[s]}>{r.state_dictText}</Tag> },
    {
      title: '提交内容',
      dataIndex: 'content',
      render: (c: string, r) => (
        <Space orientation="vertical" size={0}>
          <Typography.Paragraph ellipsis={{ rows: 2, expandable: true }} style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>
            {c}
          </Typography.Paragraph>
          <TaskFiles files={r.files} />
        </Space>
      ),
    },
    { title: '提交时间', dataIndex: 'submitTime', width: 170 },
    { title: '得分', dataIndex: 'score', width: 70, render: (s: number | null) => s ?? '-' },
    { title: '评语', dataIndex: 'comment', width: 160, ellipsis: true },
    {
      title: '操作',
      key: 'op',
      width: 90,
      render: (_, r) =>
        r.submitId ? (
          <RowAction code={ClassTaskPerm.REVIEW} onClick={() => open(r)} data-testid={`task-review-${r.userName}`}>
            批阅
          </RowAction>
        ) : null,
    },
  ];

  return (
    <Drawer open title={`提交情况：${task.title}`} size="large" width={1000} onClose={onClose} destroyOnHidden data-testid="task-submits">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select allowClear placeholder="提交状态" options={STATES} style={{ width: 140 }} onChange={(state?: number) => list.paging.search({ state, userName: list.paging.params.userName })} data-testid="task-submits-state" />
        <Input.Search allowClear placeholder="账号或姓名" style={{ width: 220 }} onSearch={(userName) => list.paging.search({ state: list.paging.params.state, userName: userName.trim() })} />
      </Space>
      <PagedTable<TaskSubmitRecord> list={list} columns={columns} scroll={{ x: 1000 }} />
      <Modal open={reviewing !== null} title={`批阅：${reviewing?.realName || reviewing?.userName || ''}`} onCancel={() => setReviewing(null)} onOk={review} okText="确定" cancelText="取消" okButtonProps={{ 'data-testid': 'task-review-ok' } as Record<string, string>}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <span>得分（0–100）</span>
          <InputNumber min={0} max={100} precision={0} value={score} onChange={(v) => setScore(v)} style={{ width: 160 }} data-testid="task-review-score" />
          <span>评语</span>
          <Input.TextArea rows={3} maxLength={2000} value={comment} onChange={(e) => setComment(e.target.value)} data-testid="task-review-comment" />
        </Space>
      </Modal>
    </Drawer>
  );
}
