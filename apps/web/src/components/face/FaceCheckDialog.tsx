/**
 * The face-check dialog (SPEC §2, §4 "Face camera", §8 face dialog): the camera tracks the face in
 * the browser (FaceCamera `track`, blazeface): a face in view shows '很好，请保持这个姿势！' and,
 * after FACE_CONST.autoCaptureMs (2 s) of a steady face, the dialog captures a frame by itself and
 * shows '正在比对，请稍候..' while `check` (the caller's call: the exam's face check, a study check …)
 * compares it on the server; no face shows '未识别到人脸，请将人脸置于摄像头中央！' and calls
 * `onFaceOut` at once and every 10 s until the face is back. A failure shows the answer's failMsg
 * and, 2 s later, tracks again (retrack unlocks the next capture); a pass shows '人脸比对成功！' and
 * closes after 2 s with `onPass`. Closing it shows '窗口已关闭，若要重新识别请刷新页面！'.
 *
 * When the detector cannot run in this browser (no WebGL/WASM, load failure) the dialog falls back
 * to capturing 2 s after the camera shows a picture (and 2 s after each failure) and says so
 * quietly; the server's engine still decides, so nothing is ever blocked by the browser.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { App, Modal } from 'antd';
import { FACE_CONST, FACE_MSG } from '@kaopei/contracts/face';
import { FaceCamera, trackHint, type CameraState, type FaceCameraHandle } from './FaceCamera';
import type { FaceTrackState } from './faceTracker';

export interface FaceCheckAnswer {
  pass: boolean;
  failMsg: string;
}

type Phase = 'camera' | 'tracking' | 'comparing' | 'failed' | 'passed' | 'error';

/** The quiet note of the timer fallback. */
export const NO_TRACKING_NOTE = '当前浏览器无法运行人脸检测，将定时抓拍比对';

export function FaceCheckDialog<R extends FaceCheckAnswer>({
  open,
  title = '人脸核验',
  check,
  onPass,
  onClose,
  onFaceOut,
}: {
  open: boolean;
  title?: string;
  /** Sends the frame (jpeg data URL) and answers the server's result; a rejection counts as a failure with its message. */
  check: (base64: string) => Promise<R>;
  onPass: (result: R) => void;
  onClose: () => void;
  /** The face left the camera (at once, then every 10 s while it stays away). */
  onFaceOut?: () => void;
}) {
  const { message } = App.useApp();
  const cam = useRef<FaceCameraHandle>(null);
  const [phase, setPhase] = useState<Phase>('camera');
  const [track, setTrack] = useState<FaceTrackState>('loading');
  const [text, setText] = useState('');
  const timer = useRef<number | undefined>(undefined);
  const live = useRef(true);
  const fallback = track === 'unavailable';
  const compareRef = useRef<() => Promise<void>>(async () => undefined);
  const trackRef = useRef(track);
  const phaseRef = useRef(phase);

  const schedule = useCallback((fn: () => void, ms: number) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(fn, ms);
  }, []);

  // Tracks again: the tracker decides the next capture, or the timer when there is no tracker.
  const again = useCallback(
    (timed: boolean) => {
      setPhase('tracking');
      if (timed) schedule(() => void compareRef.current(), FACE_CONST.autoCaptureMs);
      else cam.current?.retrack();
    },
    [schedule],
  );

  const compare = useCallback(async () => {
    const timed = !cam.current || trackRef.current === 'unavailable';
    const frame = cam.current?.capture();
    if (!frame) return again(timed);
    setPhase('comparing');
    setText(FACE_MSG.comparing);
    try {
      const r = await check(frame);
      if (!live.current) return;
      if (r.pass) {
        setPhase('passed');
        setText(FACE_MSG.compared);
        schedule(() => onPass(r), FACE_CONST.autoCaptureMs);
        return;
      }
      setPhase('failed');
      setText(r.failMsg || FACE_MSG.noFace);
    } catch (e) {
      if (!live.current) return;
      setPhase('failed');
      setText(e instanceof Error ? e.message : FACE_MSG.noFace);
    }
    schedule(() => again(trackRef.current === 'unavailable'), FACE_CONST.autoCaptureMs);
  }, [check, onPass, schedule, again]);
  useEffect(() => {
    compareRef.current = compare;
    trackRef.current = track;
    phaseRef.current = phase;
  }, [compare, track, phase]);

  const onState = useCallback((s: CameraState, msg: string) => {
    if (s === 'error') {
      setPhase('error');
      setText(msg);
    } else if (s === 'ready') setPhase('tracking');
  }, []);

  const onTrack = useCallback((s: FaceTrackState) => {
    trackRef.current = s;
    setTrack(s);
  }, []);
  // No detector here: the old behaviour, a capture 2 s after the picture shows (later ones follow failures).
  useEffect(() => {
    if (track === 'unavailable' && phaseRef.current === 'tracking') schedule(() => void compareRef.current(), FACE_CONST.autoCaptureMs);
  }, [track, schedule]);
  const onCapture = useCallback(() => void compareRef.current(), []);

  useEffect(() => {
    live.current = open;
    if (!open) {
      window.clearTimeout(timer.current);
      setPhase('camera');
      setTrack('loading');
      setText('');
    }
    return () => window.clearTimeout(timer.current);
  }, [open]);

  const close = () => {
    window.clearTimeout(timer.current);
    if (phase !== 'passed') message.warning(FACE_MSG.dialogClosed);
    onClose();
  };

  const shown = phase === 'tracking' ? (fallback ? FACE_MSG.keepPose : trackHint(track)) : text;
  const color = phase === 'passed' ? '#52c41a' : phase === 'failed' || phase === 'error' || (phase === 'tracking' && track === 'lost') ? '#ff4d4f' : '#1677ff';
  return (
    <Modal open={open} title={title} footer={null} onCancel={close} destroyOnHidden maskClosable={false} width={420} centered>
      {open ? <FaceCamera ref={cam} onState={onState} width={360} testId="face-check-camera" track={{ autoCapture: true, onCapture, onFaceOut, onTrack }} /> : null}
      <div data-testid="face-check-msg" data-phase={phase} data-track={track} style={{ marginTop: 12, textAlign: 'center', color, minHeight: 22 }}>
        {shown}
      </div>
      {fallback && phase !== 'error' ? (
        <div data-testid="face-check-note" style={{ textAlign: 'center', color: '#999', fontSize: 12 }}>
          {NO_TRACKING_NOTE}
        </div>
      ) : null}
    </Modal>
  );
}
