/**
 * /web/course — my courses (CourseLearn; SPEC §2 course routes, /api/course/course/user-paging):
 * enabled courses the learner owns, or that are open to them and free, as cards (30 a page, SPEC §9
 * grid); a card opens the course /web/course/view/{courseId}. Title search.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Col, Empty, Input, Pagination, Row, Spin } from 'antd';
import { courseApi } from '@kaopei/contracts/course';
import { call } from '../../../api/request';
import { CourseCard } from './CourseCard';

const GRID_SIZE = 30;

export default function CourseLearn() {
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [current, setCurrent] = useState(1);
  const { data, isLoading } = useQuery({
    queryKey: ['course-user-paging', title, current],
    queryFn: () => call(courseApi.userPaging, { current, size: GRID_SIZE, params: title ? { title } : {} }),
  });
  return (
    <div className="web-page">
      <div className="web-page-head">
        <h2>我的课程</h2>
        <Input.Search
          allowClear
          placeholder="搜索课程名称"
          style={{ maxWidth: 260 }}
          onSearch={(v) => {
            setTitle(v.trim());
            setCurrent(1);
          }}
          data-testid="course-search"
        />
      </div>
      <Spin spinning={isLoading}>
        {data && data.records.length === 0 ? <Empty description="暂无可学习的课程" /> : null}
        <Row gutter={[16, 16]}>
          {(data?.records ?? []).map((c) => (
            <Col key={c.id} xs={24} sm={12} lg={8} xl={6}>
              <CourseCard course={c} onOpen={() => navigate(`/web/course/view/${encodeURIComponent(c.id)}`)} />
            </Col>
          ))}
        </Row>
        {data && data.total > GRID_SIZE ? <Pagination style={{ marginTop: 16, textAlign: 'center' }} current={current} pageSize={GRID_SIZE} total={data.total} onChange={setCurrent} showSizeChanger={false} /> : null}
      </Spin>
    </div>
  );
}
