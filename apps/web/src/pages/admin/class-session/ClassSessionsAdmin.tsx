/**
 * 面授签到 tab of the class management drawer (issue 13 "Face-to-face training"): the class's
 * lessons (paged: time, venue, teacher, 必修, geofence, signed count), 添加 / 编辑 / 删除 (with
 * confirmation), 签到二维码 (SignQrModal) and 考勤 (AttendanceDrawer with 补签 and 导出). Buttons per
 * permission (train:lesson:*).
 */
import { useState } from 'react';
import { Space, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { LessonPerm, lessonApi, type LessonRecord } from '@kaopei/contracts/class-session';
import { call } from '../../../api/request';
import { PermButton, RowAction } from '../../../components/Perm';
import { ListToolbar, PagedTable } from '../../../components/PagedTable';
import { useDeleteAction, usePagedList } from '../../../components/paging';
import type { ClassAdminSectionProps } from '../train-class/adminSections';
import { AttendanceDrawer } from './AttendanceDrawer';
import { LessonFormModal } from './LessonFormModal';
import { SignQrModal } from './SignQrModal';

export default function ClassSessionsAdmin({ cls, onChanged }: ClassAdminSectionProps) {
  const list = usePagedList<Record<string, never>, LessonRecord>(`class-lessons-${cls.id}`, (current, size) => call(lessonApi.paging, { current, size, params: { classId: cls.id } }), {});
  const [editing, setEditing] = useState<LessonRecord | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [qrOf, setQrOf] = useState<LessonRecord | null>(null);
  const [attendOf, setAttendOf] = useState<LessonRecord | null>(null);
  const remove = useDeleteAction((ids) => call(lessonApi.delete, { ids }), list.refresh);
  const openForm = (r: LessonRecord | null) => {
    setEditing(r);
    setFormOpen(true);
  };

  const columns: TableColumnsType<LessonRecord> = [
    { title: '课次名称', dataIndex: 'title', ellipsis: true },
    { title: '上课时间', key: 'time', width: 190, render: (_, r) => `${r.startTime.slice(0, 16)} 至 ${r.endTime.slice(11, 16)}` },
    { title: '地点', dataIndex: 'place', width: 130, ellipsis: true },
    { title: '讲师', dataIndex: 'teacher', width: 90, ellipsis: true },
    { title: '必修', dataIndex: 'required', width: 60, render: (v: boolean) => (v ? <Tag color="blue">是</Tag> : '否') },
    { title: '签到范围', dataIndex: 'radius', width: 90, render: (v: number) => (v ? `${v} 米` : '不限') },
    { title: '已签到', dataIndex: 'signedCount', width: 70, align: 'center' },
    {
      title: '操作',
      key: 'op',
      width: 230,
      render: (_, r) => (
        <Space size={0} wrap>
          <RowAction code={LessonPerm.QR} onClick={() => setQrOf(r)} data-testid={`lesson-qr-${r.id}`}>
            签到二维码
          </RowAction>
          <RowAction code={LessonPerm.ATTEND} onClick={() => setAttendOf(r)} data-testid={`lesson-attend-${r.id}`}>
            考勤
          </RowAction>
          <RowAction code={LessonPerm.SAVE} onClick={() => openForm(r)} data-testid={`lesson-edit-${r.id}`}>
            编辑
          </RowAction>
          <RowAction code={LessonPerm.DELETE} danger onClick={() => remove([r.id])} data-testid={`lesson-delete-${r.id}`}>
            删除
          </RowAction>
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="class-lessons">
      <ListToolbar>
        <PermButton code={LessonPerm.SAVE} type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)} data-testid="lesson-add">
          添加课次
        </PermButton>
      </ListToolbar>
      <PagedTable<LessonRecord> list={list} columns={columns} scroll={{ x: 900 }} />
      <LessonFormModal open={formOpen} classId={cls.id} record={editing} onClose={() => setFormOpen(false)} onSaved={list.refresh} />
      <SignQrModal lesson={qrOf} onClose={() => setQrOf(null)} />
      <AttendanceDrawer
        lesson={attendOf}
        onClose={() => setAttendOf(null)}
        onChanged={() => {
          list.refresh();
          onChanged();
        }}
      />
    </div>
  );
}
