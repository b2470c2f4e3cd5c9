/**
 * One course file being studied (part of CourseView): fetches the learner's view of the file
 * (/api/course/file/fetch-file), shows the player of its type — video (VideoPlayer: hlsUrl when
 * transcoded, else the mp4), document (PdfViewer), link (the page in a frame, and a button to open
 * it in a new window) — and reports to the server through StudyReporter while it plays or, for
 * documents and links, while the page is visible. A learning check pauses the player (and leaves
 * fullscreen) until the server accepts the captcha; "stopped" shows the server's message and, after
 * STOP_DELAY_MS, ends the study on this page (SPEC §4 "Course study"). A course with face checks
 * (issue 12) is held by StudyFaceGuard's face-check dialog while the server says FACE_PENDING, and
 * its captures run in the corner; a face break ends the study like "stopped".
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Progress, Result, Space, Spin, Typography } from 'antd';
import { CourseFileType } from '@kaopei/contracts/course-file';
import { courseStudyApi, STOP_DELAY_MS, type StudyCheck, type StudyReply } from '@kaopei/contracts/course-study';
import { call } from '../../../../api/request';
import { PdfViewer } from '../player/PdfViewer';
import { VideoPlayer, type VideoPlayerHandle, type VideoState } from '../player/VideoPlayer';
import { LearnCheckDialog } from './LearnCheckDialog';
import { StudyFaceGuard } from './StudyFaceGuard';
import { StudyReporter } from './study-reporter';

export const FILE_DONE_MSG = '恭喜您，已完成本课件的学习！';
export const ALL_DONE_MSG = '恭喜您，已完成本课程的全部学习！';

export interface StudyPaneProps {
  userId: string;
  courseId: string;
  fileId: string;
  /** The learner's progress changed (the chapter list refreshes). */
  onProgress(reply: StudyReply): void;
  /** Height of a link file's frame (CSS; default 600 px — the phone site /m/info/kcInfo passes a viewport share). */
  frameHeight?: number | string;
}

