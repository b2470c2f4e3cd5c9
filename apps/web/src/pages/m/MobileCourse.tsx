/**
 * /m/info/kcInfo?id=<courseId>[&fileId=<fileId>] — a course's info and study on the phone (issue 14;
 * SPEC §2 mobile routes, §4 "Course study"): title, price and introduction, the study pane of the
 * chosen file (default: the first file not yet finished) — the web course view's own StudyPane, so
 * the same players, server-counted study time (StudyReporter), learning checks and face checks — and
 * the chapter list with my progress per file (tapping a file studies it). A course I may not study
 * yet says so and links to its public page; an unknown course shows an empty state.
 */
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Collapse, DotLoading, ErrorBlock, List, ProgressCircle, Tag } from 'antd-mobile';
import { courseApi } from '@kaopei/contracts/course';
import { courseStudyApi } from '@kaopei/contracts/course-study';
import { call } from '../../api/request';
import { useAuth } from '../../store/auth';
import { RichText } from '../../components/RichText';
import { StudyPane } from '../web/course/view/StudyPane';
import { byChapter } from '../web/course/view/chapters';
import { coursePath } from './paths';
import { MSection } from './parts';

export default function MobileCourse() {
  const [params] = useSearchParams();
  const courseId = params.get('id') ?? '';
  const fileId = params.get('fileId') ?? undefined;
  const navigate = useNavigate();
  const { user } = useAuth();
  const client = useQueryClient();
  const detail = useQuery({ queryKey: ['course-learn-detail', courseId], queryFn: () => call(courseApi.detail, { id: courseId }, { quiet: true }), enabled: courseId !== '', retry: false });
  const mine = useQuery({ queryKey: ['course-learn-files', courseId], queryFn: () => call(courseStudyApi.courseFiles, { courseId }), enabled: !!detail.data?.canStudy });
  const progressOf = useMemo(() => new Map((mine.data?.files ?? []).map((f) => [f.fileId, f])), [mine.data]);

  if (courseId && detail.isLoading) {
    return (
      <div className="m-loading">
        <DotLoading color="primary" />
      </div>
    );
  }
  const course = detail.data;
  if (!course) return <ErrorBlock status="empty" title="课程不存在或已下架" description="" data-testid="m-course-missing" />;

  const groups = byChapter(course.fileList);
  const firstOpen = course.fileList.find((f) => !progressOf.get(f.fileId)?.finished) ?? course.fileList[0];
  const current = fileId ?? firstOpen?.fileId;
  return (
    <div data-testid="m-course">
      <div className="m-section" style={{ padding: 12 }}>
        <div className="m-profile-name" data-testid="m-course-title">
          {course.title}
        </div>
        <div style={{ color: '#888', fontSize: 13, marginTop: 4, display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
          <span>{course.priceText}</span>
          <span>{course.fileCount} 个课件</span>
          {course.canStudy ? (
            <span data-testid="m-course-process">课程进度 {mine.data?.courseProcess ?? 0}%</span>
          ) : null}
          {mine.data?.courseFinished ? <Tag color="success">已完成</Tag> : null}
        </div>
      </div>

      {!course.canStudy ? (
        <div className="m-section" style={{ padding: 16 }} data-testid="m-course-locked">
          <div style={{ marginBottom: 12 }}>您还不能学习该课程{course.priceText ? `（${course.priceText}），购买或申请通过后即可学习。` : '。'}</div>
          <Button block color="primary" onClick={() => void navigate(`/web/publicCourse/info?id=${encodeURIComponent(course.id)}`)}>
            查看课程
          </Button>
        </div>
      ) : (
        <div className="m-section m-study" style={{ padding: 12 }}>
          {current && user ? (
            <StudyPane
              key={current}
              userId={user.userId}
              courseId={course.id}
              fileId={current}
              frameHeight="60vh"
              onProgress={(r) => {
                if (r.event || r.finished) void client.invalidateQueries({ queryKey: ['course-learn-files', courseId] });
              }}
            />
          ) : (
            <ErrorBlock status="empty" title="本课程暂无课件" description="" />
          )}
        </div>
      )}

      <MSection title="课程目录" testId="m-course-chapters" empty={groups.length === 0 && '暂无课件'}>
        {groups.map((g) => (
          <List.Item key={`${g.chapter}-${g.files[0]?.fileId}`} style={{ padding: 0 }}>
            {g.chapter ? <div style={{ fontWeight: 600, padding: '8px 0' }}>{g.chapter}</div> : null}
            {g.files.map((f) => {
              const p = progressOf.get(f.fileId);
              const on = f.fileId === current;
              return (
                <div
                  key={f.fileId}
                  role="button"
                  tabIndex={0}
                  onClick={() => course.canStudy && void navigate(coursePath(course.id, f.fileId), { replace: true })}
                  style={{ display: 'flex', alignItems: 'center', gap: 8, minHeight: 48, padding: '4px 0', color: on ? '#1677ff' : undefined }}
                  data-testid={`m-course-file-${f.fileId}`}
                >
                  <div style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                    <div>{f.title}</div>
                    <div style={{ color: '#999', fontSize: 12 }}>
                      {f.fileType_dictText}
                      {f.duration ? ` · ${Math.ceil(f.duration / 60)} 分钟` : ''}
                    </div>
                  </div>
                  {course.canStudy ? (
                    <ProgressCircle percent={p?.process ?? 0} style={{ '--size': '32px', '--track-width': '3px' }}>
                      <span style={{ fontSize: 10 }}>{p?.process ?? 0}</span>
                    </ProgressCircle>
                  ) : null}
                </div>
              );
            })}
          </List.Item>
        ))}
      </MSection>

      {course.content ? (
        <Collapse>
          <Collapse.Panel key="intro" title="课程介绍">
            <RichText html={course.content} className="m-rich" />
          </Collapse.Panel>
        </Collapse>
      ) : null}
    </div>
  );
}
