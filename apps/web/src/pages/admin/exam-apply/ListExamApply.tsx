/**
 * /admin/exam/apply — audit of exam applications (SPEC §2 "admin audit of … exam applications";
 * §7 /api/exam/apply/audit; issue 8). Filters: applicant (account or name), state (default 待审核),
 * exam (`?examId=` when opened from an exam); the table shows exam, applicant, reason, state,
 * reviewer and time. 通过 / 驳回 per row or for the ticked rows (holders of exam:apply:audit) open
 * one dialog for the review note (required to reject); only pending applications change, so a
 * second click does nothing. The list honours the caller's data scope.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { App, Card, Form, Input, Modal, Select, Space, Tag, type TableColumnsType } from 'antd';
import { APPLY_STATE_LABEL, ApplyState, examApplyApi, ExamApplyPerm, type ApplyRecord } from '@kaopei/contracts/exam-apply';
import { call } from '../../../api/request';
import { ListToolbar, PagedTable } from '../../../components/PagedTable';
import { PermButton, RowAction, usePerm } from '../../../components/Perm';
import { SearchBar } from '../../../components/SearchBar';
import { SELECT_ONE, usePagedList } from '../../../components/paging';

interface Filters {
  examId?: string;
  userName?: string;
  state?: number;
}

const STATE_COLOR: Record<number, string> = { 0: 'processing', 1: 'success', 2: 'error' };
const STATE_OPTIONS = Object.entries(APPLY_STATE_LABEL).map(([value, label]) => ({ value: Number(value), label }));

export default function ListExamApply() {
  const { message } = App.useApp();
  const can = usePerm();
  const [search] = useSearchParams();
  const examId = search.get('examId') ?? undefined;
  const list = usePagedList<Filters, ApplyRecord>(
    'exam-apply-paging',
    (current, size, params) => call(examApplyApi.paging, { current, size, params }),
    { examId, state: ApplyState.PENDING },
  );
  const [auditing, setAuditing] = useState<{ ids: string[]; state: 1 | 2 } | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ auditMsg: string }>();

  const open = (ids: string[], state: 1 | 2) => {
    if (ids.length === 0) {
      message.warning(SELECT_ONE);
      return;
    }
    form.resetFields();
    setAuditing({ ids, state });
  };
  const submit = async () => {
    if (!auditing) return;
    const { auditMsg } = await form.validateFields();
    setSaving(true);
    try {
      const res = await call(examApplyApi.audit, { ids: auditing.ids, state: auditing.state, auditMsg: auditMsg ?? '' });
      message.success(res.skipped > 0 ? `已审核${res.audited}条，${res.skipped}条此前已审核` : '操作成功！');
      setAuditing(null);
      list.refresh();
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };

  const columns: TableColumnsType<ApplyRecord> = [
    { title: '考试', dataIndex: 'examId_dictText', ellipsis: true },
    { title: '账号', dataIndex: 'userName', width: 140, ellipsis: true },
    { title: '姓名', dataIndex: 'realName', width: 110, ellipsis: true },
    { title: '申请理由', dataIndex: 'applyMsg', ellipsis: true },
    { title: '申请时间', dataIndex: 'createTime', width: 170 },
    { title: '状态', dataIndex: 'state', width: 90, render: (s: number, r) => <Tag color={STATE_COLOR[s]}>{r.state_dictText}</Tag> },
    { title: '审核意见', dataIndex: 'auditMsg', ellipsis: true },
    { title: '审核人', dataIndex: 'auditBy_dictText', width: 100 },
    { title: '审核时间', dataIndex: 'auditTime', width: 170 },
    {
      title: '操作',
      key: 'op',
      width: 130,
      fixed: 'right',
      render: (_, r) =>
        r.state === ApplyState.PENDING ? (
          <Space size={0}>
            <RowAction code={ExamApplyPerm.AUDIT} onClick={() => open([r.id], 1)} data-testid={`apply-approve-${r.id}`}>
              通过
            </RowAction>
            <RowAction code={ExamApplyPerm.AUDIT} danger onClick={() => open([r.id], 2)} data-testid={`apply-reject-${r.id}`}>
              驳回
            </RowAction>
          </Space>
        ) : null,
    },
  ];

  return (
    <Card className="page">
      <SearchBar<Filters> initialValues={{ state: ApplyState.PENDING }} onSearch={(v) => list.paging.search({ examId, userName: v.userName?.trim() || undefined, state: v.state })}>
        <Form.Item name="userName">
          <Input placeholder="账号或姓名" allowClear data-testid="apply-filter-user" />
        </Form.Item>
        <Form.Item name="state">
          <Select placeholder="全部状态" allowClear options={STATE_OPTIONS} style={{ width: 120 }} />
        </Form.Item>
      </SearchBar>
      <ListToolbar>
        <PermButton code={ExamApplyPerm.AUDIT} type="primary" onClick={() => open(list.selected, 1)} data-testid="apply-batch-approve">
          批量通过
        </PermButton>
        <PermButton code={ExamApplyPerm.AUDIT} danger onClick={() => open(list.selected, 2)}>
          批量驳回
        </PermButton>
      </ListToolbar>
      <PagedTable<ApplyRecord> list={list} columns={columns} selectable={can(ExamApplyPerm.AUDIT)} scroll={{ x: 1300 }} />
      <Modal
        open={auditing !== null}
        title={auditing?.state === 2 ? '驳回申请' : '通过申请'}
        confirmLoading={saving}
        onOk={() => void submit()}
        onCancel={() => setAuditing(null)}
        okButtonProps={{ 'data-testid': 'apply-audit-ok' } as Record<string, string>}
      >
        <p>共 {auditing?.ids.length ?? 0} 条申请</p>
        <Form form={form} layout="vertical">
          <Form.Item name="auditMsg" label="审核意见" rules={auditing?.state === 2 ? [{ required: true, whitespace: true, message: '驳回时请填写审核意见！' }] : []}>
            <Input.TextArea rows={3} maxLength={500} showCount data-testid="apply-audit-msg" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