export function StudyPane({ userId, courseId, fileId, onProgress, frameHeight = 600 }: StudyPaneProps) {
  const { message } = App.useApp();
  const file = useQuery({ queryKey: ['course-fetch-file', courseId, fileId], queryFn: () => call(courseStudyApi.fetchFile, { courseId, fileId }), refetchOnWindowFocus: false });
  const player = useRef<VideoPlayerHandle>(null);
  const reporter = useRef<StudyReporter | null>(null);
  const [check, setCheck] = useState<StudyCheck | null>(null);
  // Face checks (issue 12): nothing is credited until a face check passes.
  const [facePending, setFacePending] = useState(false);
  const [stopped, setStopped] = useState('');
  const [reply, setReply] = useState<StudyReply | null>(null);
  const shown = useRef(new Set<string>());
  // A passed check resumes playback once the player is no longer held (the next render).
  const resume = useRef(false);
  useEffect(() => {
    if (check || facePending || !resume.current) return;
    resume.current = false;
    player.current?.play();
  }, [check, facePending]);
  const events = useRef({ onProgress });
  events.current = { onProgress };

  const halt = useCallback(
    (msg: string) => {
      player.current?.pause();
      if (shown.current.has('stopped')) return;
      shown.current.add('stopped');
      message.error(msg);
      setTimeout(() => setStopped(msg), STOP_DELAY_MS);
    },
    [message],
  );

  const ready = file.data;
  useEffect(() => {
    if (!ready) return;
    setCheck(ready.check);
    setFacePending(ready.faceOn && ready.facePending);
    const r = new StudyReporter(userId, courseId, fileId, {
      onProgress: (rep) => {
        setReply(rep);
        events.current.onProgress(rep);
        // SPEC §4: each congratulation once.
        if (rep.event === 'allDone' && !shown.current.has('allDone')) {
          shown.current.add('allDone');
          shown.current.add('fileDone');
          message.success(ALL_DONE_MSG);
        } else if (rep.event === 'fileDone' && !shown.current.has('fileDone')) {
          shown.current.add('fileDone');
          message.success(FILE_DONE_MSG);
        }
      },
      onCheck: (c) => {
        player.current?.pause();
        if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
        setCheck(c);
      },
      onRevert: (p) => player.current?.seekTo(p),
      onStopped: halt,
      onFacePending: () => {
        player.current?.pause();
        if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
        setFacePending(true);
      },
    });
    reporter.current = r;
    r.start();
    // Documents and links: studying while the page is visible.
    const visible = () => {
      if (ready.fileType !== CourseFileType.VIDEO) r.update({ position: 0, playing: !document.hidden });
    };
    visible();
    document.addEventListener('visibilitychange', visible);
    return () => {
      document.removeEventListener('visibilitychange', visible);
      r.stop();
      reporter.current = null;
    };
  }, [ready, userId, courseId, fileId, halt, message]);

  const onVideo = useCallback((s: VideoState) => reporter.current?.update({ position: s.position, playing: s.playing }), []);
  const onPage = useCallback((page: number) => reporter.current?.update({ position: 0, playing: !document.hidden, page }), []);

  if (file.isLoading) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  if (file.isError || !ready) return <Result status="warning" title="课件加载失败" subTitle={file.error instanceof Error ? file.error.message : ''} />;
  if (stopped) {
    return (
      <Result
        status="warning"
        title="学习已中断"
        subTitle={stopped}
        extra={
          <Button type="primary" onClick={() => location.reload()} data-testid="study-reload">
            刷新页面继续学习
          </Button>
        }
        data-testid="study-stopped"
      />
    );
  }

  const process = reply?.process ?? ready.process;
  const learnSec = reply?.learnSec ?? ready.learnSec;
  const hold = !!check || facePending;
  return (
    <div data-testid="study-pane">
      <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {ready.title}
        </Typography.Title>
        <Space>
          <Typography.Text type="secondary" data-testid="study-learn-sec">
            已学 {Math.floor(learnSec / 60)} 分 {learnSec % 60} 秒 / 需学 {Math.ceil(ready.needSec / 60)} 分钟
          </Typography.Text>
          <Progress type="circle" size={40} percent={process} data-testid="study-process" />
        </Space>
      </Space>
      {ready.fileType === CourseFileType.VIDEO && (
        <VideoPlayer
          ref={player}
          src={ready.hlsUrl || ready.fileUrl}
          refId={`${courseId}:${fileId}`}
          dragLocked={!ready.videoDrag}
          serverPosition={ready.lastPosition}
          hold={hold}
          onState={onVideo}
        />
      )}
      {ready.fileType === CourseFileType.DOC && <PdfViewer url={ready.fileUrl} startPage={ready.pagesSeen.length ? Math.max(...ready.pagesSeen) : 1} hold={hold} onPage={onPage} />}
      {ready.fileType === CourseFileType.LINK && (
        <div>
          <Alert
            type="info"
            showIcon
            title="本课件为外部链接：停留在本页面时计入学习时间。"
            action={
              <Button href={ready.viewUrl} target="_blank" rel="noopener noreferrer" data-testid="study-link-open">
                在新窗口打开
              </Button>
            }
            style={{ marginBottom: 8 }}
          />
          <iframe title={ready.title} src={ready.viewUrl} style={{ width: '100%', height: frameHeight, border: '1px solid #eee' }} sandbox="allow-scripts allow-same-origin allow-popups allow-forms" referrerPolicy="no-referrer" />
        </div>
      )}
      <LearnCheckDialog courseId={courseId} check={check} onPassed={() => {
          resume.current = true;
          setCheck(null);
        }} onNewKey={setCheck} onBroken={halt} />
      {ready.faceOn && (
        <StudyFaceGuard courseId={courseId} fileId={fileId} faceInterval={ready.faceInterval} pending={facePending} onPassed={() => {
            resume.current = true;
            setFacePending(false);
          }} onBreak={halt} />
      )}
    </div>
  );
}
