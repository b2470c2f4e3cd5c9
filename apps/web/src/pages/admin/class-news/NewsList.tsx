/**
 * The training news list (培训资讯) shared by the admin page 培训管理 → 培训资讯 (every article,
 * `classId` undefined) and the class drawer's tab (one class's articles): title / state filters,
 * paged table (封面, 标题, 所属培训班, 置顶, 状态, 发布时间, 浏览), add / edit in a dialog, publish or
 * withdraw, delete with confirmation. Buttons per permission (class:news:*).
 */
import { useState } from 'react';
import { Form, Image, Input, Select, Space, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { classNewsApi, NEWS_STATE_LABEL, NewsPerm, type NewsRecord } from '@kaopei/contracts/class-news';
import { call } from '../../../api/request';
import { useAuth } from '../../../store/auth';
import { PermButton, RowAction } from '../../../components/Perm';
import { SearchBar } from '../../../components/SearchBar';
import { BatchDeleteButton, ListToolbar, PagedTable } from '../../../components/PagedTable';
import { useDeleteAction, usePagedList, useStateAction } from '../../../components/paging';
import { NewsFormModal } from './NewsFormModal';

interface Filters {
  title?: string;
  state?: number;
}

const STATE_OPTIONS = Object.entries(NEWS_STATE_LABEL).map(([value, label]) => ({ value: Number(value), label }));

export function NewsList({ classId }: { classId?: string }) {
  const { hasPerm } = useAuth();
  const list = usePagedList<Filters, NewsRecord>(`class-news-paging-${classId ?? ''}`, (current, size, params) => call(classNewsApi.paging, { current, size, params: { ...params, ...(classId ? { classId } : {}) } }), {});
  const [editing, setEditing] = useState<NewsRecord | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const remove = useDeleteAction((ids) => call(classNewsApi.delete, { ids }), list.refresh);

  const openForm = (record: NewsRecord | null) => {
    setEditing(record);
    setFormOpen(true);
  };

  const changeState = useStateAction((ids, state) => call(classNewsApi.state, { ids, state }), list.refresh);
  const setState = (r: NewsRecord) => changeState([r.id], r.state === 1 ? 0 : 1);

  const columns: TableColumnsType<NewsRecord> = [
    { title: '封面', dataIndex: 'cover', width: 90, render: (v: string) => (v ? <Image src={v} width={64} height={40} style={{ objectFit: 'cover' }} /> : '-') },
    { title: '标题', dataIndex: 'title', ellipsis: true },
    ...(classId ? [] : [{ title: '所属培训班', dataIndex: 'classId_dictText', width: 160, ellipsis: true, render: (v: string) => v || '全站' }]),
    { title: '置顶', dataIndex: 'isTop', width: 70, align: 'center', render: (v: number) => (v === 1 ? <Tag color="red">置顶</Tag> : '-') },
    { title: '状态', dataIndex: 'state', width: 90, align: 'center', render: (_, r) => <Tag color={r.state === 1 ? 'green' : 'default'}>{r.state_dictText}</Tag> },
    { title: '发布时间', dataIndex: 'publishTime', width: 170, render: (v: string | null) => v ?? '-' },
    { title: '浏览', dataIndex: 'viewCount', width: 70, align: 'center' },
    {
      title: '操作',
      key: 'op',
      width: 170,
      render: (_, r) => (
        <Space size={0} wrap>
          <RowAction code={NewsPerm.SAVE} onClick={() => openForm(r)} data-testid={`news-edit-${r.id}`}>
            编辑
          </RowAction>
          <RowAction code={NewsPerm.STATE} onClick={() => void setState(r)} data-testid={`news-state-${r.id}`}>
            {r.state === 1 ? '撤回' : '发布'}
          </RowAction>
          <RowAction code={NewsPerm.DELETE} danger onClick={() => remove([r.id])}>
            删除
          </RowAction>
        </Space>
      ),
    },
  ];

  return (
    <>
      <SearchBar<Filters> onSearch={(v) => list.paging.search({ ...(v.title?.trim() ? { title: v.title.trim() } : {}), ...(v.state !== undefined ? { state: v.state } : {}) })}>
        <Form.Item name="title">
          <Input placeholder="搜索资讯标题" allowClear />
        </Form.Item>
        <Form.Item name="state">
          <Select placeholder="全部状态" allowClear options={STATE_OPTIONS} style={{ width: 140 }} />
        </Form.Item>
      </SearchBar>
      <ListToolbar>
        <PermButton code={NewsPerm.SAVE} type="primary" icon={<PlusOutlined />} data-testid="news-add" onClick={() => openForm(null)}>
          添加
        </PermButton>
        <BatchDeleteButton code={NewsPerm.DELETE} onClick={() => remove(list.selected)} />
      </ListToolbar>
      <PagedTable<NewsRecord> list={list} columns={columns} selectable={hasPerm(NewsPerm.DELETE)} scroll={{ x: 960 }} />
      <NewsFormModal open={formOpen} record={editing} classId={classId ?? ''} onClose={() => setFormOpen(false)} onSaved={list.refresh} />
    </>
  );
}
