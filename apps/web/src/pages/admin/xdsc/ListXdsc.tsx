/**
 * 培训管理 → 信息采集 (/admin/trainClass/xdsc; issue 13 "Surveys and information collection"): the
 * site-wide forms; the same list, for one class's forms, is the 信息采集 tab of the class drawer
 * (ClassXdscAdmin). Title filter, paged table (标题, 表单项, 填写时间, 匿名, 状态, 提交数), 添加 /
 * 编辑 (the form builder), 提交记录 (answers drawer with 导出), 启用/停用, 删除 (confirmed).
 */
import { useState } from 'react';
import { Card, Space, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { XdscPerm, xdscApi, type XdscRecord } from '@kaopei/contracts/xdsc';
import { call } from '../../../api/request';
import { useAuth } from '../../../store/auth';
import { PermButton, RowAction } from '../../../components/Perm';
import { TitleSearch } from '../../../components/SearchBar';
import { BatchDeleteButton, ListToolbar, PagedTable } from '../../../components/PagedTable';
import { useDeleteAction, usePagedList } from '../../../components/paging';
import { XdscAnswersDrawer } from './XdscAnswersDrawer';
import { XdscFormModal } from './XdscFormModal';

interface Filters {
  title?: string;
  classId: string;
}

/** The forms of `classId` ('' site-wide). */
export function XdscList({ classId }: { classId: string }) {
  const { hasPerm } = useAuth();
  const list = usePagedList<Filters, XdscRecord>('xdsc-paging', (current, size, params) => call(xdscApi.paging, { current, size, params }), { classId });
  const [editing, setEditing] = useState<XdscRecord | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [answersOf, setAnswersOf] = useState<XdscRecord | null>(null);
  const remove = useDeleteAction((ids) => call(xdscApi.delete, { ids }), list.refresh);
  const toggle = async (r: XdscRecord) => {
    await call(xdscApi.state, { ids: [r.id], state: r.state === 0 ? 1 : 0 });
    list.refresh();
  };
  const openForm = (r: XdscRecord | null) => {
    setEditing(r);
    setFormOpen(true);
  };

  const columns: TableColumnsType<XdscRecord> = [
    { title: '标题', dataIndex: 'title', ellipsis: true },
    { title: '表单项', key: 'fields', width: 80, align: 'center', render: (_, r) => r.fields.length },
    { title: '填写时间', key: 'time', width: 230, render: (_, r) => (r.startTime || r.endTime ? `${r.startTime || '不限'} 至 ${r.endTime || '不限'}` : '不限') },
    { title: '匿名', dataIndex: 'anonymous', width: 70, align: 'center', render: (v: boolean) => (v ? <Tag>匿名</Tag> : '-') },
    { title: '状态', dataIndex: 'state_dictText', width: 70, align: 'center' },
    { title: '提交数', dataIndex: 'answerCount', width: 80, align: 'center' },
    {
      title: '操作', key: 'op', width: 240,
      render: (_, r) => (
        <Space size={0} wrap>
          <RowAction code={XdscPerm.SAVE} onClick={() => openForm(r)} data-testid={`xdsc-edit-${r.id}`}>
            编辑
          </RowAction>
          <RowAction code={XdscPerm.ANSWERS} onClick={() => setAnswersOf(r)} data-testid={`xdsc-answers-${r.id}`}>
            提交记录
          </RowAction>
          <RowAction code={XdscPerm.STATE} onClick={() => void toggle(r).catch(() => undefined)} data-testid={`xdsc-state-${r.id}`}>
            {r.state === 0 ? '停用' : '启用'}
          </RowAction>
          <RowAction code={XdscPerm.DELETE} danger onClick={() => remove([r.id])}>
            删除
          </RowAction>
        </Space>
      ),
    },
  ];

  return (
    <>
      <TitleSearch placeholder="搜索标题" onSearch={(title) => list.paging.search(title ? { title, classId } : { classId })} />
      <ListToolbar>
        <PermButton code={XdscPerm.SAVE} type="primary" icon={<PlusOutlined />} data-testid="xdsc-add" onClick={() => openForm(null)}>
          添加
        </PermButton>
        <BatchDeleteButton code={XdscPerm.DELETE} onClick={() => remove(list.selected)} />
      </ListToolbar>
      <PagedTable<XdscRecord> list={list} columns={columns} selectable={hasPerm(XdscPerm.DELETE)} scroll={{ x: 1000 }} data-testid="xdsc-table" />
      <XdscFormModal open={formOpen} record={editing} classId={classId} onClose={() => setFormOpen(false)} onSaved={list.refresh} />
      <XdscAnswersDrawer form={answersOf} onClose={() => setAnswersOf(null)} />
    </>
  );
}

export default function ListXdsc() {
  return (
    <Card className="page">
      <XdscList classId="" />
    </Card>
  );
}
