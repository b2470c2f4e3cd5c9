/**
 * 考勤 of a face-to-face lesson (issue 13): every enrolled learner of the class with 已签到 / 未签到,
 * time, 扫码签到 / 补签, reason, who recorded a make-up and the distance; filtered by state and name;
 * 补签 of the selected not-signed learners with a required reason; 导出 (xlsx of the same columns).
 */
import { useState } from 'react';
import { App, Button, Drawer, Input, Modal, Select, Space, Tag, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { LESSON_MSG, LessonPerm, SIGN_STATE_LABEL, signApi, type AttendRecord, type LessonRecord } from '@kaopei/contracts/class-session';
import { call, download } from '../../../api/request';
import { PermButton } from '../../../components/Perm';
import { ListToolbar, PagedTable } from '../../../components/PagedTable';
import { SELECT_ONE, usePagedList } from '../../../components/paging';

const STATES = [1, 0].map((v) => ({ value: v, label: SIGN_STATE_LABEL[v] }));

interface Props {
  lesson: LessonRecord | null;
  onClose: () => void;
  onChanged: () => void;
}

export function AttendanceDrawer({ lesson, onClose, onChanged }: Props) {
  return (
    <Drawer open={lesson !== null} title={`签到考勤：${lesson?.title ?? ''}`} size="large" width={900} onClose={onClose} destroyOnHidden data-testid="sign-attend">
      {lesson ? <AttendanceBody lesson={lesson} onChanged={onChanged} /> : null}
    </Drawer>
  );
}

function AttendanceBody({ lesson, onChanged }: { lesson: LessonRecord; onChanged: () => void }) {
  const { message } = App.useApp();
  const [makeupOpen, setMakeupOpen] = useState(false);
  const [reason, setReason] = useState('');
  const list = usePagedList<{ state?: number; userName: string }, AttendRecord>(
    `sign-attend-${lesson.id}`,
    (current, size, { state, userName }) => call(signApi.paging, { current, size, params: { lessonId: lesson.id, ...(state !== undefined ? { state } : {}), ...(userName ? { userName } : {}) } }),
    { userName: '' },
  );
  const notSigned = list.selected.filter((id) => list.query.data?.records.find((r) => r.id === id)?.state === 0);

  const openMakeup = () => {
    if (!notSigned.length) {
      message.warning(list.selected.length ? '所选学员均已签到！' : SELECT_ONE);
      return;
    }
    setReason('');
    setMakeupOpen(true);
  };
  const makeup = async () => {
    if (!reason.trim()) {
      message.warning(LESSON_MSG.reason);
      return;
    }
    try {
      const r = await call(signApi.makeup, { lessonId: lesson.id, userIds: notSigned, reason: reason.trim() });
      message.success(`已补签 ${r.signed} 人${r.skipped ? `，跳过 ${r.skipped} 人` : ''}`);
      setMakeupOpen(false);
      list.refresh();
      onChanged();
    } catch {
      // shown by the request helper
    }
  };

  const columns: TableColumnsType<AttendRecord> = [
    { title: '账号', dataIndex: 'userName', width: 140, ellipsis: true },
    { title: '姓名', dataIndex: 'realName', width: 110, ellipsis: true },
    {
      title: '状态', dataIndex: 'state', width: 90,
      render: (s: number, r) => <Tag color={s ? 'green' : 'default'} data-testid={`sign-state-${r.userName}`}>{r.state_dictText}</Tag>,
    },
    { title: '签到时间', dataIndex: 'signTime', width: 170, render: (v: string | null) => v ?? '-' },
    { title: '方式', dataIndex: 'source_dictText', width: 90, render: (v: string) => v || '-' },
    { title: '补签原因', dataIndex: 'reason', ellipsis: true, render: (v: string, r) => (v ? `${v}（${r.makeupBy}）` : '-') },
    { title: '距离(米)', dataIndex: 'distance', width: 90, render: (v: number | null) => v ?? '-' },
  ];

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select allowClear placeholder="签到状态" options={STATES} style={{ width: 140 }} onChange={(state?: number) => list.paging.search({ state, userName: list.paging.params.userName })} data-testid="sign-attend-state" />
        <Input.Search allowClear placeholder="账号或姓名" style={{ width: 220 }} onSearch={(userName) => list.paging.search({ state: list.paging.params.state, userName: userName.trim() })} />
      </Space>
      <ListToolbar>
        <PermButton code={LessonPerm.MAKEUP} type="primary" onClick={openMakeup} data-testid="sign-makeup">
          补签
        </PermButton>
        <Button icon={<DownloadOutlined />} onClick={() => void download(signApi.export, { lessonId: lesson.id })} data-testid="sign-export">
          导出
        </Button>
      </ListToolbar>
      <PagedTable<AttendRecord> list={list} columns={columns} selectable scroll={{ x: 800 }} />
      <Modal open={makeupOpen} title={`补签（${notSigned.length} 人）`} onCancel={() => setMakeupOpen(false)} onOk={makeup} okText="确定" cancelText="取消" okButtonProps={{ 'data-testid': 'sign-makeup-ok' } as Record<string, string>}>
        <Input.TextArea rows={3} maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} placeholder="请填写补签原因（必填）" data-testid="sign-makeup-reason" />
      </Modal>
    </>
  );
}
