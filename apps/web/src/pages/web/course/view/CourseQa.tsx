/**
 * Course Q&A (课程问答; SPEC §2 "Course Q&A list with replies, a mine/all switch and a course
 * filter", §3 "Course Q&A"; /api/course/qa/paging|save): questions with the asker's avatar, name and
 * time, each with its replies; 全部 / 我的; a course filter (or one fixed course, under the player);
 * a box to ask on the chosen course. Holders of course:qa:reply (administrators) reply under each
 * question. Used as the `qa` tab of /web/uc and on the course view.
 */
import { useMemo, useState } from 'react';
import { App, Avatar, Button, Card, Empty, Input, List, Pagination, Segmented, Space, Spin, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { COURSE_QA_REPLY_PERM, courseQaApi, type CourseQaRecord, type CourseQaReply } from '@kaopei/contracts/course-qa';
import { call } from '../../../../api/request';
import { usePerm } from '../../../../components/Perm';
import { usePagedList } from '../../../../components/paging';
import { MyCourseSelect } from './CourseSelect';

export const QA_ASK_OK = '提问成功！';
export const QA_REPLY_OK = '回复成功！';
export const QA_PICK_COURSE = '请选择课程！';

function Entry({ r }: { r: CourseQaReply }) {
  return (
    <Space align="start">
      <Avatar src={r.avatar || undefined} icon={<UserOutlined />} size="small" />
      <div>
        <Typography.Text strong>{r.createBy_dictText}</Typography.Text>{' '}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {r.createTime}
        </Typography.Text>
        <div style={{ whiteSpace: 'pre-wrap' }}>{r.content}</div>
      </div>
    </Space>
  );
}

function ReplyBox({ q, onDone }: { q: CourseQaRecord; onDone: () => void }) {
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Space.Compact style={{ width: '100%', marginTop: 8 }}>
      <Input value={text} maxLength={2000} onChange={(e) => setText(e.target.value)} placeholder="回复该问题" data-testid={`qa-reply-input-${q.id}`} />
      <Button
        loading={busy}
        disabled={!text.trim()}
        onClick={async () => {
          setBusy(true);
          try {
            await call(courseQaApi.save, { courseId: q.courseId, parentId: q.id, content: text });
            message.success(QA_REPLY_OK);
            setText('');
            onDone();
          } finally {
            setBusy(false);
          }
        }}
        data-testid={`qa-reply-${q.id}`}
      >
        回复
      </Button>
    </Space.Compact>
  );
}

/** `courseId`: one fixed course (the course view); without it the learner filters by course. */
export function CourseQa({ courseId: fixedCourse }: { courseId?: string }) {
  const { message } = App.useApp();
  const can = usePerm();
  const [mine, setMine] = useState(false);
  const [filter, setFilter] = useState<string | undefined>();
  const courseId = fixedCourse ?? filter;
  const params = useMemo(() => ({ isMine: mine, ...(courseId ? { courseId } : {}) }), [mine, courseId]);
  const list = usePagedList<typeof params, CourseQaRecord>('course-qa', (current, size, p) => call(courseQaApi.paging, { current, size, params: p }), params);
  const [question, setQuestion] = useState('');
  const [busy, setBusy] = useState(false);
  const { paging, query, refresh } = list;

  const ask = async () => {
    if (!courseId) return void message.warning(QA_PICK_COURSE);
    setBusy(true);
    try {
      await call(courseQaApi.save, { courseId, content: question });
      message.success(QA_ASK_OK);
      setQuestion('');
      refresh();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="course-qa">
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented
          value={mine ? 'mine' : 'all'}
          options={[
            { value: 'all', label: '全部' },
            { value: 'mine', label: '我的' },
          ]}
          onChange={(v) => {
            setMine(v === 'mine');
            paging.search({ ...params, isMine: v === 'mine' });
          }}
          data-testid="qa-mine-switch"
        />
        {!fixedCourse && (
          <MyCourseSelect
            value={filter}
            testId="qa-course-filter"
            onChange={(v) => {
              setFilter(v);
              paging.search({ isMine: mine, ...(v ? { courseId: v } : {}) });
            }}
          />
        )}
      </Space>
      <Card size="small" style={{ marginBottom: 12 }}>
        <Input.TextArea rows={3} maxLength={2000} showCount value={question} onChange={(e) => setQuestion(e.target.value)} placeholder={courseId ? '向老师提问…' : '先选择课程，再向老师提问…'} data-testid="qa-question" />
        <Button type="primary" style={{ marginTop: 8 }} loading={busy} disabled={!question.trim()} onClick={() => void ask()} data-testid="qa-ask">
          提问
        </Button>
      </Card>
      {query.isLoading ? (
        <Spin style={{ display: 'block', margin: '32px auto' }} />
      ) : (query.data?.records.length ?? 0) === 0 ? (
        <Empty description="暂无相关数据！" />
      ) : (
        <List
          dataSource={query.data?.records ?? []}
          renderItem={(q) => (
            <List.Item key={q.id} data-testid={`qa-item-${q.id}`} style={{ display: 'block' }}>
              <Entry r={q} />
              {!fixedCourse && (
                <Typography.Text type="secondary" style={{ fontSize: 12, marginLeft: 32 }}>
                  课程：{q.courseId_dictText}
                </Typography.Text>
              )}
              <div style={{ marginLeft: 32, marginTop: 8 }}>
                {q.replyList.map((r) => (
                  <div key={r.id} style={{ background: '#fafafa', padding: 8, marginBottom: 4 }} data-testid={`qa-reply-item-${r.id}`}>
                    <Entry r={r} />
                  </div>
                ))}
                {can(COURSE_QA_REPLY_PERM) && <ReplyBox q={q} onDone={refresh} />}
              </div>
            </List.Item>
          )}
        />
      )}
      <Pagination style={{ marginTop: 12, textAlign: 'right' }} {...paging.pagination(query.data?.total)} />
    </div>
  );
}

export default function CourseQaTab() {
  return <CourseQa />;
}
