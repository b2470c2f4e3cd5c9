/**
 * 课程问答 — the learner's course Q&A tab of /web/uc (`?to=courseQa`; SPEC §2 "Course Q&A list with
 * replies, a mine/all switch and a course filter"): ask a question on one of my courses, and the
 * questions (mine or all, of one course or every course I can see) with their replies.
 */
import { useState } from 'react';
import { App, Button, Card, Input, Radio, Select, Space } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { courseApi } from '@kaopei/contracts/course';
import { courseQaApi } from '@kaopei/contracts/course-qa';
import { call } from '../../../api/request';
import { QaList } from './QaList';

export default function CourseQaCenter() {
  const { message } = App.useApp();
  const [isMine, setIsMine] = useState(false);
  const [courseId, setCourseId] = useState<string | undefined>();
  const [current, setCurrent] = useState(1);
  const [askOn, setAskOn] = useState<string | undefined>();
  const [content, setContent] = useState('');
  const [sending, setSending] = useState(false);
  // SPEC §9 select widgets: page 1, size 100.
  const courses = useQuery({ queryKey: ['course-user-paging', 'select'], queryFn: () => call(courseApi.userPaging, { current: 1, size: 100 }) });
  const options = (courses.data?.records ?? []).map((c) => ({ value: c.id, label: c.title }));
  const list = useQuery({
    queryKey: ['course-qa-paging', isMine, courseId, current],
    queryFn: () => call(courseQaApi.paging, { current, size: 10, params: { isMine, ...(courseId ? { courseId } : {}) } }),
    placeholderData: keepPreviousData,
  });
  const ask = async () => {
    if (!askOn) {
      message.warning('请选择课程！');
      return;
    }
    if (!content.trim()) {
      message.warning('内容不能为空！');
      return;
    }
    setSending(true);
    try {
      await call(courseQaApi.save, { courseId: askOn, content: content.trim() });
      message.success('操作成功！');
      setContent('');
      void list.refetch();
    } catch {
      // shown by the request helper
    } finally {
      setSending(false);
    }
  };
  return (
    <div>
      <Card size="small" title="我要提问" style={{ marginBottom: 16 }}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Select allowClear placeholder="请选择课程" options={options} value={askOn} onChange={setAskOn} style={{ maxWidth: 360, width: '100%' }} showSearch={{ optionFilterProp: 'label' }} data-testid="qa-ask-course" />
          <Input.TextArea value={content} onChange={(e) => setContent(e.target.value)} maxLength={2000} autoSize={{ minRows: 2, maxRows: 6 }} placeholder="请输入您的问题" data-testid="qa-ask-content" />
          <Button type="primary" loading={sending} onClick={() => void ask()} data-testid="qa-ask-submit">
            提交问题
          </Button>
        </Space>
      </Card>
      <Space wrap style={{ marginBottom: 12 }}>
        <Radio.Group
          optionType="button"
          value={isMine}
          onChange={(e) => {
            setIsMine(e.target.value as boolean);
            setCurrent(1);
          }}
          options={[
            { value: false, label: '全部问答' },
            { value: true, label: '我的问答' },
          ]}
          data-testid="qa-mine-switch"
        />
        <Select
          allowClear
          placeholder="按课程筛选"
          options={options}
          value={courseId}
          onChange={(v) => {
            setCourseId(v);
            setCurrent(1);
          }}
          style={{ width: 260 }}
          showSearch={{ optionFilterProp: 'label' }}
          data-testid="qa-course-filter"
        />
      </Space>
      <QaList page={list.data} loading={list.isFetching} onPage={setCurrent} />
    </div>
  );
}
