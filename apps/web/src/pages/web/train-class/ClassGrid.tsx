/**
 * Training classes as cards (like CourseGrid), shared by /web/webclassapply (my classes, open
 * classes) and /web/webclassapply/public: a title search, the cards of one page (30), an empty
 * text, paging. A card shows the cover (a plain block when none), title, type, dates, seats and
 * the caller's state; a click opens /web/webclassapply/info?classId=.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Input, Pagination, Row, Spin, Tag } from 'antd';
import type { Page } from '@kaopei/contracts';
import type { ClassLearnRecord } from '@kaopei/contracts/train-class';

/** SPEC §9 grid page size. */
export const CLASS_GRID_SIZE = 30;

/** The caller's state as a tag (none when never signed up). */
export function classStateTag(c: Pick<ClassLearnRecord, 'myState' | 'myState_dictText' | 'finished'>) {
  if (c.finished) return <Tag color="gold">已结业</Tag>;
  if (c.myState < 0) return null;
  const color = { 0: 'orange', 1: 'green', 2: 'red', 3: 'default' }[c.myState] ?? 'default';
  return <Tag color={color}>{c.myState_dictText}</Tag>;
}

export interface ClassGridProps {
  heading: string;
  queryKey: string;
  load: (current: number, size: number, title: string) => Promise<Page<ClassLearnRecord>>;
  emptyText: string;
  searchTestId: string;
}

export function ClassGrid({ heading, queryKey, load, emptyText, searchTestId }: ClassGridProps) {
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [current, setCurrent] = useState(1);
  const { data, isLoading } = useQuery({ queryKey: [queryKey, title, current], queryFn: () => load(current, CLASS_GRID_SIZE, title) });
  return (
    <div style={{ marginBottom: 24 }}>
      <div className="web-page-head">
        <h2>{heading}</h2>
        <Input.Search
          allowClear
          placeholder="搜索培训班名称"
          style={{ maxWidth: 260 }}
          onSearch={(v) => {
            setTitle(v.trim());
            setCurrent(1);
          }}
          data-testid={searchTestId}
        />
      </div>
      <Spin spinning={isLoading}>
        {data && data.records.length === 0 ? <Empty description={emptyText} /> : null}
        <Row gutter={[16, 16]}>
          {(data?.records ?? []).map((c) => (
            <Col key={c.id} xs={24} sm={12} lg={8} xl={6}>
              <Card
                hoverable
                onClick={() => navigate(`/web/webclassapply/info?classId=${encodeURIComponent(c.id)}`)}
                cover={
                  c.cover ? (
                    <img alt={c.title} src={c.cover} style={{ height: 150, objectFit: 'cover' }} />
                  ) : (
                    <div style={{ height: 150, background: 'linear-gradient(135deg,#67C23A,#95d475)', color: '#fff', display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: 18, padding: 12, textAlign: 'center' }}>{c.title}</div>
                  )
                }
                data-testid={`class-card-${c.id}`}
              >
                <Card.Meta title={c.title} description={`${c.startTime.slice(0, 10)} 至 ${c.endTime.slice(0, 10)}`} />
                <div style={{ marginTop: 8 }}>
                  <Tag color="blue">{c.classType_dictText}</Tag>
                  <Tag>{c.capacity > 0 ? `名额 ${c.seats}/${c.capacity}` : `已报名 ${c.seats}`}</Tag>
                  {classStateTag(c)}
                </div>
              </Card>
            </Col>
          ))}
        </Row>
        {data && data.total > CLASS_GRID_SIZE ? (
          <Pagination style={{ marginTop: 16, textAlign: 'center' }} current={current} pageSize={CLASS_GRID_SIZE} total={data.total} onChange={setCurrent} showSizeChanger={false} />
        ) : null}
      </Spin>
    </div>
  );
}
