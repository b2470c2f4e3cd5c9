/**
 * /admin/cert/cert — certificate templates (issue 7 "Certificates"; SPEC §6 cert:list): title
 * filter, paged table (名称, 发证机构, 有效期, 已发放, 更新时间), add/edit in the editor with live
 * preview, delete (a template already granted is refused by the server: 30040001). Buttons per
 * permission (cert:*).
 *
 * 发放记录 opens ListCertGrant filtered by the template.
 *
 * Test ids: `cert-add`, `cert-edit-{id}`, `cert-grants-{id}`, `cert-delete-{id}`.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Card, Form, Input, Space, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { certApi, CertPerm, type CertRecord } from '@kaopei/contracts/cert';
import { call } from '../../../api/request';
import { useAuth } from '../../../store/auth';
import { PermButton, RowAction } from '../../../components/Perm';
import { SearchBar } from '../../../components/SearchBar';
import { BatchDeleteButton, ListToolbar, PagedTable } from '../../../components/PagedTable';
import { useDeleteAction, usePagedList } from '../../../components/paging';
import { CertFormModal } from './CertFormModal';

interface Filters {
  title?: string;
}

export default function ListCert() {
  const { hasPerm } = useAuth();
  const navigate = useNavigate();
  const list = usePagedList<Filters, CertRecord>('cert-paging', (current, size, params) => call(certApi.paging, { current, size, params }), {});
  const [editing, setEditing] = useState<CertRecord | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const remove = useDeleteAction((ids) => call(certApi.delete, { ids }), list.refresh);

  const openForm = (record: CertRecord | null) => {
    setEditing(record);
    setFormOpen(true);
  };

  const columns: TableColumnsType<CertRecord> = [
    { title: '证书名称', dataIndex: 'title', ellipsis: true },
    { title: '发证机构', dataIndex: 'authority', ellipsis: true },
    { title: '有效期', dataIndex: 'expireMonths', width: 110, render: (m: number | null) => (m ? `${m}个月` : '长期有效') },
    { title: '已发放', dataIndex: 'grantCount', width: 90, align: 'center' },
    { title: '更新时间', dataIndex: 'updateTime', width: 180 },
    {
      title: '操作',
      key: 'op',
      width: 220,
      render: (_, r) => (
        <Space size={0} wrap>
          <RowAction code={CertPerm.UPDATE} onClick={() => openForm(r)} data-testid={`cert-edit-${r.id}`}>
            编辑
          </RowAction>
          <RowAction code={CertPerm.GRANT_LIST} onClick={() => navigate(`/admin/cert/grant?certId=${r.id}`)} data-testid={`cert-grants-${r.id}`}>
            发放记录
          </RowAction>
          <RowAction code={CertPerm.DELETE} danger onClick={() => remove([r.id])} data-testid={`cert-delete-${r.id}`}>
            删除
          </RowAction>
        </Space>
      ),
    },
  ];

  return (
    <Card className="page">
      <SearchBar<Filters> onSearch={(v) => list.paging.search(v.title?.trim() ? { title: v.title.trim() } : {})}>
        <Form.Item name="title">
          <Input placeholder="搜索证书名称" allowClear />
        </Form.Item>
      </SearchBar>
      <ListToolbar>
        <PermButton code={CertPerm.ADD} type="primary" icon={<PlusOutlined />} data-testid="cert-add" onClick={() => openForm(null)}>
          添加
        </PermButton>
        <BatchDeleteButton code={CertPerm.DELETE} onClick={() => remove(list.selected)} />
      </ListToolbar>
      <PagedTable<CertRecord> list={list} columns={columns} selectable={hasPerm(CertPerm.DELETE)} scroll={{ x: 800 }} />
      <CertFormModal open={formOpen} record={editing} onClose={() => setFormOpen(false)} onSaved={list.refresh} />
    </Card>
  );
}
