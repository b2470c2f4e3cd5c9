/**
 * /admin/course/file — the course file library (课件管理, ListFile; issue 11, SPEC §3 "Course file",
 * §7 /api/course/file/*): filters title, type and category (the 课件分类 tree); paged table (名称,
 * 类型, 大小, 时长, 分类, 状态, 创建时间) where 状态 shows the media state, the percent while a file
 * is processed and the reason of a failure; the page polls every 2 s while any row is waiting or
 * processing. Add/edit in CourseFileFormModal; delete and batch delete with '确实要删除吗?'. Buttons
 * per permission (course:file:*).
 */
import { useEffect, useState } from 'react';
import { Card, Form, Input, Progress, Select, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { COURSE_FILE_CAT_DIC, courseFileApi, CourseFilePerm, MediaState, type CourseFileRecord } from '@kaopei/contracts/course-file';
import { call } from '../../../../api/request';
import { DictTreeSelect } from '../../../../components/DictSelect';
import { BatchDeleteButton, ListToolbar, PagedTable } from '../../../../components/PagedTable';
import { RowAction, PermButton } from '../../../../components/Perm';
import { SearchBar } from '../../../../components/SearchBar';
import { useDeleteAction, usePagedList } from '../../../../components/paging';
import { useAuth } from '../../../../store/auth';
import { CourseFileFormModal, TYPE_OPTIONS } from './CourseFileFormModal';
import { formatBytes, formatSeconds } from './format';

interface Filters {
  title?: string;
  fileType?: number;
  catId?: string;
}

/** How often the list is read again while a file is being processed (ms). */
export const POLL_MS = 2000;

const STATE_COLOR: Record<number, string> = { [MediaState.NEW]: 'default', [MediaState.PROCESSING]: 'processing', [MediaState.READY]: 'success', [MediaState.FAILED]: 'error' };

/** The 状态 cell: the state tag, with the percent while processing and the reason of a failure. */
export function MediaStateCell({ r }: { r: CourseFileRecord }) {
  const tag = (
    <Tag color={STATE_COLOR[r.dbsczt]} data-testid={`course-file-state-${r.id}`}>
      {r.dbsczt_dictText}
    </Tag>
  );
  if (r.dbsczt === MediaState.PROCESSING) {
    return (
      <Space size={4}>
        {tag}
        <Progress percent={r.progress} size="small" style={{ width: 90, margin: 0 }} />
      </Space>
    );
  }
  if (r.dbsczt === MediaState.FAILED && r.failMsg) return <Tooltip title={r.failMsg}>{tag}</Tooltip>;
  return tag;
}

export default function ListFile() {
  const { hasPerm } = useAuth();
  const list = usePagedList<Filters, CourseFileRecord>('course-file-paging', (current, size, params) => call(courseFileApi.paging, { current, size, params }), {});
  const [editing, setEditing] = useState<CourseFileRecord | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const remove = useDeleteAction((ids) => call(courseFileApi.delete, { ids }), list.refresh);
  const rows = list.query.data?.records;
  const busy = (rows ?? []).some((r) => r.dbsczt === MediaState.NEW || r.dbsczt === MediaState.PROCESSING);
  const { refetch } = list.query;

  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => void refetch(), POLL_MS);
    return () => clearInterval(timer);
  }, [busy, refetch]);

  const openForm = (record: CourseFileRecord | null) => {
    setEditing(record);
    setFormOpen(true);
  };

  const columns: TableColumnsType<CourseFileRecord> = [
    { title: '课件名称', dataIndex: 'title', ellipsis: true },
    { title: '类型', dataIndex: 'fileType_dictText', width: 80, align: 'center' },
    { title: '大小', dataIndex: 'fileSize', width: 100, align: 'right', render: (v: number) => formatBytes(v) },
    {
      title: '时长/页数',
      key: 'length',
      width: 100,
      align: 'center',
      render: (_, r) => <span data-testid={`course-file-duration-${r.id}`}>{r.fileType === 22 ? (r.pageCount ? `${r.pageCount}页` : '-') : formatSeconds(r.duration)}</span>,
    },
    { title: '分类', dataIndex: 'catId_dictText', width: 120, ellipsis: true, render: (v: string) => v || '-' },
    { title: '状态', key: 'state', width: 200, render: (_, r) => <MediaStateCell r={r} /> },
    { title: '创建时间', dataIndex: 'createTime', width: 170 },
    {
      title: '操作',
      key: 'op',
      width: 140,
      render: (_, r) => (
        <Space size={0} wrap>
          <RowAction code={CourseFilePerm.UPDATE} onClick={() => openForm(r)} data-testid={`course-file-edit-${r.id}`}>
            编辑
          </RowAction>
          <RowAction code={CourseFilePerm.DELETE} danger onClick={() => remove([r.id])}>
            删除
          </RowAction>
        </Space>
      ),
    },
  ];

  return (
    <Card className="page">
      <SearchBar<Filters> onSearch={(v) => list.paging.search({ ...(v.title?.trim() ? { title: v.title.trim() } : {}), ...(v.fileType !== undefined ? { fileType: v.fileType } : {}), ...(v.catId ? { catId: v.catId } : {}) })}>
        <Form.Item name="title">
          <Input placeholder="搜索课件名称" allowClear data-testid="course-file-search" />
        </Form.Item>
        <Form.Item name="fileType">
          <Select placeholder="全部类型" allowClear options={TYPE_OPTIONS} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="catId">
          <DictTreeSelect dicCode={COURSE_FILE_CAT_DIC} placeholder="全部分类" style={{ width: 160 }} />
        </Form.Item>
      </SearchBar>
      <ListToolbar>
        <PermButton code={CourseFilePerm.ADD} type="primary" icon={<PlusOutlined />} data-testid="course-file-add" onClick={() => openForm(null)}>
          添加
        </PermButton>
        <BatchDeleteButton code={CourseFilePerm.DELETE} onClick={() => remove(list.selected)} />
      </ListToolbar>
      <PagedTable<CourseFileRecord> list={list} columns={columns} selectable={hasPerm(CourseFilePerm.DELETE)} scroll={{ x: 1100 }} />
      <CourseFileFormModal open={formOpen} record={editing} onClose={() => setFormOpen(false)} onSaved={list.refresh} />
    </Card>
  );
}
