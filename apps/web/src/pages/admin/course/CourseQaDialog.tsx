/**
 * The learners' questions on one course (admin ListCourse → 问答; SPEC §3 "Course Q&A", /api/course/qa/*):
 * the questions with their replies (newest first) and, under each, a reply box for holders of
 * course:qa:reply (a save with parentId; '操作成功！').
 */
import { useState } from 'react';
import { App, Button, Input, Modal, Space } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CourseRecord } from '@kaopei/contracts/course';
import { courseQaApi } from '@kaopei/contracts/course-qa';
import { call } from '../../../api/request';
import { QaList } from '../../web/course/QaList';

interface Props {
  course: CourseRecord | null;
  onClose: () => void;
}

export function CourseQaDialog({ course, onClose }: Props) {
  const { message } = App.useApp();
  const [current, setCurrent] = useState(1);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const query = useQuery({
    queryKey: ['course-qa-admin', course?.id, current],
    queryFn: () => call(courseQaApi.paging, { current, size: 10, params: { courseId: course?.id ?? '' } }),
    enabled: course !== null,
    placeholderData: keepPreviousData,
  });
  const reply = async (parentId: string) => {
    const content = (drafts[parentId] ?? '').trim();
    if (!course || !content) {
      message.warning('内容不能为空！');
      return;
    }
    try {
      await call(courseQaApi.save, { courseId: course.id, parentId, content });
      message.success('操作成功！');
      setDrafts((d) => ({ ...d, [parentId]: '' }));
      void query.refetch();
    } catch {
      // shown by the request helper
    }
  };
  return (
    <Modal open={course !== null} title={`课程问答：${course?.title ?? ''}`} width="60%" footer={null} onCancel={onClose} destroyOnHidden>
      <QaList
        page={query.data}
        loading={query.isFetching}
        onPage={setCurrent}
        renderExtra={(q) => (
          <Space.Compact style={{ width: '100%', marginTop: 8 }}>
            <Input value={drafts[q.id] ?? ''} maxLength={2000} placeholder="回复学员" onChange={(e) => setDrafts((d) => ({ ...d, [q.id]: e.target.value }))} data-testid={`course-qa-reply-${q.id}`} />
            <Button type="primary" onClick={() => void reply(q.id)} data-testid={`course-qa-send-${q.id}`}>
              回复
            </Button>
          </Space.Compact>
        )}
      />
    </Modal>
  );
}
