/**
 * /web/course/view/:courseId (CourseView) and /web/course/view/:courseId/:fileId (CourseViewWithFile)
 * (SPEC §2 course routes, §4 "Course study", "Study checks"): the chapter list with my progress per
 * file (/api/course/file/learn/course-files) and the player of the chosen file (without a fileId:
 * the first unfinished one) from /api/course/file/fetch-file. The study tracker reports to the
 * reading socket; its answers drive the page:
 * - progress: the numbers; `revert` moves the video back; 'fileDone' / 'allDone' congratulate once;
 * - check (or a progress reply opening one): the captcha dialog opens, the video pauses and
 *   fullscreen exits; a right answer resumes playback;
 * - stopped: the error message, then study stops after 3.5 s (reload to continue).
 * When the page is hidden the video pauses (and the report says so at once).
 *
 * Test ids: `study-file-{fileId}` (chapter entries), `study-learn-sec`, `study-process`, `study-stopped`.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, List, Progress, Result, Row, Space, Tag, Typography } from 'antd';
import { LeftOutlined } from '@ant-design/icons';
import { courseStudyApi, STOP_DELAY_MS, type StudyCheck, type StudyReport, type StudySocketMsg } from '@kaopei/contracts/course-study';
import { call } from '../../../../api/request';
import { PageLoading } from '../../../../components/PageLoading';
import { useAuth } from '../../../../store/auth';
import { feedback } from '../../../../utils/feedback';
import CheckDialog from './CheckDialog';
import FilePlayer from './FilePlayer';
import { startTracker } from './study-tracker';

const TYPE_LABEL: Record<number, string> = { 11: '链接', 22: '文档', 33: '视频' };

export default function CourseStudy() {
  const { courseId = '', fileId: routeFileId } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const files = useQuery({ queryKey: ['course-study-files', courseId], queryFn: () => call(courseStudyApi.courseFiles, { courseId }) });
  const list = files.data?.files ?? [];
  const fileId = routeFileId ?? (list.find((f) => !f.finished) ?? list[0])?.fileId ?? '';
  const view = useQuery({ queryKey: ['course-study-file', courseId, fileId], queryFn: () => call(courseStudyApi.fetchFile, { courseId, fileId }), enabled: !!fileId, staleTime: Infinity, refetchOnWindowFocus: false });

  const stateRef = useRef<StudyReport>({ position: 0, playing: false });
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const flushRef = useRef<() => void>(() => undefined);
  const shown = useRef(new Set<string>());
  const [progress, setProgress] = useState<{ learnSec: number; process: number } | null>(null);
  const [check, setCheck] = useState<StudyCheck | null>(null);
  const [stopped, setStopped] = useState('');

  const pauseForCheck = () => {
    videoRef.current?.pause();
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
  };

  const stopStudy = useCallback((msg: string) => {
    if (shown.current.has('stopped')) return;
    shown.current.add('stopped');
    feedback.message.error(msg);
    setTimeout(() => {
      videoRef.current?.pause();
      setStopped(msg);
    }, STOP_DELAY_MS);
  }, []);

  const onMessage = useCallback(
    (msg: StudySocketMsg) => {
      if (msg.type === 'progress') {
        const d = msg.data;
        setProgress({ learnSec: d.learnSec, process: d.process });
        if (d.revert !== null && videoRef.current) videoRef.current.currentTime = d.revert;
        if (d.check) {
          const opened = d.check;
          setCheck((prev) => (prev?.key === opened.key ? prev : opened));
          pauseForCheck();
        }
        if (d.event && !shown.current.has(d.event)) {
          shown.current.add(d.event);
          feedback.message.success(d.event === 'allDone' ? '恭喜您，已完成本课程的全部学习！' : '恭喜您，当前课件已学完！');
          void queryClient.invalidateQueries({ queryKey: ['course-study-files', courseId] });
        }
      } else if (msg.type === 'check') {
        // Every report while the check is open answers it again: keep the dialog (and what is typed) for the same key.
        setCheck((prev) => (prev?.key === msg.key ? prev : { key: msg.key, deadline: msg.deadline, leftSec: msg.leftSec }));
        pauseForCheck();
      } else if (msg.type === 'stopped') stopStudy(msg.msg);
      else feedback.message.warning(msg.msg);
    },
    [courseId, queryClient, stopStudy],
  );

  const file = view.data;
  useEffect(() => {
    if (!file || !user) return;
    shown.current = new Set(file.finished ? ['fileDone'] : []);
    if (file.courseFinished) shown.current.add('allDone');
    setProgress({ learnSec: file.learnSec, process: file.process });
    setCheck(file.check);
    setStopped('');
    const tracker = startTracker({ userId: user.userId, courseId, fileId: file.fileId, state: () => stateRef.current, onMessage });
    flushRef.current = tracker.flush;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') videoRef.current?.pause();
      stateRef.current = { ...stateRef.current, playing: document.visibilityState === 'visible' && !!videoRef.current && !videoRef.current.paused };
      if (file.fileType !== 33) stateRef.current = { ...stateRef.current, playing: document.visibilityState === 'visible' };
      tracker.flush();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      tracker.stop();
    };
  }, [file, user, courseId, onMessage]);

  const flush = useCallback(() => flushRef.current(), []);

  if (files.isLoading || (fileId && view.isLoading)) return <PageLoading />;
  return (
    <div className="web-page">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={7}>
          <Card
            title={
              <Space>
                <Button size="small" icon={<LeftOutlined />} onClick={() => navigate('/web/course')}>
                  返回
                </Button>
                <Typography.Text strong ellipsis style={{ maxWidth: 200 }}>
                  {files.data?.courseTitle}
                </Typography.Text>
              </Space>
            }
            extra={<Progress type="circle" size={36} percent={files.data?.courseProcess ?? 0} />}
          >
            <List
              dataSource={list}
              renderItem={(f) => (
                <List.Item
                  style={{ cursor: 'pointer', background: f.fileId === fileId ? '#e6f4ff' : undefined, paddingInline: 8 }}
                  onClick={() => navigate(`/web/course/view/${courseId}/${f.fileId}`)}
                  data-testid={`study-file-${f.fileId}`}
                  extra={<Progress type="circle" size={30} percent={f.fileId === fileId && progress ? progress.process : f.process} />}
                >
                  <List.Item.Meta title={f.title} description={<Space size={4}><Tag>{TYPE_LABEL[f.fileType] ?? ''}</Tag>{f.chapter}</Space>} />
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} lg={17}>
          {file ? (
            <Card title={file.title} extra={<Space><span data-testid="study-learn-sec">已学 {progress?.learnSec ?? 0} / {file.needSec} 秒</span><Progress percent={progress?.process ?? 0} style={{ width: 140 }} data-testid="study-process" /></Space>}>
              {stopped ? (
                <Result status="warning" title="学习已停止" subTitle={stopped} extra={<Button type="primary" onClick={() => location.reload()}>重新加载</Button>} data-testid="study-stopped" />
              ) : (
                <FilePlayer file={file} stateRef={stateRef} videoRef={videoRef} onChange={flush} />
              )}
            </Card>
          ) : (
            <Card>
              <Result status="info" title="本课程还没有课件" />
            </Card>
          )}
        </Col>
      </Row>
      <CheckDialog
        courseId={courseId}
        check={stopped ? null : check}
        onPassed={() => {
          setCheck(null);
          void videoRef.current?.play().catch(() => undefined);
          flush();
        }}
        onBroken={(msg) => {
          setCheck(null);
          stopStudy(msg);
        }}
      />
    </div>
  );
}
