/**
 * A course as a card in the learner's lists (my courses, public courses): cover (a plain block
 * when none), title, price ('免费', '￥12.00 / 100积分'), files and required study time, and the
 * caller's standing (已拥有 / 审核中 / 已驳回). `onOpen` runs on a click.
 */
import { Card, Tag } from 'antd';
import type { CourseLearnRecord } from '@kaopei/contracts/course';
import { formatDuration } from '../../../utils/format';

export function standingTag(c: Pick<CourseLearnRecord, 'free' | 'owned' | 'applyState'>) {
  if (c.owned) return <Tag color="green">已拥有</Tag>;
  if (c.applyState === 0) return <Tag color="orange">审核中</Tag>;
  if (c.applyState === 2) return <Tag color="red">已驳回</Tag>;
  return null;
}

export function CourseCard({ course: c, onOpen }: { course: CourseLearnRecord; onOpen: () => void }) {
  return (
    <Card
      hoverable
      onClick={onOpen}
      cover={
        c.cover ? (
          <img alt={c.title} src={c.cover} style={{ height: 150, objectFit: 'cover' }} />
        ) : (
          <div style={{ height: 150, background: 'linear-gradient(135deg,#409EFF,#79bbff)', color: '#fff', display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: 18, padding: 12, textAlign: 'center' }}>{c.title}</div>
        )
      }
      data-testid={`course-card-${c.id}`}
    >
      <Card.Meta title={c.title} description={`${c.fileCount} 个课件 · 学时 ${formatDuration(c.totalSec)}`} />
      <div style={{ marginTop: 8 }}>
        <Tag color={c.free ? 'green' : 'volcano'}>{c.priceText}</Tag>
        {standingTag(c)}
      </div>
    </Card>
  );
}
