/**
 * The 培训任务 tab of the class management drawer (CLASS_ADMIN_SECTIONS 'task'; /api/task/bj): the
 * class's tasks paged (deadline, required, files allowed, submitted / reviewed counts), 添加 / 编辑
 * in TaskFormModal, 删除 with confirmation, and 提交情况 (TaskSubmitsDrawer) with the 批阅 dialog.
 */
import { useState } from 'react';
import { Space, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ClassTaskPerm, classTaskApi, type TaskRecord } from '@kaopei/contracts/class-task';
import { call } from '../../../api/request';
import { PermButton, RowAction } from '../../../components/Perm';
import { BatchDeleteButton, ListToolbar, PagedTable } from '../../../components/PagedTable';
import { useDeleteAction, usePagedList } from '../../../components/paging';
import type { ClassAdminSectionProps } from '../train-class/adminSections';
import { TaskFormModal } from './TaskFormModal';
import { TaskSubmitsDrawer } from './TaskSubmitsDrawer';

export default function ClassTasksAdmin({ cls }: ClassAdminSectionProps) {
  const [editing, setEditing] = useState<TaskRecord | null | undefined>(undefined);
  const [submitsOf, setSubmitsOf] = useState<TaskRecord | null>(null);
  const list = usePagedList<Record<string, never>, TaskRecord>(`class-tasks-${cls.id}`, (current, size) => call(classTaskApi.paging, { current, size, params: { classId: cls.id } }), {});
  const remove = useDeleteAction((ids) => call(classTaskApi.delete, { ids }), list.refresh);

  const columns: TableColumnsType<TaskRecord> = [
    { title: '任务标题', dataIndex: 'title', ellipsis: true },
    { title: '截止时间', dataIndex: 'deadline', width: 170 },
    { title: '必做', dataIndex: 'required', width: 70, render: (v: boolean) => (v ? <Tag color="blue">必做</Tag> : '选做') },
    { title: '附件', dataIndex: 'allowFiles', width: 70, render: (v: boolean) => (v ? '允许' : '不允许') },
    { title: '已提交', dataIndex: 'submitCount', width: 80 },
    { title: '已批阅', dataIndex: 'reviewCount', width: 80 },
    {
      title: '操作',
      key: 'op',
      width: 200,
      render: (_, r) => (
        <Space size={0}>
          <RowAction code={ClassTaskPerm.LIST} onClick={() => setSubmitsOf(r)} data-testid={`task-submits-${r.id}`}>
            提交情况
          </RowAction>
          <RowAction code={ClassTaskPerm.SAVE} onClick={() => setEditing(r)} data-testid={`task-edit-${r.id}`}>
            编辑
          </RowAction>
          <RowAction code={ClassTaskPerm.DELETE} danger onClick={() => remove([r.id])} data-testid={`task-delete-${r.id}`}>
            删除
          </RowAction>
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="task-admin">
      <ListToolbar>
        <PermButton code={ClassTaskPerm.SAVE} type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="task-add">
          添加任务
        </PermButton>
        <BatchDeleteButton code={ClassTaskPerm.DELETE} onClick={() => remove(list.selected)} />
      </ListToolbar>
      <PagedTable<TaskRecord> list={list} columns={columns} selectable scroll={{ x: 800 }} />
      <TaskFormModal open={editing !== undefined} classId={cls.id} record={editing ?? null} onClose={() => setEditing(undefined)} onSaved={list.refresh} />
      {submitsOf ? <TaskSubmitsDrawer task={submitsOf} onClose={() => setSubmitsOf(null)} onChanged={list.refresh} /> : null}
    </div>
  );
}
