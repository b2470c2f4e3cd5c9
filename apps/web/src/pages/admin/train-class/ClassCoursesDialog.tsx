/**
 * 课程 of a training class (admin ListTrainClass; /api/bjvrkc/detail and /saveOrUpdate): the linked
 * courses in order with a required flag (必修 counts toward progress and completion); add a course
 * from the enabled courses (select, size 100, title search), move up / down, remove, 保存.
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Modal, Spin } from 'antd';
import { courseApi } from '@kaopei/contracts/course';
import { classCourseApi, type ClassRecord } from '@kaopei/contracts/train-class';
import { call } from '../../../api/request';
import { LinkRowsTable, type LinkRow } from '../../../components/LinkRowsTable';
import { TitleSelect } from '../../../components/TitleSelect';

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
  const [rows, setRows] = useState<LinkRow[]>([]);
  const [saving, setSaving] = useState(false);
  const detail = useQuery({ queryKey: ['class-courses', cls.id], queryFn: () => call(classCourseApi.detail, { classId: cls.id }), refetchOnMount: 'always' });
  useEffect(() => {
    if (detail.data) setRows(detail.data.map((r) => ({ id: r.courseId, title: r.courseId_dictText, required: r.required })));
  }, [detail.data]);

  const save = async () => {
    setSaving(true);
    try {
      await call(classCourseApi.saveOrUpdate, { classId: cls.id, courseList: rows.map((r, i) => ({ courseId: r.id, sort: i + 1, required: r.required })) });
      message.success('操作成功！');
      onSaved();
      onClose();
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };

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
            if (!courseId || rows.some((r) => r.id === courseId)) return;
            const label = (Array.isArray(option) ? '' : String(option?.label ?? '')) || courseId;
            setRows((rs) => [...rs, { id: courseId, title: label, required: true }]);
          }}
          data-testid="class-course-select"
        />
        <LinkRowsTable rows={rows} onChange={setRows} itemTitle="课程" requiredTitle="必修" />
      </Spin>
    </Modal>
  );
}
