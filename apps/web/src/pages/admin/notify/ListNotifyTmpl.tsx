/**
 * /admin/sys/notify-tmpl — message templates (SPEC §3 "Notify template", §7 /api/notify/tmpl/*):
 * title and event filters, paged table (标题, 通知事件, 短信, 更新时间), add/edit in a dialog with
 * variable hints and a live preview (TmplFormModal), delete and batch delete with confirmation.
 * Buttons per permission (notify:tmpl:*).
 */
import { useState } from 'react';
import { Card, Form, Input, Select, Space, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { tmplApi, TmplPerm, type TmplRecord } from '@kaopei/contracts/notify';
import { call } from '../../../api/request';
import { useAuth } from '../../../store/auth';
import { PermButton, RowAction } from '../../../components/Perm';
import { SearchBar } from '../../../components/SearchBar';
import { BatchDeleteButton, ListToolbar, PagedTable } from '../../../components/PagedTable';
import { useDeleteAction, usePagedList } from '../../../components/paging';
import { TmplFormModal } from './TmplFormModal';
import { useNotifyEvents } from './useNotifyEvents';

interface Filters {
  title?: string;
  event?: string;
}

export default function ListNotifyTmpl() {
  const { hasPerm } = useAuth();
  const eventOptions = useNotifyEvents().options;
  const list = usePagedList<Filters, TmplRecord>('notify-tmpl-paging', (current, size, params) => call(tmplApi.paging, { current, size, params }), {});
  const [editing, setEditing] = useState<TmplRecord | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const remove = useDeleteAction((ids) => call(tmplApi.delete, { ids }), list.refresh);

  const openForm = (record: TmplRecord | null) => {
    setEditing(record);
    setFormOpen(true);
  };

  const columns: TableColumnsType<TmplRecord> = [
    { title: '标题', dataIndex: 'title', ellipsis: true },
    { title: '通知事件', dataIndex: 'event_dictText', width: 150 },
    { title: '短信', dataIndex: 'sms', width: 140, render: (_, r) => (r.sms ? <Tag color="blue">{r.smsCode}</Tag> : <Tag>不发送</Tag>) },
    { title: '内置', dataIndex: 'builtin', width: 80, align: 'center', render: (_, r) => (r.builtin ? '是' : '') },
    { title: '更新时间', dataIndex: 'updateTime', width: 180 },
    {
      title: '操作',
      key: 'op',
      width: 140,
      render: (_, r) => (
        <Space size={0} wrap>
          <RowAction code={TmplPerm.UPDATE} onClick={() => openForm(r)} data-testid={`tmpl-edit-${r.id}`}>
            编辑
          </RowAction>
          <RowAction code={TmplPerm.DELETE} danger onClick={() => remove([r.id])}>
            删除
          </RowAction>
        </Space>
      ),
    },
  ];

  return (
    <Card className="page">
      <SearchBar<Filters> onSearch={(v) => list.paging.search({ ...(v.title?.trim() ? { title: v.title.trim() } : {}), ...(v.event ? { event: v.event } : {}) })}>
        <Form.Item name="title">
          <Input placeholder="搜索模板标题" allowClear data-testid="tmpl-search-title" />
        </Form.Item>
        <Form.Item name="event">
          <Select placeholder="全部事件" allowClear options={eventOptions} style={{ width: 160 }} />
        </Form.Item>
      </SearchBar>
      <ListToolbar>
        <PermButton code={TmplPerm.ADD} type="primary" icon={<PlusOutlined />} data-testid="tmpl-add" onClick={() => openForm(null)}>
          添加
        </PermButton>
        <BatchDeleteButton code={TmplPerm.DELETE} onClick={() => remove(list.selected)} />
      </ListToolbar>
      <PagedTable<TmplRecord> list={list} columns={columns} selectable={hasPerm(TmplPerm.DELETE)} scroll={{ x: 820 }} />
      <TmplFormModal open={formOpen} record={editing} onClose={() => setFormOpen(false)} onSaved={list.refresh} />
    </Card>
  );
}
