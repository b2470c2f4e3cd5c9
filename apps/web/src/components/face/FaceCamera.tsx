/**
 * The camera widget (SPEC §2 "exam camera widget", §8 camera messages): a live `<video>` of the
 * user's camera (getUserMedia) and `capture()`, which answers the current frame as a jpeg data URL
 * (at most CAPTURE_WIDTH px wide, quality 0.8) or null while no frame is available. Without the
 * media API it shows '您的浏览器不支持媒体访问，请升级浏览器！'; when the camera cannot be opened
 * (no camera, permission refused) '摄像头载入失败，请确认电脑上有摄像头且已允许网页访问！'. `onState`
 * tells the parent when the camera is ready or failed. The stream stops when the widget unmounts.
 * Used by the exam camera, the face-check dialog and the device debugging page; the study and
 * face-login screens reuse it.
 *
 * With `track` the widget also tracks the face in the browser (useFaceTracker: blazeface, ≈3 fps)
 * once the camera shows a picture: a box over the face, `data-track` = the tracker state,
 * `track.onTrack` on each change, `track.onCapture` after 2 s of a steady face when
 * `track.autoCapture`, `track.onFaceOut` at a loss and every 10 s after; `hint` shows the SPEC §4
 * pose messages under the picture (the small exam camera; the dialog shows its own). `retrack()` on
 * the handle unlocks the next automatic capture.
 */
import { useCallback, useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { FACE_MSG } from '@kaopei/contracts/face';
import type { FaceTrackState } from './faceTracker';
import { useFaceTracker } from './useFaceTracker';

/** Largest width of a captured frame (px); a 640×480 jpeg is ~30–60 KB. */
export const CAPTURE_WIDTH = 640;

export type CameraState = 'loading' | 'ready' | 'error';

export interface FaceCameraHandle {
  /** The current frame as `data:image/jpeg;base64,…`, or null when the camera shows nothing yet. */
  capture: () => string | null;
  /** Unlocks the tracker after an automatic capture (nothing without `track`). */
  retrack: () => void;
}

/** In-browser tracking of the widget (see the header). */
export interface FaceTrackProps {
  autoCapture?: boolean;
  onCapture?: () => void;
  onFaceOut?: () => void;
  onTrack?: (state: FaceTrackState) => void;
  /** Show '很好，请保持这个姿势！' / '未识别到人脸，请将人脸置于摄像头中央！' under the picture. */
  hint?: boolean;
}

/** The pose message of a tracker state (SPEC §4 "Face camera"), '' when there is none. */
export function trackHint(state: FaceTrackState): string {
  return state === 'found' ? FACE_MSG.keepPose : state === 'lost' ? FACE_MSG.noFace : '';
}

/** The media API of this browser, or null (old browser, page not served over https/localhost). */
function mediaApi(): MediaDevices | null {
  return typeof navigator !== 'undefined' && navigator.mediaDevices && typeof navigator.mediaDevices.getUserMedia === 'function' ? navigator.mediaDevices : null;
}

export function FaceCamera({
  ref,
  onState,
  width = 320,
  testId = 'face-camera',
  className,
  track,
}: {
  ref?: Ref<FaceCameraHandle>;
  onState?: (state: CameraState, msg: string) => void;
  /** Display width (px); the height follows the camera's aspect. */
  width?: number;
  testId?: string;
  className?: string;
  track?: FaceTrackProps;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('loading');
  const [msg, setMsg] = useState('');
  const stateRef = useRef(onState);
  useEffect(() => {
    stateRef.current = onState;
  }, [onState]);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    const fail = (text: string) => {
      if (stopped) return;
      setState('error');
      setMsg(text);
      stateRef.current?.('error', text);
    };
    const media = mediaApi();
    if (!media) {
      fail(FACE_MSG.noMediaApi);
      return;
    }
    media.getUserMedia({ video: { width: { ideal: 640 }, height: { ideal: 480 } }, audio: false }).then(
      (s) => {
        if (stopped) return s.getTracks().forEach((t) => t.stop());
        stream = s;
        const v = video.current;
        if (!v) return;
        v.srcObject = s;
        const ready = () => {
          if (stopped) return;
          setState('ready');
          stateRef.current?.('ready', '');
        };
        if (v.readyState >= 2) ready();
        else v.addEventListener('loadeddata', ready, { once: true });
        void v.play().catch(() => undefined);
      },
      () => fail(FACE_MSG.cameraFailed),
    );
    return () => {
      stopped = true;
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  const capture = useCallback((): string | null => {
    const v = video.current;
    if (!v || state !== 'ready' || !v.videoWidth) return null;
    const scale = Math.min(1, CAPTURE_WIDTH / v.videoWidth);
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(v.videoWidth * scale);
    canvas.height = Math.round(v.videoHeight * scale);
    const g = canvas.getContext('2d');
    if (!g) return null;
    g.drawImage(v, 0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/jpeg', 0.8);
  }, [state]);
  const tracker = useFaceTracker(video, { enabled: !!track && state === 'ready', autoCapture: track?.autoCapture, onCapture: track?.onCapture, onFaceOut: track?.onFaceOut });
  const onTrack = track?.onTrack;
  useEffect(() => {
    if (state === 'ready') onTrack?.(tracker.state);
  }, [state, tracker.state, onTrack]);
  const retrack = tracker.retrack;
  useImperativeHandle(ref, () => ({ capture, retrack }), [capture, retrack]);
  const box = track && tracker.state === 'found' ? tracker.box : undefined;
  const pct = (n: number, of: number) => `${((n / of) * 100).toFixed(2)}%`;

  return (
    <div className={`face-camera ${className ?? ''}`} style={{ width, maxWidth: '100%', position: 'relative' }} data-testid={testId} data-state={state} data-track={track && state === 'ready' ? tracker.state : undefined}>
      <video ref={video} autoPlay muted playsInline style={{ width: '100%', display: state === 'error' ? 'none' : 'block', background: '#000', borderRadius: 4 }} />
      {box ? (
        <div
          className="face-camera-box"
          style={{ position: 'absolute', left: pct(box.x, box.frameWidth), top: pct(box.y, box.frameHeight), width: pct(box.width, box.frameWidth), height: pct(box.height, box.frameHeight), border: '2px solid #52c41a', borderRadius: 4, pointerEvents: 'none' }}
        />
      ) : null}
      {track?.hint && state === 'ready' && trackHint(tracker.state) ? (
        <div data-testid={`${testId}-hint`} style={{ fontSize: 12, marginTop: 2, color: tracker.state === 'lost' ? '#ff4d4f' : '#52c41a' }}>
          {trackHint(tracker.state)}
        </div>
      ) : null}
      {state === 'error' ? (
        <div className="face-camera-error" data-testid={`${testId}-error`} style={{ padding: 16, textAlign: 'center', color: '#999', background: '#fafafa', borderRadius: 4 }}>
          {msg}
        </div>
      ) : null}
    </div>
  );
}
