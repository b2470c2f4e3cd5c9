/**
 * /admin/cert/grant — ListCertGrant (SPEC §2 named admin route; issue 7 "admin ListCertGrant with
 * revoke"): the grants within the caller's data scope, filtered by certificate (`?certId=` opens it
 * filtered), holder (account or real name) and status; paged table (证书编号, 证书名称, 持证人, 来源,
 * 发放时间, 到期时间, 状态); 发放证书 (a certificate and people picked in the user-select dialog →
 * grant-batch, answering how many were granted and skipped); 撤销 and 批量撤销 after a confirmation;
 * PDF download (disabled while the PDF is not rendered yet).
 *
 * Test ids: `grant-add`, `grant-cert`, `grant-users-open` / `grant-users-tag-{id}` (user field),
 * `grant-submit`, `grant-revoke-{id}`, `grant-batch-revoke`, `grant-pdf-{id}`, `grant-status-{id}`.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { App, Button, Card, Form, Input, Modal, Select, Space, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined, StopOutlined } from '@ant-design/icons';
import { CERT_STATUS_LABEL, CERT_STATUSES, certGrantApi, CertPerm, type CertGrantRecord, type CertStatus } from '@kaopei/contracts/cert';
import { call, download } from '../../../api/request';
import { useAuth } from '../../../store/auth';
import { PermButton, RowAction } from '../../../components/Perm';
import { SearchBar } from '../../../components/SearchBar';
import { ListToolbar, PagedTable } from '../../../components/PagedTable';
import { SELECT_ONE, usePagedList } from '../../../components/paging';
import { UserSelectField } from '../../../components/UserSelect';
import { CertSelect } from './CertSelect';

interface Filters {
  certId?: string;
  userName?: string;
  status?: CertStatus;
}

export const STATUS_COLOR: Record<CertStatus, string> = { valid: 'green', expired: 'orange', revoked: 'red' };
const STATUS_OPTIONS = CERT_STATUSES.map((s) => ({ value: s, label: CERT_STATUS_LABEL[s] }));
export const REVOKE_CONFIRM = '撤销后证书将显示为“已撤销”，且不能恢复，确定撤销吗？';

/** The 发放证书 dialog: a certificate and the people to give it to. */
function GrantModal({ open, certId, onClose, onDone }: { open: boolean; certId?: string; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<{ certId?: string; userIds: string[] }>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      const res = await call(certGrantApi.grantBatch, { certId: v.certId ?? '', userIds: v.userIds });
      message.success(`发放成功：新发放 ${res.granted} 人${res.skipped ? `，${res.skipped} 人已持有该证书` : ''}`);
      onDone();
      onClose();
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title="发放证书"
      width={580}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      okText="发放"
      cancelText="取消"
      okButtonProps={{ 'data-testid': 'grant-submit' } as Record<string, string>}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ certId, userIds: [] }} preserve={false}>
        <Form.Item name="certId" label="证书" required rules={[{ required: true, message: '请选择证书！' }]}>
          <CertSelect allowClear={false} placeholder="请选择证书" data-testid="grant-cert" />
        </Form.Item>
        <Form.Item name="userIds" label="发放给" required rules={[{ validator: async (_r, v: string[]) => { if (!v?.length) throw new Error('请至少选择一个用户！'); } }]}>
          <UserSelectField testId="grant-users" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function ListCertGrant() {
  const { hasPerm } = useAuth();
  const { modal, message } = App.useApp();
  const [search] = useSearchParams();
  const initialCert = search.get('certId') ?? undefined;
  const list = usePagedList<Filters, CertGrantRecord>(
    'cert-grant-paging',
    (current, size, params) => call(certGrantApi.paging, { current, size, params }),
    initialCert ? { certId: initialCert } : {},
  );
  const [granting, setGranting] = useState(false);

  const revoke = (ids: string[]) => {
    if (!ids.length) {
      message.warning(SELECT_ONE);
      return;
    }
    modal.confirm({
      title: '提示',
      content: REVOKE_CONFIRM,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await call(certGrantApi.revoke, { ids });
          message.success('操作成功！');
          list.refresh();
        } catch {
          // shown by the request helper
        }
      },
    });
  };

  const columns: TableColumnsType<CertGrantRecord> = [
    { title: '证书编号', dataIndex: 'certNo', width: 160 },
    { title: '证书名称', dataIndex: 'title', ellipsis: true },
    { title: '持证人', key: 'holder', width: 160, ellipsis: true, render: (_, r) => `${r.realName || r.userName}（${r.userName}）` },
    { title: '来源', key: 'ref', width: 180, ellipsis: true, render: (_, r) => (r.refTitle ? `${r.refType_dictText}：${r.refTitle}` : r.refType_dictText) },
    { title: '发放时间', dataIndex: 'createTime', width: 170 },
    { title: '到期时间', dataIndex: 'expireTime', width: 170, render: (v: string | null) => v ?? '长期有效' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      align: 'center',
      render: (_, r) => (
        <Tag color={STATUS_COLOR[r.status]} data-testid={`grant-status-${r.id}`}>
          {r.status_dictText}
        </Tag>
      ),
    },
    {
      title: '操作',
      key: 'op',
      width: 150,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" disabled={!r.certFilePdf} onClick={() => void download(certGrantApi.pdf, { id: r.id }, `${r.certNo}.pdf`)} data-testid={`grant-pdf-${r.id}`}>
            PDF
          </Button>
          {r.status !== 'revoked' ? (
            <RowAction code={CertPerm.REVOKE} danger onClick={() => revoke([r.id])} data-testid={`grant-revoke-${r.id}`}>
              撤销
            </RowAction>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Card className="page">
      <SearchBar<Filters>
        initialValues={initialCert ? { certId: initialCert } : undefined}
        onSearch={(v) =>
          list.paging.search({
            ...(v.certId ? { certId: v.certId } : {}),
            ...(v.userName?.trim() ? { userName: v.userName.trim() } : {}),
            ...(v.status ? { status: v.status } : {}),
          })
        }
      >
        <Form.Item name="certId">
          <CertSelect placeholder="全部证书" style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="userName">
          <Input placeholder="持证人账号或姓名" allowClear />
        </Form.Item>
        <Form.Item name="status">
          <Select placeholder="全部状态" allowClear options={STATUS_OPTIONS} style={{ width: 120 }} />
        </Form.Item>
      </SearchBar>
      <ListToolbar>
        <PermButton code={CertPerm.GRANT} type="primary" icon={<PlusOutlined />} data-testid="grant-add" onClick={() => setGranting(true)}>
          发放证书
        </PermButton>
        <PermButton code={CertPerm.REVOKE} danger icon={<StopOutlined />} data-testid="grant-batch-revoke" onClick={() => revoke(list.selected)}>
          批量撤销
        </PermButton>
      </ListToolbar>
      <PagedTable<CertGrantRecord> list={list} columns={columns} selectable={hasPerm(CertPerm.REVOKE)} scroll={{ x: 1150 }} />
      <GrantModal open={granting} certId={list.paging.params.certId} onClose={() => setGranting(false)} onDone={list.refresh} />
    </Card>
  );
}
