/**
 * The learner's course cards page body, shared by 我的课程 (/web/course) and 公开课程
 * (/web/publicCourse): a title search, the cards of one page (SPEC §9 grid: 30 a page), an empty
 * text, and paging when there is more than one page. `load` fetches a page of a learner course list
 * (user-paging or openuserPaging); `open` is where a card leads.
 */
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Col, Empty, Input, Pagination, Row, Space, Spin } from 'antd';
import type { Page } from '@kaopei/contracts';
import type { CourseLearnRecord } from '@kaopei/contracts/course';
import { CourseCard } from './CourseCard';

/** SPEC §9 grid page size. */
export const COURSE_GRID_SIZE = 30;

export interface CourseGridProps {
  heading: string;
  queryKey: string;
  load: (current: number, size: number, title: string) => Promise<Page<CourseLearnRecord>>;
  open: (course: CourseLearnRecord) => void;
  emptyText: string;
  searchTestId: string;
  /** Buttons beside the search. */
  extra?: ReactNode;
}

export function CourseGrid({ heading, queryKey, load, open, emptyText, searchTestId, extra }: CourseGridProps) {
  const [title, setTitle] = useState('');
  const [current, setCurrent] = useState(1);
  const { data, isLoading } = useQuery({ queryKey: [queryKey, title, current], queryFn: () => load(current, COURSE_GRID_SIZE, title) });
  return (
    <div className="web-page">
      <div className="web-page-head">
        <h2>{heading}</h2>
        <Space wrap>
          <Input.Search
            allowClear
            placeholder="搜索课程名称"
            style={{ maxWidth: 260 }}
            onSearch={(v) => {
              setTitle(v.trim());
              setCurrent(1);
            }}
            data-testid={searchTestId}
          />
          {extra}
        </Space>
      </div>
      <Spin spinning={isLoading}>
        {data && data.records.length === 0 ? <Empty description={emptyText} /> : null}
        <Row gutter={[16, 16]}>
          {(data?.records ?? []).map((c) => (
            <Col key={c.id} xs={24} sm={12} lg={8} xl={6}>
              <CourseCard course={c} onOpen={() => open(c)} />
            </Col>
          ))}
        </Row>
        {data && data.total > COURSE_GRID_SIZE ? (
          <Pagination style={{ marginTop: 16, textAlign: 'center' }} current={current} pageSize={COURSE_GRID_SIZE} total={data.total} onChange={setCurrent} showSizeChanger={false} />
        ) : null}
      </Spin>
    </div>
  );
}
