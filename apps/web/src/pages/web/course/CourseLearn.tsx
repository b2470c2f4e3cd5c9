/**
 * /web/course — my courses (CourseLearn; SPEC §2 course routes, /api/course/course/user-paging):
 * enabled courses the learner owns, or that are open to them and free, as cards (30 a page, SPEC §9
 * grid); a card opens the course /web/course/view/{courseId}. Title search.
 */
import { useNavigate } from 'react-router';
import { courseApi } from '@kaopei/contracts/course';
import { call } from '../../../api/request';
import { CourseGrid } from './CourseGrid';

export default function CourseLearn() {
  const navigate = useNavigate();
  return (
    <CourseGrid
      heading="我的课程"
      queryKey="course-user-paging"
      load={(current, size, title) => call(courseApi.userPaging, { current, size, params: title ? { title } : {} })}
      open={(c) => navigate(`/web/course/view/${encodeURIComponent(c.id)}`)}
      emptyText="暂无可学习的课程"
      searchTestId="course-search"
    />
  );
}
