/**
 * A page of course questions with their replies (SPEC §3 "Course Q&A": content, createBy_dictText,
 * courseId_dictText, createTime, avatar, replyList), shared by the learner's 课程问答 tab and the
 * admin's 问答 dialog. `renderExtra(question)` adds something under a question (the admin's reply
 * box). Empty text '暂无相关数据！'.
 */
import type { ReactNode } from 'react';
import { Avatar, Empty, List, Pagination, Spin, Tag, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import type { Page } from '@kaopei/contracts';
import type { CourseQaRecord } from '@kaopei/contracts/course-qa';
import { RichText } from '../../../components/RichText';

interface Props {
  page: Page<CourseQaRecord> | undefined;
  loading: boolean;
  onPage: (current: number) => void;
  renderExtra?: (q: CourseQaRecord) => ReactNode;
}

export function QaList({ page, loading, onPage, renderExtra }: Props) {
  return (
    <Spin spinning={loading}>
      {page && page.records.length === 0 ? <Empty description="暂无相关数据！" /> : null}
      <List<CourseQaRecord>
        itemLayout="vertical"
        dataSource={page?.records ?? []}
        renderItem={(q) => (
          <List.Item key={q.id} data-testid={`qa-item-${q.id}`}>
            <List.Item.Meta
              avatar={<Avatar src={q.avatar || undefined} icon={<UserOutlined />} />}
              title={
                <span>
                  {q.createBy_dictText} <Tag color="blue">{q.courseId_dictText}</Tag>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {q.createTime}
                  </Typography.Text>
                </span>
              }
            />
            <RichText html={q.content} />
            {q.replyList.map((r) => (
              <div key={r.id} className="qa-reply" style={{ marginTop: 8, padding: '8px 12px', background: 'rgba(0,0,0,0.03)', borderRadius: 4 }} data-testid={`qa-reply-${r.id}`}>
                <Avatar size="small" src={r.avatar || undefined} icon={<UserOutlined />} /> <strong>{r.createBy_dictText}</strong>{' '}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {r.createTime}
                </Typography.Text>
                <RichText html={r.content} />
              </div>
            ))}
            {renderExtra?.(q)}
          </List.Item>
        )}
      />
      {page && page.total > page.size ? <Pagination style={{ marginTop: 12, textAlign: 'center' }} current={page.current} pageSize={page.size} total={page.total} onChange={onPage} showSizeChanger={false} /> : null}
    </Spin>
  );
}
