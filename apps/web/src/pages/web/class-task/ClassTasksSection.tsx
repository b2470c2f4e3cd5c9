/**
 * The learner's 培训任务 tab of the class page (CLASS_SECTIONS 'task'; /api/task/bj/my-list,
 * /submit): the class's tasks (paged in the list) with the deadline, the state 未提交 / 已提交 /
 * 已批阅, score and comment once reviewed, and 提交 / 重新提交 (text and files through the upload
 * endpoint) until the deadline and before review.
 */
import { useState } from 'react';
import { App, Card, Empty, Form, Input, List, Modal, Space, Spin, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { TASK_FILES_MAX, TASK_MSG, TASK_TEXT_MAX, TaskSubmitState, classTaskApi, type TaskMyRecord } from '@kaopei/contracts/class-task';
import { call } from '../../../api/request';
import { FileUpload } from '../../../components/FileUpload';
import { RichText } from '../../../components/RichText';
import type { ClassSectionProps } from '../train-class/sections';
import { TaskFiles } from './TaskFiles';

const COLOR: Record<number, string> = { 0: 'default', 1: 'orange', 2: 'green' };

/** The shown name of an uploaded url: its last path segment. */
const nameOf = (url: string) => decodeURIComponent(url.split('?')[0]?.split('/').pop() ?? url);

export default function ClassTasksSection({ detail }: ClassSectionProps) {
  const { message } = App.useApp();
  const [submitting, setSubmitting] = useState<TaskMyRecord | null>(null);
  const [content, setContent] = useState('');
  const [urls, setUrls] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const tasks = useQuery({ queryKey: ['class-task-mine', detail.id], queryFn: () => call(classTaskApi.myList, { classId: detail.id }) });

  const open = (t: TaskMyRecord) => {
    setContent(t.myContent);
    setUrls(t.myFiles.map((f) => f.url));
    setSubmitting(t);
  };
  const submit = async () => {
    if (!submitting) return;
    if (!content.trim() && !urls.length) {
      message.warning(TASK_MSG.submitEmpty);
      return;
    }
    setSaving(true);
    try {
      await call(classTaskApi.submit, { taskId: submitting.id, content: content.trim(), files: urls.map((url) => ({ url, name: nameOf(url) })) });
      message.success('提交成功！');
      setSubmitting(null);
      void tasks.refetch();
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };

  if (tasks.isLoading) return <Spin />;
  if (!tasks.data?.length) return <Empty description="暂无培训任务" />;
  return (
    <>
      <List<TaskMyRecord>
        dataSource={tasks.data}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showTotal: (n) => `共 ${n} 条` }}
        renderItem={(t, i) => (
          <Card
            size="small"
            style={{ marginBottom: 12 }}
            data-testid={`task-item-${i}`}
            title={
              <Space>
                {t.title}
                {t.required ? <Tag color="blue">必做</Tag> : null}
                <Tag color={COLOR[t.state]} data-testid={`task-state-${i}`}>
                  {t.state_dictText}
                </Tag>
              </Space>
            }
            extra={
              !t.closed && t.state !== TaskSubmitState.REVIEWED ? (
                <a onClick={() => open(t)} data-testid={`task-submit-${i}`}>
                  {t.state === TaskSubmitState.NONE ? '提交' : '重新提交'}
                </a>
              ) : null
            }
          >
            <Typography.Text type={t.closed ? 'danger' : 'secondary'}>
              截止时间：{t.deadline}
              {t.closed ? '（已截止）' : ''}
            </Typography.Text>
            <RichText html={t.content} style={{ marginTop: 8 }} />
            {t.state !== TaskSubmitState.NONE ? (
              <div style={{ marginTop: 8, padding: 8, background: 'rgba(0,0,0,0.03)' }}>
                <div>我的提交（{t.submitTime}）：</div>
                <div style={{ whiteSpace: 'pre-wrap' }}>{t.myContent}</div>
                <TaskFiles files={t.myFiles} />
                {t.state === TaskSubmitState.REVIEWED ? (
                  <div data-testid={`task-review-result-${i}`}>
                    得分：{t.score} 分{t.comment ? `；评语：${t.comment}` : ''}
                  </div>
                ) : null}
              </div>
            ) : null}
          </Card>
        )}
      />
      <Modal open={submitting !== null} title={`提交任务：${submitting?.title ?? ''}`} width={640} onCancel={() => setSubmitting(null)} onOk={submit} confirmLoading={saving} okText="提交" cancelText="取消" destroyOnHidden okButtonProps={{ 'data-testid': 'task-submit-ok' } as Record<string, string>}>
        <Form layout="vertical">
          <Form.Item label="作业内容">
            <Input.TextArea rows={6} maxLength={TASK_TEXT_MAX} showCount value={content} onChange={(e) => setContent(e.target.value)} data-testid="task-submit-content" />
          </Form.Item>
          {submitting?.allowFiles ? (
            <Form.Item label="附件">
              <FileUpload value={urls} onChange={setUrls} limit={TASK_FILES_MAX} buttonText="上传附件" />
            </Form.Item>
          ) : null}
        </Form>
      </Modal>
    </>
  );
}
