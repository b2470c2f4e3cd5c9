/**
 * /admin/sys/user-real — audit of real-name submissions (SPEC §2 "admin audit of real-name
 * submissions", §6 admin-only, §7 /api/sys/user/real/audit and /auto-audit; issue 12). Filters:
 * name (real name or account) and state (default 审核中); the table shows the face photo (click to
 * enlarge), account, real name, ID number, state, reason, reviewer and times. Per pending row
 * (holders of sys:user:real:audit): 通过 (a confirmation), 驳回 (a dialog whose reason is required,
 * then sent to the learner), 自动审核 (the face engine decides; an unsure answer leaves it pending).
 * The list honours the caller's data scope.
 */
import { useState } from 'react';
import { App, Card, Form, Image, Input, Modal, Select, Space, Tag, type TableColumnsType } from 'antd';
import { REAL_STATE_LABEL, RealState, UserRealPerm, userRealApi, type RealRecord } from '@kaopei/contracts/user-real';
import { call } from '../../../api/request';
import { PagedTable } from '../../../components/PagedTable';
import { RowAction } from '../../../components/Perm';
import { SearchBar } from '../../../components/SearchBar';
import { usePagedList } from '../../../components/paging';

interface Filters {
  realName?: string;
  state?: number;
}

const STATE_COLOR: Record<number, string> = { 0: 'processing', 1: 'success', 2: 'error' };
const STATE_OPTIONS = Object.entries(REAL_STATE_LABEL).map(([value, label]) => ({ value: Number(value), label }));

export default function ListUserReal() {
  const { message, modal } = App.useApp();
  const list = usePagedList<Filters, RealRecord>('user-real-paging', (current, size, params) => call(userRealApi.paging, { current, size, params }), { state: RealState.PENDING });
  const [rejecting, setRejecting] = useState<RealRecord | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ auditMsg: string }>();

  const done = (r: RealRecord) => {
    message.success(r.state === RealState.PENDING ? '自动审核无法确定，请人工审核！' : '操作成功！');
    list.refresh();
  };
  const approve = (r: RealRecord) =>
    modal.confirm({
      title: '提示',
      content: `确认通过 ${r.realName}（${r.userName}）的实名认证吗？`,
      okButtonProps: { 'data-testid': 'real-approve-ok' } as Record<string, string>,
      onOk: async () => done(await call(userRealApi.audit, { id: r.id, state: 1, auditMsg: '' })),
    });
  const autoAudit = (r: RealRecord) =>
    modal.confirm({
      title: '提示',
      content: '由人脸识别引擎检查照片并自动给出审核结果，确定吗？',
      onOk: async () => done(await call(userRealApi.autoAudit, { id: r.id })),
    });
  const reject = async () => {
    if (!rejecting) return;
    const { auditMsg } = await form.validateFields();
    setSaving(true);
    try {
      done(await call(userRealApi.audit, { id: rejecting.id, state: 2, auditMsg }));
      setRejecting(null);
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };

  const columns: TableColumnsType<RealRecord> = [
    { title: '人脸照片', dataIndex: 'face', width: 90, render: (url: string, r) => <Image src={url} width={59} height={83} style={{ objectFit: 'cover' }} alt={r.realName} data-testid={`real-photo-${r.id}`} /> },
    { title: '账号', dataIndex: 'userName', width: 140, ellipsis: true },
    { title: '真实姓名', dataIndex: 'realName', width: 110, ellipsis: true },
    { title: '身份证号', dataIndex: 'idCard', width: 180 },
    { title: '状态', dataIndex: 'state', width: 90, render: (s: number, r) => <Tag color={STATE_COLOR[s]}>{r.state_dictText}</Tag> },
    { title: '审核意见', dataIndex: 'auditMsg', ellipsis: true },
    { title: '审核人', dataIndex: 'auditBy_dictText', width: 100, render: (v: string, r) => (v || (r.auditTime ? '自动' : '')) },
    { title: '提交时间', dataIndex: 'updateTime', width: 170 },
    { title: '审核时间', dataIndex: 'auditTime', width: 170 },
    {
      title: '操作',
      key: 'op',
      width: 170,
      fixed: 'right',
      render: (_, r) =>
        r.state === RealState.PENDING ? (
          <Space size={0}>
            <RowAction code={UserRealPerm.AUDIT} onClick={() => approve(r)} data-testid={`real-approve-${r.id}`}>
              通过
            </RowAction>
            <RowAction
              code={UserRealPerm.AUDIT}
              danger
              onClick={() => {
                form.resetFields();
                setRejecting(r);
              }}
              data-testid={`real-reject-${r.id}`}
            >
              驳回
            </RowAction>
            <RowAction code={UserRealPerm.AUDIT} onClick={() => autoAudit(r)} data-testid={`real-auto-${r.id}`}>
              自动审核
            </RowAction>
          </Space>
        ) : null,
    },
  ];

  return (
    <Card className="page">
      <SearchBar<Filters> initialValues={{ state: RealState.PENDING }} onSearch={(v) => list.paging.search({ realName: v.realName?.trim() || undefined, state: v.state })}>
        <Form.Item name="realName">
          <Input placeholder="姓名或账号" allowClear data-testid="real-filter-name" />
        </Form.Item>
        <Form.Item name="state">
          <Select placeholder="全部状态" allowClear options={STATE_OPTIONS} style={{ width: 120 }} />
        </Form.Item>
      </SearchBar>
      <PagedTable<RealRecord> list={list} columns={columns} scroll={{ x: 1300 }} />
      <Modal
        open={rejecting !== null}
        title="驳回实名认证"
        confirmLoading={saving}
        onOk={() => void reject().catch(() => undefined)}
        onCancel={() => setRejecting(null)}
        okButtonProps={{ 'data-testid': 'real-reject-ok' } as Record<string, string>}
      >
        <p>
          {rejecting?.realName}（{rejecting?.userName}）
        </p>
        <Form form={form} layout="vertical">
          <Form.Item name="auditMsg" label="驳回原因" rules={[{ required: true, whitespace: true, message: '驳回时请填写审核意见！' }]}>
            <Input.TextArea rows={3} maxLength={500} showCount data-testid="real-reject-msg" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
