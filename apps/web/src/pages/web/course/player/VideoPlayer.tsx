/**
 * The course video player (SPEC §4 "Course study", "Video player"; §9 rates 0.5/1/1.5/2, 16:9,
 * resume threshold 5 s, seek tolerance 2 s): a native `<video>`, with hls.js (loaded only for an
 * HLS playlist; the browser's own HLS only where Media Source Extensions are missing) for
 * transcoded files.
 *
 * - Resumes the position remembered locally for `refId` (else `serverPosition`) when over 5 s and
 *   before the end; remembers it while playing; goes back to 0 one second after the end.
 * - `dragLocked`: a seek more than 2 s away from where playback was is reverted (video-rules.ts).
 * - Pauses when the page is hidden (study is tracked only while playing and visible) and while
 *   `hold` is true (a learning check is pending or the study was stopped); play is refused then.
 * - `onState` reports `{position, playing, duration}` (s) on play, pause, seek and about once a
 *   second while playing: the page forwards it to the reading socket. The server, not this player,
 *   decides what counts as study.
 * - The handle (`ref`) lets the page pause it and move it (`seekTo`, e.g. back to the furthest point
 *   the server allows).
 */
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { Select, Space, Typography } from 'antd';
import { clock, END_RESET_MS, isHls, loadPosition, PLAYBACK_RATES, resumeAt, SAVE_EVERY_MS, savePosition, seekRevert } from './video-rules';

export interface VideoState {
  /** Seconds from the start. */
  position: number;
  playing: boolean;
  /** Seconds (0 while unknown). */
  duration: number;
}

export interface VideoPlayerHandle {
  pause(): void;
  /** Resumes playback (after a passed learning check; SPEC §4 "A correct captcha … resumes playback"). */
  play(): void;
  /** Moves playback to `position` (s) without counting it as the learner's seek. */
  seekTo(position: number): void;
}

export interface VideoPlayerProps {
  src: string;
  /** Key of the position remembered in this browser (e.g. `<courseId>:<fileId>`). */
  refId: string;
  dragLocked: boolean;
  /** Where the server last saw this learner (s), used when this browser remembers nothing. */
  serverPosition?: number;
  hold?: boolean;
  onState?: (s: VideoState) => void;
  onEnded?: () => void;
  ref?: Ref<VideoPlayerHandle>;
}

const REPORT_EVERY_MS = 1000;

