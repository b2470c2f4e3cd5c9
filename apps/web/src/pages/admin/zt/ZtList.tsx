/**
 * The topic list (专题) shared by the admin page 培训管理 → 专题 (every topic) and the class drawer's
 * tab (one class's topics): title search, paged table (标题, 所属培训班, 资源数, 更新时间), add / edit in
 * a dialog, delete with confirmation. Buttons per permission (zt:*).
 */
import { useState } from 'react';
import { Form, Input, Space, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ztApi, ZtPerm, type ZtRecord } from '@kaopei/contracts/zt';
import { call } from '../../../api/request';
import { useAuth } from '../../../store/auth';
import { PermButton, RowAction } from '../../../components/Perm';
import { SearchBar } from '../../../components/SearchBar';
import { BatchDeleteButton, ListToolbar, PagedTable } from '../../../components/PagedTable';
import { useDeleteAction, usePagedList } from '../../../components/paging';
import { ZtFormModal } from './ZtFormModal';

export function ZtList({ classId }: { classId?: string }) {
  const { hasPerm } = useAuth();
  const list = usePagedList<{ title?: string }, ZtRecord>(`zt-paging-${classId ?? ''}`, (current, size, params) => call(ztApi.paging, { current, size, params: { ...params, ...(classId ? { classId } : {}) } }), {});
  const [editing, setEditing] = useState<ZtRecord | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const remove = useDeleteAction((ids) => call(ztApi.delete, { ids }), list.refresh);

  const openForm = (record: ZtRecord | null) => {
    setEditing(record);
    setFormOpen(true);
  };

  const columns: TableColumnsType<ZtRecord> = [
    { title: '标题', dataIndex: 'title', ellipsis: true },
    ...(classId ? [] : [{ title: '所属培训班', dataIndex: 'classId_dictText', width: 160, ellipsis: true, render: (v: string) => v || '全站' }]),
    { title: '资源数', dataIndex: 'itemCount', width: 80, align: 'center' },
    { title: '更新时间', dataIndex: 'updateTime', width: 170 },
    {
      title: '操作',
      key: 'op',
      width: 130,
      render: (_, r) => (
        <Space size={0}>
          <RowAction code={ZtPerm.SAVE} onClick={() => openForm(r)} data-testid={`zt-edit-${r.id}`}>
            编辑
          </RowAction>
          <RowAction code={ZtPerm.DELETE} danger onClick={() => remove([r.id])}>
            删除
          </RowAction>
        </Space>
      ),
    },
  ];

  return (
    <>
      <SearchBar<{ title?: string }> onSearch={(v) => list.paging.search(v.title?.trim() ? { title: v.title.trim() } : {})}>
        <Form.Item name="title">
          <Input placeholder="搜索专题标题" allowClear />
        </Form.Item>
      </SearchBar>
      <ListToolbar>
        <PermButton code={ZtPerm.SAVE} type="primary" icon={<PlusOutlined />} data-testid="zt-add" onClick={() => openForm(null)}>
          添加
        </PermButton>
        <BatchDeleteButton code={ZtPerm.DELETE} onClick={() => remove(list.selected)} />
      </ListToolbar>
      <PagedTable<ZtRecord> list={list} columns={columns} selectable={hasPerm(ZtPerm.DELETE)} scroll={{ x: 700 }} />
      <ZtFormModal open={formOpen} record={editing} classId={classId ?? ''} onClose={() => setFormOpen(false)} onSaved={list.refresh} />
    </>
  );
}
