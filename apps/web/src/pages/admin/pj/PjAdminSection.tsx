/**
 * 培训评估 tab of the class management drawer (issue 13 "Evaluations"; CLASS_ADMIN_SECTIONS 'eval'):
 * the class's questionnaires (paged, title search), add / edit with the item editor
 * (PjFormModal), enable / disable, delete with confirmation, and the 结果 drawer (PjResultDrawer).
 */
import { useState } from 'react';
import { Space, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { PjPerm, pjApi, pjWindowText, type PjRecord } from '@kaopei/contracts/pj';
import { call } from '../../../api/request';
import { PermButton, RowAction, usePerm } from '../../../components/Perm';
import { TitleSearch } from '../../../components/SearchBar';
import { BatchDeleteButton, BatchStateButtons, ListToolbar, PagedTable } from '../../../components/PagedTable';
import { useDeleteAction, usePagedList, useStateAction } from '../../../components/paging';
import type { ClassAdminSectionProps } from '../train-class/adminSections';
import { PjFormModal } from './PjFormModal';
import { PjResultDrawer } from './PjResultDrawer';

export default function PjAdminSection({ cls }: ClassAdminSectionProps) {
  const can = usePerm();
  const list = usePagedList<{ title: string }, PjRecord>(
    `pj-paging-${cls.id}`,
    (current, size, { title }) => call(pjApi.paging, { current, size, params: { classId: cls.id, ...(title ? { title } : {}) } }),
    { title: '' },
  );
  const { refresh, selected } = list;
  const [editing, setEditing] = useState<{ record: PjRecord | null } | null>(null);
  const [result, setResult] = useState<PjRecord | null>(null);
  const remove = useDeleteAction((ids) => call(pjApi.delete, { ids }), refresh);

  const changeState = useStateAction((ids, state) => call(pjApi.state, { ids, state }), refresh);

  const columns: TableColumnsType<PjRecord> = [
    { title: '问卷标题', dataIndex: 'title', ellipsis: true },
    { title: '评价项', key: 'items', width: 70, render: (_, r) => r.items.length },
    { title: '评价时间', key: 'time', width: 220, render: (_, r) => pjWindowText(r) },
    { title: '已评价', dataIndex: 'answerCount', width: 70 },
    { title: '状态', dataIndex: 'state', width: 70, render: (s: number, r) => <Tag color={s === 0 ? 'green' : 'default'}>{r.state_dictText}</Tag> },
    {
      title: '操作',
      key: 'op',
      width: 240,
      render: (_, r) => (
        <Space size={0}>
          <RowAction code={PjPerm.SAVE} onClick={() => setEditing({ record: r })} data-testid={`pj-edit-${r.id}`}>
            编辑
          </RowAction>
          <RowAction code={PjPerm.RESULT} onClick={() => setResult(r)} data-testid={`pj-result-${r.id}`}>
            结果
          </RowAction>
          <RowAction code={PjPerm.SAVE} onClick={() => void changeState([r.id], r.state === 0 ? 1 : 0)} data-testid={`pj-state-${r.id}`}>
            {r.state === 0 ? '停用' : '启用'}
          </RowAction>
          <RowAction code={PjPerm.DELETE} danger onClick={() => remove([r.id])} data-testid={`pj-delete-${r.id}`}>
            删除
          </RowAction>
        </Space>
      ),
    },
  ];

  return (
    <div>
      <TitleSearch placeholder="搜索问卷标题" onSearch={(title) => list.paging.search({ title })} />
      <ListToolbar>
        <PermButton code={PjPerm.SAVE} type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ record: null })} data-testid="pj-add">
          添加问卷
        </PermButton>
        <BatchStateButtons code={PjPerm.SAVE} onState={(state) => void changeState(selected, state)} />
        <BatchDeleteButton code={PjPerm.DELETE} onClick={() => remove(selected)} />
      </ListToolbar>
      <PagedTable<PjRecord> list={list} columns={columns} selectable={can([PjPerm.DELETE, PjPerm.SAVE])} scroll={{ x: 800 }} data-testid="pj-table" />
      <PjFormModal classId={cls.id} open={editing !== null} record={editing?.record ?? null} onClose={() => setEditing(null)} onSaved={refresh} />
      <PjResultDrawer record={result} onClose={() => setResult(null)} />
    </div>
  );
}
