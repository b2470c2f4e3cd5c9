/**
 * The camera widget (SPEC §2 "exam camera widget", §8 camera messages): a live `<video>` of the
 * user's camera (getUserMedia) and `capture()`, which answers the current frame as a jpeg data URL
 * (at most CAPTURE_WIDTH px wide, quality 0.8) or null while no frame is available. Without the
 * media API it shows '您的浏览器不支持媒体访问，请升级浏览器！'; when the camera cannot be opened
 * (no camera, permission refused) '摄像头载入失败，请确认电脑上有摄像头且已允许网页访问！'. `onState`
 * tells the parent when the camera is ready or failed. The stream stops when the widget unmounts.
 * Used by the exam camera, the face-check dialog and the device debugging page; the study and
 * face-login screens reuse it.
 */
import { useCallback, useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { FACE_MSG } from '@kaopei/contracts/face';

/** Largest width of a captured frame (px); a 640×480 jpeg is ~30–60 KB. */
export const CAPTURE_WIDTH = 640;

export type CameraState = 'loading' | 'ready' | 'error';

export interface FaceCameraHandle {
  /** The current frame as `data:image/jpeg;base64,…`, or null when the camera shows nothing yet. */
  capture: () => string | null;
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
}: {
  ref?: Ref<FaceCameraHandle>;
  onState?: (state: CameraState, msg: string) => void;
  /** Display width (px); the height follows the camera's aspect. */
  width?: number;
  testId?: string;
  className?: string;
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
  useImperativeHandle(ref, () => ({ capture }), [capture]);

  return (
    <div className={`face-camera ${className ?? ''}`} style={{ width, maxWidth: '100%' }} data-testid={testId} data-state={state}>
      <video ref={video} autoPlay muted playsInline style={{ width: '100%', display: state === 'error' ? 'none' : 'block', background: '#000', borderRadius: 4 }} />
      {state === 'error' ? (
        <div className="face-camera-error" data-testid={`${testId}-error`} style={{ padding: 16, textAlign: 'center', color: '#999', background: '#fafafa', borderRadius: 4 }}>
          {msg}
        </div>
      ) : null}
    </div>
  );
}
