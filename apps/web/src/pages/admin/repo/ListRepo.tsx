/**
 * /admin/exam/repo — question banks (SPEC §2 paging tables): title search, paged table (题库名称,
 * 试题数, 客观题, 主观题, 考试 / 训练 flags, 更新时间), add/edit in a 580 px dialog (with the flags),
 * delete and batch delete with confirmation, a 试题 link to the question list filtered by the bank
 * and 章节 opening the bank's chapters (ChapterDialog). Buttons per permission.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Card, Space, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { repoApi, RepoPerm, type RepoRecord } from '@kaopei/contracts/repo';
import { QuPerm } from '@kaopei/contracts/qu';
import { call } from '../../../api/request';
import { useAuth } from '../../../store/auth';
import { PermButton, RowAction } from '../../../components/Perm';
import { TitleSearch } from '../../../components/SearchBar';
import { BatchDeleteButton, ListToolbar, PagedTable } from '../../../components/PagedTable';
import { useDeleteAction, usePagedList } from '../../../components/paging';
import { RepoFormModal } from './RepoFormModal';
import { ChapterDialog } from './ChapterDialog';

/** The bank select of other pages shows bank titles. */
const ALSO_INVALIDATE = ['repo-select'];

export default function ListRepo() {
  const navigate = useNavigate();
  const { hasPerm } = useAuth();
  const list = usePagedList<{ title: string }, RepoRecord>(
    'repo-paging',
    (current, size, { title }) => call(repoApi.paging, { current, size, params: title ? { title } : {} }),
    { title: '' },
    ALSO_INVALIDATE,
  );
  const [editing, setEditing] = useState<RepoRecord | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [chapters, setChapters] = useState<RepoRecord | null>(null);
  const remove = useDeleteAction((ids) => call(repoApi.delete, { ids }), list.refresh);

  /** Opens the dialog on a bank, or empty for a new one. */
  const openForm = (record: RepoRecord | null) => {
    setEditing(record);
    setFormOpen(true);
  };

  const columns: TableColumnsType<RepoRecord> = [
    { title: '题库名称', dataIndex: 'title', ellipsis: true },
    { title: '试题数', dataIndex: 'quCount', width: 90, align: 'center' },
    { title: '客观题', dataIndex: 'objCount', width: 90, align: 'center' },
    { title: '主观题', dataIndex: 'subjCount', width: 90, align: 'center' },
    {
      title: '用途',
      key: 'use',
      width: 120,
      render: (_, r) => (
        <Space size={2}>
          {r.isExam ? <Tag color="blue">考试</Tag> : null}
          {r.isTrain ? <Tag color="green">训练</Tag> : null}
        </Space>
      ),
    },
    { title: '更新时间', dataIndex: 'updateTime', width: 180 },
    {
      title: '操作',
      key: 'op',
      width: 320,
      render: (_, r) => (
        <Space size={0} wrap>
          <RowAction code={QuPerm.LIST} onClick={() => navigate(`/admin/exam/qu?repoId=${encodeURIComponent(r.id)}`)}>
            试题
          </RowAction>
          <RowAction code={RepoPerm.LIST} onClick={() => setChapters(r)} data-testid={`repo-chapters-${r.id}`}>
            章节
          </RowAction>
          <RowAction code={RepoPerm.LIST} onClick={() => navigate(`/admin/exam/repo/view/${encodeURIComponent(r.id)}`)} data-testid={`repo-train-view-${r.id}`}>
            训练预览
          </RowAction>
          <RowAction code={RepoPerm.LIST} onClick={() => navigate(`/admin/exam/repo/train-stat/${encodeURIComponent(r.id)}`)} data-testid={`repo-train-stat-${r.id}`}>
            训练统计
          </RowAction>
          <RowAction code={RepoPerm.UPDATE} onClick={() => openForm(r)}>
            编辑
          </RowAction>
          <RowAction code={RepoPerm.DELETE} danger onClick={() => remove([r.id])}>
            删除
          </RowAction>
        </Space>
      ),
    },
  ];

  return (
    <Card className="page">
      <TitleSearch placeholder="搜索题库名称" onSearch={(title) => list.paging.search({ title })} />
      <ListToolbar>
        <PermButton code={RepoPerm.ADD} type="primary" icon={<PlusOutlined />} data-testid="repo-add" onClick={() => openForm(null)}>
          添加
        </PermButton>
        <BatchDeleteButton code={RepoPerm.DELETE} onClick={() => remove(list.selected)} />
      </ListToolbar>
      <PagedTable<RepoRecord> list={list} columns={columns} selectable={hasPerm(RepoPerm.DELETE)} scroll={{ x: 900 }} />
      <RepoFormModal open={formOpen} record={editing} onClose={() => setFormOpen(false)} onSaved={list.refresh} />
      <ChapterDialog repo={chapters} onClose={() => setChapters(null)} />
    </Card>
  );
}
