/**
 * /admin/trainClass/list — 培训管理 → 培训班 (issue 13 "Classes"): title search, paged table (title,
 * type, dates, seats / capacity, audit, open type, courses, state), add / edit (ClassFormModal),
 * enable / disable ('状态修改成功!'), delete and batch delete with confirmation, 学员
 * (ClassStudentsDialog: sign-ups, audit with a message, assign), 课程 (ClassCoursesDialog:
 * /api/bjvrkc) and 管理 (ClassManageDrawer: the tabs other modules add in adminSections.tsx).
 * Buttons per permission code.
 */
import { useState } from 'react';
import { Card, Space, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { COMMON_STATE_LABEL } from '@kaopei/contracts';
import { TrainClassPerm, trainClassApi, type ClassRecord } from '@kaopei/contracts/train-class';
import { call } from '../../../api/request';
import { useAuth } from '../../../store/auth';
import { PermButton, RowAction } from '../../../components/Perm';
import { TitleSearch } from '../../../components/SearchBar';
import { BatchDeleteButton, BatchStateButtons, ListToolbar, PagedTable } from '../../../components/PagedTable';
import { useDeleteAction, usePagedList, useStateAction } from '../../../components/paging';
import { ClassFormModal } from './ClassFormModal';
import { ClassStudentsDialog } from './ClassStudentsDialog';
import { ClassCoursesDialog } from './ClassCoursesDialog';
import { ClassManageDrawer } from './ClassManageDrawer';

export default function ListTrainClass() {
  const { hasPerm } = useAuth();
  const list = usePagedList<{ title: string }, ClassRecord>(
    'train-class-list',
    (current, size, { title }) => call(trainClassApi.list, { current, size, params: title ? { title } : {} }),
    { title: '' },
  );
  const { refresh, selected } = list;
  const [editing, setEditing] = useState<{ record: ClassRecord | null } | null>(null);
  const [students, setStudents] = useState<ClassRecord | null>(null);
  const [courses, setCourses] = useState<ClassRecord | null>(null);
  const [managing, setManaging] = useState<ClassRecord | null>(null);
  const remove = useDeleteAction((ids) => call(trainClassApi.delete, { ids }), refresh);

  const changeState = useStateAction((ids, state) => call(trainClassApi.state, { ids, state }), refresh);

  const columns: TableColumnsType<ClassRecord> = [
    { title: '培训班名称', dataIndex: 'title', ellipsis: true },
    { title: '类型', dataIndex: 'classType_dictText', width: 80 },
    { title: '培训时间', key: 'time', width: 200, render: (_, r) => `${r.startTime.slice(0, 16)} 至 ${r.endTime.slice(0, 16)}` },
    { title: '报名/名额', key: 'seats', width: 100, render: (_, r) => (r.capacity > 0 ? `${r.seats}/${r.capacity}` : `${r.seats}/不限`) },
    { title: '审核', dataIndex: 'needAudit', width: 70, render: (v: boolean) => (v ? '需要' : '不需要') },
    { title: '开放类型', dataIndex: 'openType_dictText', width: 90 },
    { title: '课程数', dataIndex: 'courseCount', width: 70 },
    { title: '状态', dataIndex: 'state', width: 80, render: (s: number, r) => <Tag color={s === 0 ? 'green' : 'default'}>{r.state_dictText || COMMON_STATE_LABEL[s]}</Tag> },
    {
      title: '操作',
      key: 'op',
      width: 340,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <RowAction code={TrainClassPerm.UPDATE} onClick={() => setEditing({ record: r })} data-testid={`class-edit-${r.id}`}>
            编辑
          </RowAction>
          <RowAction code={TrainClassPerm.STUDENTS} onClick={() => setStudents(r)} data-testid={`class-students-${r.id}`}>
            学员
          </RowAction>
          <RowAction code={TrainClassPerm.COURSE} onClick={() => setCourses(r)} data-testid={`class-courses-${r.id}`}>
            课程
          </RowAction>
          <RowAction code={TrainClassPerm.UPDATE} onClick={() => setManaging(r)} data-testid={`class-manage-${r.id}`}>
            管理
          </RowAction>
          <RowAction code={TrainClassPerm.STATE} onClick={() => void changeState([r.id], r.state === 0 ? 1 : 0)} data-testid={`class-state-${r.id}`}>
            {r.state === 0 ? '停用' : '启用'}
          </RowAction>
          <RowAction code={TrainClassPerm.DELETE} danger onClick={() => remove([r.id])}>
            删除
          </RowAction>
        </Space>
      ),
    },
  ];

  return (
    <Card className="page">
      <TitleSearch placeholder="搜索培训班名称" onSearch={(title) => list.paging.search({ title })} />
      <ListToolbar>
        <PermButton code={TrainClassPerm.ADD} type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ record: null })} data-testid="class-add">
          添加
        </PermButton>
        <BatchStateButtons code={TrainClassPerm.STATE} onState={(state) => void changeState(selected, state)} />
        <BatchDeleteButton code={TrainClassPerm.DELETE} onClick={() => remove(selected)} />
      </ListToolbar>
      <PagedTable<ClassRecord> list={list} columns={columns} selectable={hasPerm([TrainClassPerm.DELETE, TrainClassPerm.STATE])} scroll={{ x: 1300 }} />
      <ClassFormModal open={editing !== null} record={editing?.record ?? null} onClose={() => setEditing(null)} onSaved={refresh} />
      <ClassStudentsDialog cls={students} onClose={() => setStudents(null)} onChanged={refresh} />
      <ClassCoursesDialog cls={courses} onClose={() => setCourses(null)} onSaved={refresh} />
      <ClassManageDrawer cls={managing} onClose={() => setManaging(null)} onChanged={refresh} />
    </Card>
  );
}
