/**
 * 学员 of a training class (admin ListTrainClass; /api/trainClass/students, /audit, /assign): the
 * sign-ups with state, source and audit message, filtered by state and name; 通过 / 驳回 of waiting
 * sign-ups with an audit message (required to reject; the learner receives it as a message), and
 * 指派学员 (the user-select dialog) that enrols people directly within the capacity.
 */
import { useState } from 'react';
import { App, Input, Modal, Select, Space, Tag, type TableColumnsType } from 'antd';
import { CLASS_USER_STATE_LABEL, TrainClassPerm, trainClassApi, type ClassRecord, type StudentRecord } from '@kaopei/contracts/train-class';
import { call } from '../../../api/request';
import { PermButton, RowAction } from '../../../components/Perm';
import { ListToolbar, PagedTable } from '../../../components/PagedTable';
import { SELECT_ONE, usePagedList } from '../../../components/paging';
import { UserSelectDialog } from '../../../components/UserSelect';

const STATES = [0, 1, 2, 3].map((v) => ({ value: v, label: CLASS_USER_STATE_LABEL[v] }));
const COLOR: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'red', 3: 'default' };

interface Props {
  cls: ClassRecord | null;
  onClose: () => void;
  onChanged: () => void;
}

/** Mounted only while a class is chosen (its list query needs the class id). */
export function ClassStudentsDialog({ cls, ...rest }: Props) {
  return cls ? <StudentsBody cls={cls} {...rest} /> : null;
}

function StudentsBody({ cls, onClose, onChanged }: Props & { cls: ClassRecord }) {
  const { message } = App.useApp();
  const [auditing, setAuditing] = useState<{ ids: string[]; state: 1 | 2 } | null>(null);
  const [msg, setMsg] = useState('');
  const [assigning, setAssigning] = useState(false);
  const list = usePagedList<{ state?: number; userName: string }, StudentRecord>(
    `class-students-${cls.id}`,
    (current, size, { state, userName }) => call(trainClassApi.students, { current, size, params: { classId: cls.id, ...(state !== undefined ? { state } : {}), ...(userName ? { userName } : {}) } }),
    { userName: '' },
  );
  const { refresh, selected } = list;

  const startAudit = (ids: string[], state: 1 | 2) => {
    if (ids.length === 0) {
      message.warning(SELECT_ONE);
      return;
    }
    setMsg('');
    setAuditing({ ids, state });
  };
  const audit = async () => {
    if (!auditing) return;
    if (auditing.state === 2 && !msg.trim()) {
      message.warning('驳回时请填写审核意见！');
      return;
    }
    try {
      const r = await call(trainClassApi.audit, { ids: auditing.ids, state: auditing.state, msg: msg.trim() });
      message.success(`已审核 ${r.audited} 条${r.skipped ? `，跳过 ${r.skipped} 条已审核的报名` : ''}`);
      setAuditing(null);
      refresh();
      onChanged();
    } catch {
      // shown by the request helper
    }
  };

  const columns: TableColumnsType<StudentRecord> = [
    { title: '账号', dataIndex: 'userName', width: 140, ellipsis: true },
    { title: '姓名', dataIndex: 'realName', width: 120, ellipsis: true },
    { title: '状态', dataIndex: 'state', width: 90, render: (s: number, r) => <Tag color={COLOR[s]}>{r.state_dictText}</Tag> },
    { title: '来源', dataIndex: 'source_dictText', width: 100 },
    { title: '审核意见', dataIndex: 'auditMsg', ellipsis: true },
    { title: '结业', dataIndex: 'finished', width: 70, render: (f: boolean) => (f ? '是' : '否') },
    { title: '报名时间', dataIndex: 'createTime', width: 170 },
    {
      title: '操作',
      key: 'op',
      width: 130,
      render: (_, r) =>
        r.state === 0 ? (
          <Space size={0}>
            <RowAction code={TrainClassPerm.AUDIT} onClick={() => startAudit([r.id], 1)} data-testid={`class-student-pass-${r.userName}`}>
              通过
            </RowAction>
            <RowAction code={TrainClassPerm.AUDIT} danger onClick={() => startAudit([r.id], 2)} data-testid={`class-student-reject-${r.userName}`}>
              驳回
            </RowAction>
          </Space>
        ) : null,
    },
  ];

  return (
    <Modal open title={`学员名单：${cls.title}`} width="80%" footer={null} onCancel={onClose} destroyOnHidden>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select allowClear placeholder="报名状态" options={STATES} style={{ width: 140 }} onChange={(state?: number) => list.paging.search({ state, userName: list.paging.params.userName })} />
        <Input.Search allowClear placeholder="账号或姓名" style={{ width: 220 }} onSearch={(userName) => list.paging.search({ state: list.paging.params.state, userName: userName.trim() })} />
      </Space>
      <ListToolbar>
        <PermButton code={TrainClassPerm.ASSIGN} type="primary" onClick={() => setAssigning(true)} data-testid="class-assign">
          指派学员
        </PermButton>
        <PermButton code={TrainClassPerm.AUDIT} onClick={() => startAudit(selected, 1)}>
          批量通过
        </PermButton>
      </ListToolbar>
      <PagedTable<StudentRecord> list={list} columns={columns} selectable scroll={{ x: 1000 }} />
      <Modal open={auditing !== null} title={auditing?.state === 1 ? '审核通过' : '审核驳回'} onCancel={() => setAuditing(null)} onOk={audit} okText="确定" cancelText="取消" okButtonProps={{ 'data-testid': 'class-audit-ok' } as Record<string, string>}>
        <Input.TextArea rows={3} maxLength={500} value={msg} onChange={(e) => setMsg(e.target.value)} placeholder={auditing?.state === 2 ? '请填写驳回原因（必填）' : '审核意见（选填）'} data-testid="class-audit-msg" />
      </Modal>
      <UserSelectDialog
        open={assigning}
        title="指派学员"
        onCancel={() => setAssigning(false)}
        onOk={async (users) => {
          try {
            const r = await call(trainClassApi.assign, { classId: cls.id, userIds: users.map((u) => u.id) });
            message.success(`已指派 ${r.assigned} 名学员`);
            setAssigning(false);
            refresh();
            onChanged();
          } catch {
            // shown by the request helper
          }
        }}
      />
    </Modal>
  );
}
