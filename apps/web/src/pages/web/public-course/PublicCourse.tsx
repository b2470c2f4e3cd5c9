/**
 * /web/publicCourse — public courses (SPEC §2 header menu, /api/course/course/openuserPaging): the
 * enabled courses open to everybody, free or priced, as cards with the caller's standing; a card
 * opens /web/publicCourse/info?id=…; title search; 30 a page (grid); 我的课程 leads to /web/course (a hidden
 * route, reached from here and from a course's detail); 国家局课程 opens the national bureau's course
 * site (NATIONAL_BUREAU_COURSE_URL) in a new window (SPEC §2 "plus an external link to national-bureau courses").
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, Empty, Input, Pagination, Row, Space, Spin } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { courseApi } from '@kaopei/contracts/course';
import { call } from '../../../api/request';
import { CourseCard } from '../course/CourseCard';

const GRID_SIZE = 30;

/**
 * The external 国家局课程 link (SPEC §2 names the link, not its address): the public site of the
 * Ministry of Emergency Management (应急管理部), which publishes the national work-safety training
 * material. A site that wants another national-bureau portal changes this constant.
 */
const NATIONAL_BUREAU_COURSE_URL = 'https://www.mem.gov.cn/';

export default function PublicCourse() {
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [current, setCurrent] = useState(1);
  const { data, isLoading } = useQuery({
    queryKey: ['course-open-paging', title, current],
    queryFn: () => call(courseApi.openUserPaging, { current, size: GRID_SIZE, params: title ? { title } : {} }),
  });
  return (
    <div className="web-page">
      <div className="web-page-head">
        <h2>公开课程</h2>
        <Space wrap>
          <Input.Search
            allowClear
            placeholder="搜索课程名称"
            style={{ maxWidth: 260 }}
            onSearch={(v) => {
              setTitle(v.trim());
              setCurrent(1);
            }}
            data-testid="public-course-search"
          />
          <Button onClick={() => navigate('/web/course')} data-testid="public-course-mine">
            我的课程
          </Button>
          <Button href={NATIONAL_BUREAU_COURSE_URL} target="_blank" rel="noopener noreferrer" icon={<ExportOutlined />} data-testid="public-course-national">
            国家局课程
          </Button>
        </Space>
      </div>
      <Spin spinning={isLoading}>
        {data && data.records.length === 0 ? <Empty description="暂无公开课程" /> : null}
        <Row gutter={[16, 16]}>
          {(data?.records ?? []).map((c) => (
            <Col key={c.id} xs={24} sm={12} lg={8} xl={6}>
              <CourseCard course={c} onOpen={() => navigate(`/web/publicCourse/info?id=${encodeURIComponent(c.id)}`)} />
            </Col>
          ))}
        </Row>
        {data && data.total > GRID_SIZE ? <Pagination style={{ marginTop: 16, textAlign: 'center' }} current={current} pageSize={GRID_SIZE} total={data.total} onChange={setCurrent} showSizeChanger={false} /> : null}
      </Spin>
    </div>
  );
}
