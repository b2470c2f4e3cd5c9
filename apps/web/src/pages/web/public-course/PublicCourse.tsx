/**
 * /web/publicCourse — public courses (SPEC §2 header menu, /api/course/course/openuserPaging): the
 * enabled courses open to everybody, free or priced, as cards with the caller's standing; a card
 * opens /web/publicCourse/info?id=…; title search; 30 a page (grid); 我的课程 leads to /web/course (a hidden
 * route, reached from here and from a course's detail); 国家局课程 opens the national bureau's course
 * site (NATIONAL_BUREAU_COURSE_URL) in a new window (SPEC §2 "plus an external link to national-bureau courses").
 */
import { useNavigate } from 'react-router';
import { Button } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { courseApi } from '@kaopei/contracts/course';
import { call } from '../../../api/request';
import { CourseGrid } from '../course/CourseGrid';

/**
 * The external 国家局课程 link (SPEC §2 names the link, not its address): the public site of the
 * Ministry of Emergency Management (应急管理部), which publishes the national work-safety training
 * material. A site that wants another national-bureau portal changes this constant.
 */
const NATIONAL_BUREAU_COURSE_URL = 'https://www.mem.gov.cn/';

export default function PublicCourse() {
  const navigate = useNavigate();
  return (
    <CourseGrid
      heading="公开课程"
      queryKey="course-open-paging"
      load={(current, size, title) => call(courseApi.openUserPaging, { current, size, params: title ? { title } : {} })}
      open={(c) => navigate(`/web/publicCourse/info?id=${encodeURIComponent(c.id)}`)}
      emptyText="暂无公开课程"
      searchTestId="public-course-search"
      extra={
        <>
          <Button onClick={() => navigate('/web/course')} data-testid="public-course-mine">
            我的课程
          </Button>
          <Button href={NATIONAL_BUREAU_COURSE_URL} target="_blank" rel="noopener noreferrer" icon={<ExportOutlined />} data-testid="public-course-national">
            国家局课程
          </Button>
        </>
      }
    />
  );
}
