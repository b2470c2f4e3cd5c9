/**
 * /admin/course/list — courses (admin ListCourse; SPEC §2 paging tables, issue 11): title search,
 * paged table (title, open type, price as money / points / free, files and required study time,
 * settings, state tag), add / edit (CourseFormModal), enable / disable (/api/course/course/state;
 * '状态修改成功!'), delete and batch delete with confirmation, 通知 (prepare-notify: the course.publish
 * message to the learners it is open to, a background job), 申请 (CourseBuyDialog: the learners'
 * purchases and applications, approve / reject), 问答 (CourseQaDialog: questions and replies) and 统计
 * (CourseStat).
 * Buttons per permission code.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { App, Card, Space, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { COMMON_STATE_LABEL } from '@kaopei/contracts';
import { courseApi, CoursePerm, type CourseRecord } from '@kaopei/contracts/course';
import { CourseFacePerm } from '@kaopei/contracts/course-face';
import { call } from '../../../api/request';
import { useAuth } from '../../../store/auth';
import { PermButton, RowAction } from '../../../components/Perm';
import { TitleSearch } from '../../../components/SearchBar';
import { BatchDeleteButton, ListToolbar, PagedTable } from '../../../components/PagedTable';
import { SELECT_ONE, useDeleteAction, usePagedList } from '../../../components/paging';
import { formatDuration } from '../../../utils/format';
import { CourseFormModal } from './CourseFormModal';
import { CourseBuyDialog } from './CourseBuyDialog';
import { CourseQaDialog } from './CourseQaDialog';
import { CourseFaceDialog } from './CourseFaceDialog';

export default function ListCourse() {
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const { hasPerm } = useAuth();
  const list = usePagedList<{ title: string }, CourseRecord>(
    'course-paging',
    (current, size, { title }) => call(courseApi.paging, { current, size, params: title ? { title } : {} }),
    { title: '' },
  );
  const { refresh, selected } = list;
  const [editing, setEditing] = useState<{ record: CourseRecord | null } | null>(null);
  const [buying, setBuying] = useState<CourseRecord | null>(null);
  const [asking, setAsking] = useState<CourseRecord | null>(null);
  const [facing, setFacing] = useState<CourseRecord | null>(null);
  const remove = useDeleteAction((ids) => call(courseApi.delete, { ids }), refresh);

  const changeState = async (ids: string[], state: number) => {
    if (ids.length === 0) {
      message.warning(SELECT_ONE);
      return;
    }
    try {
      await call(courseApi.state, { ids, state: state as 0 | 1 });
      message.success('状态修改成功!');
      refresh();
    } catch {
      // shown by the request helper
    }
  };

  const notify = (r: CourseRecord) =>
    modal.confirm({
      title: '发送课程通知',
      content: `向课程「${r.title}」开放的学员发送课程通知？已收到的学员不会重复收到。`,
      onOk: async () => {
        try {
          await call(courseApi.prepareNotify, { id: r.id });
          message.success('通知已开始发送！');
        } catch {
          // shown by the request helper
        }
      },
    });

  const columns: TableColumnsType<CourseRecord> = [
    { title: '课程名称', dataIndex: 'title', ellipsis: true },
    { title: '开放类型', dataIndex: 'openType_dictText', width: 90 },
    { title: '价格', dataIndex: 'priceText', width: 140 },
    { title: '课件数', dataIndex: 'fileCount', width: 70 },
    { title: '要求学时', dataIndex: 'totalSec', width: 120, render: (s: number) => formatDuration(s) },
    { title: '拖动', dataIndex: 'videoDrag', width: 70, render: (v: boolean) => (v ? '允许' : '禁止') },
    { title: '验证码', key: 'check', width: 100, render: (_, r) => (r.checkOn ? `每${Math.round(r.checkSec / 60)}分钟` : '关闭') },
    { title: '人脸核验', key: 'face', width: 100, render: (_, r) => (r.faceOn ? `每${r.faceInterval}分钟` : '关闭') },
    { title: '创建人', dataIndex: 'createBy_dictText', width: 100, ellipsis: true },
    { title: '更新时间', dataIndex: 'updateTime', width: 170 },
    {
      title: '状态',
      dataIndex: 'state',
      width: 80,
      render: (s: number, r) => <Tag color={s === 0 ? 'green' : 'default'}>{r.state_dictText || COMMON_STATE_LABEL[s]}</Tag>,
    },
    {
      title: '操作',
      key: 'op',
      width: 420,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <RowAction code={CoursePerm.UPDATE} onClick={() => setEditing({ record: r })} data-testid={`course-edit-${r.id}`}>
            编辑
          </RowAction>
          <RowAction code={CoursePerm.STATE} onClick={() => changeState([r.id], r.state === 0 ? 1 : 0)} data-testid={`course-state-${r.id}`}>
            {r.state === 0 ? '禁用' : '启用'}
          </RowAction>
          <RowAction code={CoursePerm.UPDATE} onClick={() => notify(r)} data-testid={`course-notify-${r.id}`}>
            通知
          </RowAction>
          <RowAction code={CoursePerm.BUY_AUDIT} onClick={() => setBuying(r)} data-testid={`course-buy-${r.id}`}>
            申请
          </RowAction>
          <RowAction code={CoursePerm.QA_REPLY} onClick={() => setAsking(r)} data-testid={`course-qa-${r.id}`}>
            问答
          </RowAction>
          <RowAction code={CourseFacePerm.VIEW} onClick={() => setFacing(r)} data-testid={`course-face-${r.id}`}>
            人脸
          </RowAction>
          <RowAction code={CoursePerm.STAT} onClick={() => navigate(`/admin/course/stat/${encodeURIComponent(r.id)}`)} data-testid={`course-stat-${r.id}`}>
            统计
          </RowAction>
          <RowAction code={CoursePerm.DELETE} danger onClick={() => remove([r.id])}>
            删除
          </RowAction>
        </Space>
      ),
    },
  ];

  return (
    <Card className="page">
      <TitleSearch placeholder="搜索课程名称" onSearch={(title) => list.paging.search({ title })} />
      <ListToolbar>
        <PermButton code={CoursePerm.ADD} type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ record: null })} data-testid="course-add">
          添加
        </PermButton>
        <PermButton code={CoursePerm.STATE} onClick={() => changeState(selected, 0)}>
          批量启用
        </PermButton>
        <PermButton code={CoursePerm.STATE} onClick={() => changeState(selected, 1)}>
          批量禁用
        </PermButton>
        <BatchDeleteButton code={CoursePerm.DELETE} onClick={() => remove(selected)} />
      </ListToolbar>
      <PagedTable<CourseRecord> list={list} columns={columns} selectable={hasPerm([CoursePerm.DELETE, CoursePerm.STATE])} scroll={{ x: 1500 }} />
      <CourseFormModal open={editing !== null} record={editing?.record ?? null} onClose={() => setEditing(null)} onSaved={refresh} />
      <CourseBuyDialog course={buying} onClose={() => setBuying(null)} />
      <CourseQaDialog course={asking} onClose={() => setAsking(null)} />
      <CourseFaceDialog course={facing} onClose={() => setFacing(null)} />
    </Card>
  );
}
