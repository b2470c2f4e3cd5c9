/**
 * /admin/sys/notice — notices (SPEC §2 paging tables, §3 notice: title and state): title and state
 * filters, paged table (标题, 置顶, 状态, 发布时间 (empty = 立即), 发布人, 更新时间), add/edit in a
 * 580 px dialog, publish or withdraw, delete and batch delete with confirmation. Buttons per
 * permission (sys:notice:*).
 */
import { useState } from 'react';
import { Card, Form, Input, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { NOTICE_STATE_LABEL, noticeApi, NoticePerm, type NoticeRecord } from '@kaopei/contracts/notice';
import { call } from '../../../api/request';
import { useAuth } from '../../../store/auth';
import { PermButton, RowAction } from '../../../components/Perm';
import { SearchBar } from '../../../components/SearchBar';
import { BatchDeleteButton, ListToolbar, PagedTable } from '../../../components/PagedTable';
import { useDeleteAction, usePagedList, useStateAction } from '../../../components/paging';
import { NoticeFormModal } from './NoticeFormModal';

interface Filters {
  title?: string;
  state?: number;
}

const STATE_OPTIONS = Object.entries(NOTICE_STATE_LABEL).map(([value, label]) => ({ value: Number(value), label }));

export default function ListNotice() {
  const { hasPerm } = useAuth();
  const list = usePagedList<Filters, NoticeRecord>('notice-paging', (current, size, params) => call(noticeApi.paging, { current, size, params }), {});
  const [editing, setEditing] = useState<NoticeRecord | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const remove = useDeleteAction((ids) => call(noticeApi.delete, { ids }), list.refresh);

  const openForm = (record: NoticeRecord | null) => {
    setEditing(record);
    setFormOpen(true);
  };

  const changeState = useStateAction((ids, state) => call(noticeApi.state, { ids, state }), list.refresh);
  const setState = (r: NoticeRecord) => changeState([r.id], r.state === 0 ? 1 : 0);

  const columns: TableColumnsType<NoticeRecord> = [
    { title: '标题', dataIndex: 'title', ellipsis: true },
    {
      title: '状态',
      dataIndex: 'state',
      width: 100,
      align: 'center',
      render: (_, r) => <Tag color={r.state === 0 ? 'green' : 'default'}>{r.state_dictText}</Tag>,
    },
    { title: '置顶', dataIndex: 'isTop', width: 80, align: 'center', render: (v: number) => (v === 1 ? <Tag color="red">置顶</Tag> : '-') },
    { title: '发布时间', dataIndex: 'publishTime', width: 180, render: (v: string | null) => v ?? <Typography.Text type="secondary">立即</Typography.Text> },
    { title: '发布人', dataIndex: 'createBy_dictText', width: 120 },
    { title: '更新时间', dataIndex: 'updateTime', width: 180 },
    {
      title: '操作',
      key: 'op',
      width: 200,
      render: (_, r) => (
        <Space size={0} wrap>
          <RowAction code={NoticePerm.UPDATE} onClick={() => openForm(r)} data-testid={`notice-edit-${r.id}`}>
            编辑
          </RowAction>
          <RowAction code={NoticePerm.UPDATE} onClick={() => void setState(r)}>
            {r.state === 0 ? '撤回' : '发布'}
          </RowAction>
          <RowAction code={NoticePerm.DELETE} danger onClick={() => remove([r.id])}>
            删除
          </RowAction>
        </Space>
      ),
    },
  ];

  return (
    <Card className="page">
      <SearchBar<Filters> onSearch={(v) => list.paging.search({ ...(v.title?.trim() ? { title: v.title.trim() } : {}), ...(v.state !== undefined ? { state: v.state } : {}) })}>
        <Form.Item name="title">
          <Input placeholder="搜索公告标题" allowClear />
        </Form.Item>
        <Form.Item name="state">
          <Select placeholder="全部状态" allowClear options={STATE_OPTIONS} style={{ width: 140 }} />
        </Form.Item>
      </SearchBar>
      <ListToolbar>
        <PermButton code={NoticePerm.ADD} type="primary" icon={<PlusOutlined />} data-testid="notice-add" onClick={() => openForm(null)}>
          添加
        </PermButton>
        <BatchDeleteButton code={NoticePerm.DELETE} onClick={() => remove(list.selected)} />
      </ListToolbar>
      <PagedTable<NoticeRecord> list={list} columns={columns} selectable={hasPerm(NoticePerm.DELETE)} scroll={{ x: 1020 }} />
      <NoticeFormModal open={formOpen} record={editing} onClose={() => setFormOpen(false)} onSaved={list.refresh} />
    </Card>
  );
}
