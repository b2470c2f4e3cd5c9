/**
 * The study players (SPEC §4 "Video player", "Course study"; §9 playback rates, 16:9, resume 5 s,
 * seek tolerance 2 s):
 * - video (33): native `<video>` on the uploaded file (`hlsUrl` only where the browser plays HLS
 *   itself); rates 0.5/1/1.5/2; resumes from the saved position when it is over 5 s and before the
 *   end; back to 0 one second after the end; in drag-lock mode a seek more than 2 s past the
 *   furthest point reached is reverted (the server refuses it anyway and answers `revert`);
 * - document (22): the PDF in the browser's viewer, one page at a time with 上一页/下一页 (the page
 *   shown is what is reported as seen);
 * - link (11): the address in the page, with a link to open it in a new window.
 * The parent reads the player's state through `stateRef` ({position, playing, page}).
 *
 * Test ids: `study-video`, `study-rate`, `study-doc`, `study-page-prev`, `study-page-next`, `study-link`.
 */
import { useEffect, useRef, useState, type MutableRefObject } from 'react';
import { Button, Select, Space, Typography } from 'antd';
import { RESUME_MIN_SEC, SEEK_TOLERANCE_SEC, type FetchFileRes, type StudyReport } from '@kaopei/contracts/course-study';

export const PLAYBACK_RATES = [0.5, 1, 1.5, 2] as const;

export interface FilePlayerProps {
  file: FetchFileRes;
  stateRef: MutableRefObject<StudyReport>;
  videoRef: MutableRefObject<HTMLVideoElement | null>;
  /** Something changed that the server should hear now (pause, page turn). */
  onChange: () => void;
}

function VideoPlayer({ file, stateRef, videoRef, onChange }: FilePlayerProps) {
  const furthest = useRef(file.maxPosition);
  const [rate, setRate] = useState(1);
  const hls = file.hlsUrl && typeof document !== 'undefined' && document.createElement('video').canPlayType('application/vnd.apple.mpegurl') ? file.hlsUrl : '';
  const src = hls || file.fileUrl;

  useEffect(() => {
    furthest.current = Math.max(furthest.current, file.maxPosition);
  }, [file.maxPosition]);

  const sync = () => {
    const v = videoRef.current;
    if (!v) return;
    stateRef.current = { position: v.currentTime, playing: !v.paused && !v.ended && document.visibilityState === 'visible' };
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <div style={{ position: 'relative', width: '100%', aspectRatio: '16 / 9', background: '#000' }}>
        <video
          ref={videoRef}
          src={src}
          controls
          controlsList="nodownload noplaybackrate"
          style={{ width: '100%', height: '100%' }}
          data-testid="study-video"
          onLoadedMetadata={(e) => {
            const v = e.currentTarget;
            if (file.lastPosition > RESUME_MIN_SEC && file.lastPosition < (v.duration || file.duration) - 1) v.currentTime = file.lastPosition;
            v.playbackRate = rate;
            sync();
          }}
          onTimeUpdate={(e) => {
            const v = e.currentTarget;
            if (!v.seeking && v.currentTime <= furthest.current + SEEK_TOLERANCE_SEC) furthest.current = Math.max(furthest.current, v.currentTime);
            sync();
          }}
          onSeeking={(e) => {
            const v = e.currentTarget;
            if (!file.videoDrag && v.currentTime > furthest.current + SEEK_TOLERANCE_SEC) v.currentTime = furthest.current;
          }}
          onPlay={() => {
            sync();
            onChange();
          }}
          onPause={() => {
            sync();
            onChange();
          }}
          onEnded={(e) => {
            const v = e.currentTarget;
            sync();
            onChange();
            setTimeout(() => {
              v.currentTime = 0;
            }, 1000);
          }}
        />
      </div>
      <Space>
        <Typography.Text type="secondary">倍速</Typography.Text>
        <Select
          size="small"
          value={rate}
          style={{ width: 90 }}
          data-testid="study-rate"
          options={PLAYBACK_RATES.map((r) => ({ value: r, label: `${r}x` }))}
          onChange={(r: number) => {
            setRate(r);
            if (videoRef.current) videoRef.current.playbackRate = r;
          }}
        />
        {!file.videoDrag ? <Typography.Text type="secondary">本课程不允许拖动进度条快进</Typography.Text> : null}
      </Space>
    </Space>
  );
}

function DocPlayer({ file, stateRef, onChange }: FilePlayerProps) {
  const pages = Math.max(1, file.pageCount);
  const first = file.pagesSeen.length && file.pageCount ? Math.min(pages, (file.pagesSeen[file.pagesSeen.length - 1] ?? 0) + 1) : 1;
  const [page, setPage] = useState(first);
  useEffect(() => {
    stateRef.current = { position: 0, playing: document.visibilityState === 'visible', page };
    onChange();
  }, [page, stateRef, onChange]);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <iframe key={page} title={file.title} src={`${file.fileUrl}#page=${page}`} style={{ width: '100%', height: '70vh', border: '1px solid #eee' }} data-testid="study-doc" />
      <Space>
        <Button disabled={page <= 1} onClick={() => setPage((p) => p - 1)} data-testid="study-page-prev">
          上一页
        </Button>
        <Typography.Text>
          第 {page} / {file.pageCount || '?'} 页
        </Typography.Text>
        <Button disabled={file.pageCount > 0 && page >= file.pageCount} onClick={() => setPage((p) => p + 1)} data-testid="study-page-next">
          下一页
        </Button>
      </Space>
    </Space>
  );
}

function LinkPlayer({ file, stateRef }: FilePlayerProps) {
  useEffect(() => {
    stateRef.current = { position: 0, playing: document.visibilityState === 'visible' };
  }, [stateRef]);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <iframe title={file.title} src={file.viewUrl} style={{ width: '100%', height: '70vh', border: '1px solid #eee' }} />
      <a href={file.viewUrl} target="_blank" rel="noreferrer" data-testid="study-link">
        在新窗口中打开
      </a>
    </Space>
  );
}

/** The player of the file's type. */
export default function FilePlayer(props: FilePlayerProps) {
  if (props.file.fileType === 33) return <VideoPlayer {...props} />;
  if (props.file.fileType === 22) return <DocPlayer {...props} />;
  return <LinkPlayer {...props} />;
}