export function VideoPlayer({ src, refId, dragLocked, serverPosition, hold = false, onState, onEnded, ref }: VideoPlayerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [rate, setRate] = useState(1);
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState(0);
  // Where playback legitimately was (the revert target of a locked seek), and a seek we made ourselves.
  const last = useRef(0);
  const ownSeek = useRef(false);
  const props = useRef({ dragLocked, hold, onState, onEnded });
  props.current = { dragLocked, hold, onState, onEnded };

  useImperativeHandle(ref, () => ({
    pause: () => video.current?.pause(),
    play: () => void video.current?.play().catch(() => undefined),
    seekTo: (p: number) => {
      const v = video.current;
      if (!v) return;
      ownSeek.current = true;
      last.current = p;
      v.currentTime = p;
    },
  }));

  // Source: native playback of an mp4; hls.js for an HLS playlist (native HLS without MSE).
  useEffect(() => {
    const v = video.current;
    if (!v) return;
    let destroyed = false;
    let hls: { destroy(): void } | null = null;
    // hls.js whenever the browser has Media Source Extensions, even where it also plays HLS itself
    // (recent Chromium does): one player, the same behaviour everywhere; native HLS only without MSE.
    if (isHls(src)) {
      void import('hls.js').then(({ default: Hls }) => {
        if (destroyed) return;
        if (!Hls.isSupported()) {
          v.src = src;
          return;
        }
        const h = new Hls();
        h.loadSource(src);
        h.attachMedia(v);
        hls = h;
      });
    } else {
      v.src = src;
    }
    return () => {
      destroyed = true;
      hls?.destroy();
      v.removeAttribute('src');
      v.load();
    };
  }, [src]);

  useEffect(() => {
    if (video.current) video.current.playbackRate = rate;
  }, [rate]);

  useEffect(() => {
    if (hold) video.current?.pause();
  }, [hold]);

  // Hidden page: pause (SPEC §4 "On page hidden the player pauses and progress tracking stops").
  useEffect(() => {
    const onVisibility = () => {
      if (document.hidden) video.current?.pause();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  useEffect(() => {
    const v = video.current;
    if (!v) return;
    let lastReport = 0;
    let lastSave = 0;
    let endTimer: ReturnType<typeof setTimeout> | undefined;
    const report = (force: boolean) => {
      const t = performance.now();
      if (!force && t - lastReport < REPORT_EVERY_MS) return;
      lastReport = t;
      props.current.onState?.({ position: v.currentTime, playing: !v.paused && !v.ended, duration: Number.isFinite(v.duration) ? v.duration : 0 });
    };
    const onLoaded = () => {
      const d = Number.isFinite(v.duration) ? v.duration : 0;
      setDuration(d);
      const start = resumeAt(loadPosition(localStorage, refId) ?? serverPosition ?? null, d);
      if (start > 0) {
        ownSeek.current = true;
        v.currentTime = start;
      }
      last.current = start;
    };
    const onPlay = () => {
      if (props.current.hold || document.hidden) {
        v.pause();
        return;
      }
      report(true);
    };
    const onTime = () => {
      setPosition(v.currentTime);
      if (!v.seeking) last.current = v.currentTime;
      const t = performance.now();
      if (!v.paused && t - lastSave >= SAVE_EVERY_MS) {
        lastSave = t;
        savePosition(localStorage, refId, v.currentTime);
      }
      report(false);
    };
    const onSeeking = () => {
      if (ownSeek.current) {
        ownSeek.current = false;
        return;
      }
      const back = seekRevert(last.current, v.currentTime, props.current.dragLocked);
      if (back !== null) {
        ownSeek.current = true;
        v.currentTime = back;
      }
    };
    const onPause = () => {
      savePosition(localStorage, refId, v.currentTime);
      report(true);
    };
    const onEnd = () => {
      report(true);
      savePosition(localStorage, refId, 0);
      props.current.onEnded?.();
      endTimer = setTimeout(() => {
        ownSeek.current = true;
        last.current = 0;
        v.currentTime = 0;
      }, END_RESET_MS);
    };
    v.addEventListener('loadedmetadata', onLoaded);
    v.addEventListener('play', onPlay);
    v.addEventListener('timeupdate', onTime);
    v.addEventListener('seeking', onSeeking);
    const onSeeked = () => report(true);
    v.addEventListener('seeked', onSeeked);
    v.addEventListener('pause', onPause);
    v.addEventListener('ended', onEnd);
    return () => {
      clearTimeout(endTimer);
      v.removeEventListener('loadedmetadata', onLoaded);
      v.removeEventListener('play', onPlay);
      v.removeEventListener('timeupdate', onTime);
      v.removeEventListener('seeking', onSeeking);
      v.removeEventListener('seeked', onSeeked);
      v.removeEventListener('pause', onPause);
      v.removeEventListener('ended', onEnd);
    };
  }, [refId, serverPosition]);

  return (
    <div className="course-video" data-testid="course-video">
      <div style={{ position: 'relative', width: '100%', aspectRatio: '16 / 9', background: '#000' }}>
        <video
          ref={video}
          controls
          playsInline
          controlsList="nodownload noplaybackrate"
          disablePictureInPicture
          onContextMenu={(e) => e.preventDefault()}
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
          data-testid="course-video-el"
        />
      </div>
      <Space style={{ marginTop: 8 }}>
        <Typography.Text type="secondary" data-testid="course-video-clock">
          {clock(position)} / {clock(duration)}
        </Typography.Text>
        <span>倍速</span>
        <Select
          size="small"
          value={rate}
          onChange={setRate}
          style={{ width: 90 }}
          options={PLAYBACK_RATES.map((r) => ({ value: r, label: `${r}x` }))}
          data-testid="course-video-rate"
        />
        {dragLocked && <Typography.Text type="secondary">本课程不允许拖动进度</Typography.Text>}
      </Space>
    </div>
  );
}
