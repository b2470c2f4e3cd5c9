/**
 * 课程 of a training class (admin ListTrainClass; /api/bjvrkc/detail and /saveOrUpdate): the linked
 * courses in order with a required flag (必修 counts toward progress and completion); add a course
 * from the enabled courses (select, size 100, title search), move up / down, remove, 保存.
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Modal, Space, Spin, Switch, Table, type TableColumnsType } from 'antd';
import { courseApi } from '@kaopei/contracts/course';
import { classCourseApi, type ClassRecord } from '@kaopei/contracts/train-class';
import { call } from '../../../api/request';
import { TitleSelect } from '../../../components/TitleSelect';

interface Row {
  courseId: string;
  title: string;
  required: boolean;
}

interface Props {
  cls: ClassRecord | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Mounted only while a class is chosen, so each opening starts from the saved list. */
export function ClassCoursesDialog({ cls, ...rest }: Props) {
  return cls ? <CoursesBody cls={cls} {...rest} /> : null;
}

function CoursesBody({ cls, onClose, onSaved }: Props & { cls: ClassRecord }) {
  const { message } = App.useApp();
  const [rows, setRows] = useState<Row[]>([]);
  const [saving, setSaving] = useState(false);
  const detail = useQuery({ queryKey: ['class-courses', cls.id], queryFn: () => call(classCourseApi.detail, { classId: cls.id }), refetchOnMount: 'always' });
  useEffect(() => {
    if (detail.data) setRows(detail.data.map((r) => ({ courseId: r.courseId, title: r.courseId_dictText, required: r.required })));
  }, [detail.data]);

  const move = (i: number, d: -1 | 1) =>
    setRows((rs) => {
      const next = [...rs];
      const [x] = next.splice(i, 1);
      if (x) next.splice(i + d, 0, x);
      return next;
    });
  const save = async () => {
    setSaving(true);
    try {
      await call(classCourseApi.saveOrUpdate, { classId: cls.id, courseList: rows.map((r, i) => ({ courseId: r.courseId, sort: i + 1, required: r.required })) });
      message.success('操作成功！');
      onSaved();
      onClose();
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };

  const columns: TableColumnsType<Row> = [
    { title: '课程', dataIndex: 'title', ellipsis: true },
    { title: '必修', dataIndex: 'required', width: 80, render: (v: boolean, _r, i) => <Switch checked={v} onChange={(c) => setRows((rs) => rs.map((x, j) => (j === i ? { ...x, required: c } : x)))} /> },
    {
      title: '操作',
      key: 'op',
      width: 200,
      render: (_, _r, i) => (
        <Space size={0}>
          <Button type="link" disabled={i === 0} onClick={() => move(i, -1)}>上移</Button>
          <Button type="link" disabled={i === rows.length - 1} onClick={() => move(i, 1)}>下移</Button>
          <Button type="link" danger onClick={() => setRows((rs) => rs.filter((_x, j) => j !== i))}>移除</Button>
        </Space>
      ),
    },
  ];

  return (
    <Modal open title={`培训课程：${cls.title}`} width={760} onCancel={onClose} onOk={save} confirmLoading={saving} okText="保存" cancelText="取消" destroyOnHidden okButtonProps={{ 'data-testid': 'class-courses-save' } as Record<string, string>}>
      <Spin spinning={detail.isFetching}>
        <TitleSelect
          queryKey="class-course-select"
          placeholder="添加课程"
          style={{ width: 360, marginBottom: 12 }}
          value={undefined}
          testIdPrefix="class-course-option"
          fetch={async (keyword) => call(courseApi.paging, { current: 1, size: 100, params: { type: 1, ...(keyword ? { title: keyword } : {}) } })}
          onChange={(courseId: string, option) => {
            if (!courseId || rows.some((r) => r.courseId === courseId)) return;
            const label = (Array.isArray(option) ? '' : String(option?.label ?? '')) || courseId;
            setRows((rs) => [...rs, { courseId, title: label, required: true }]);
          }}
          data-testid="class-course-select"
        />
        <Table<Row> rowKey="courseId" size="small" pagination={false} columns={columns} dataSource={rows} />
      </Spin>
    </Modal>
  );
}
