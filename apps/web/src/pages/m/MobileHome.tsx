/**
 * /m/home — the phone site's home (issue 14; SPEC §2 mobile routes), from the learner APIs the web
 * uses: system notices (/api/sys/notice/web-paging, 6, SPEC §9 notice card; each → /m/info/xqInfo),
 * exams open to me now (/api/exam/exam/online-paging, 5; each → /m/info/exam?id=), my courses
 * (/api/course/course/user-paging, 5; each → /m/info/kcInfo?id=) and my classes
 * (/api/trainClass/my-paging, 5; each → /m/info/bjInfo?classId=).
 */
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { List, Tag } from 'antd-mobile';
import { NOTICE_CARD_SIZE, noticeApi } from '@kaopei/contracts/notice';
import { examApi } from '@kaopei/contracts/exam';
import { courseApi } from '@kaopei/contracts/course';
import { trainClassApi } from '@kaopei/contracts/train-class';
import { call } from '../../api/request';
import { useAuth } from '../../store/auth';
import { formatWindow } from '../../utils/format';
import { classPath, coursePath, detailPath, examPath } from './paths';
import { day, MSection } from './parts';

/** Rows per home section (the web home's notice card shows 6, SPEC §9). */
const HOME_ROWS = 5;
const first = { current: 1, size: HOME_ROWS, params: {} };

export default function MobileHome() {
  const navigate = useNavigate();
  const { user } = useAuth();
  const notices = useQuery({ queryKey: ['m-home-notices'], queryFn: () => call(noticeApi.webPaging, { ...first, size: NOTICE_CARD_SIZE.default }) });
  const exams = useQuery({ queryKey: ['m-home-exams'], queryFn: () => call(examApi.onlinePaging, first) });
  const courses = useQuery({ queryKey: ['m-home-courses'], queryFn: () => call(courseApi.userPaging, first) });
  const classes = useQuery({ queryKey: ['m-home-classes'], queryFn: () => call(trainClassApi.myPaging, first) });
  const rows = <T,>(q: { data?: { records: T[] } }) => q.data?.records ?? [];

  return (
    <div data-testid="m-home">
      <div className="m-profile">
        <div>
          <div className="m-profile-name" data-testid="m-home-welcome">
            你好，{user?.realName || user?.userName}
          </div>
          <div style={{ color: '#888', fontSize: 13 }}>在线学习、培训与考试</div>
        </div>
      </div>

      <MSection title="系统公告" testId="m-home-notices" loading={notices.isLoading} empty={!notices.isLoading && rows(notices).length === 0 && '暂无公告'}>
        {rows(notices).map((n) => (
          <List.Item key={n.id} arrowIcon onClick={() => void navigate(detailPath('notice', n.id))} description={day(n.publishTime)} data-testid={`m-notice-${n.id}`}>
            {n.isTop === 1 ? <Tag color="danger" style={{ marginRight: 4 }}>置顶</Tag> : null}
            {n.title}
          </List.Item>
        ))}
      </MSection>

      <MSection title="正在进行的考试" testId="m-home-exams" loading={exams.isLoading} empty={!exams.isLoading && rows(exams).length === 0 && '暂无可参加的考试'}>
        {rows(exams).map((e) => (
          <List.Item
            key={e.id}
            arrowIcon
            onClick={() => void navigate(examPath(e.id))}
            description={`${e.totalTime} 分钟 · 总分 ${e.totalScore} · ${formatWindow(e.startTime, e.endTime)}`}
            extra={e.processPaperId ? <Tag color="warning">考试中</Tag> : null}
            data-testid={`m-exam-${e.id}`}
          >
            {e.title}
          </List.Item>
        ))}
      </MSection>

      <MSection title="我的课程" testId="m-home-courses" loading={courses.isLoading} empty={!courses.isLoading && rows(courses).length === 0 && '暂无课程'}>
        {rows(courses).map((c) => (
          <List.Item key={c.id} arrowIcon onClick={() => void navigate(coursePath(c.id))} description={`${c.fileCount} 个课件 · ${c.priceText}`} data-testid={`m-course-${c.id}`}>
            {c.title}
          </List.Item>
        ))}
      </MSection>

      <MSection
        title="我的班级"
        extra={
          <a onClick={() => void navigate('/m/class')} data-testid="m-home-classes-more" style={{ padding: '8px 0' }}>
            全部
          </a>
        }
        testId="m-home-classes"
        loading={classes.isLoading}
        empty={!classes.isLoading && rows(classes).length === 0 && '暂无报名的培训班'}
      >
        {rows(classes).map((c) => (
          <List.Item key={c.id} arrowIcon onClick={() => void navigate(classPath(c.id))} description={`${day(c.startTime)} 至 ${day(c.endTime)}`} extra={c.myState_dictText} data-testid={`m-home-class-${c.id}`}>
            {c.title}
          </List.Item>
        ))}
      </MSection>
    </div>
  );
}
