/**
 * The face-check dialog (SPEC §2, §4 "Face camera", §8 face dialog): the camera, and once it shows a
 * picture '很好，请保持这个姿势！'; after FACE_CONST.autoCaptureMs (2 s) it captures a frame by itself
 * and shows '正在比对，请稍候..' while `check` (the caller's call: the exam's face check, a study
 * check …) compares it on the server. A failure shows the answer's failMsg (e.g.
 * '未识别到人脸，请将人脸置于摄像头中央！') and tracks again (another capture 2 s later); a pass shows
 * '人脸比对成功！' and closes after 2 s with `onPass`. Closing it shows
 * '窗口已关闭，若要重新识别请刷新页面！'. The face itself is found by the server's engine, so the
 * dialog needs no face model in the browser.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { App, Modal } from 'antd';
import { FACE_CONST, FACE_MSG } from '@kaopei/contracts/face';
import { FaceCamera, type CameraState, type FaceCameraHandle } from './FaceCamera';

export interface FaceCheckAnswer {
  pass: boolean;
  failMsg: string;
}

type Phase = 'camera' | 'tracking' | 'comparing' | 'failed' | 'passed' | 'error';

export function FaceCheckDialog<R extends FaceCheckAnswer>({
  open,
  title = '人脸核验',
  check,
  onPass,
  onClose,
}: {
  open: boolean;
  title?: string;
  /** Sends the frame (jpeg data URL) and answers the server's result; a rejection counts as a failure with its message. */
  check: (base64: string) => Promise<R>;
  onPass: (result: R) => void;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const cam = useRef<FaceCameraHandle>(null);
  const [phase, setPhase] = useState<Phase>('camera');
  const [text, setText] = useState('');
  const timer = useRef<number | undefined>(undefined);
  const live = useRef(true);

  const schedule = useCallback((fn: () => void, ms: number) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(fn, ms);
  }, []);

  const compare = useCallback(async () => {
    const frame = cam.current?.capture();
    if (!frame) return schedule(() => void compare(), FACE_CONST.autoCaptureMs);
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
    // Track again: show the pose hint and capture 2 s later.
    schedule(() => {
      setPhase('tracking');
      setText(FACE_MSG.keepPose);
      schedule(() => void compare(), FACE_CONST.autoCaptureMs);
    }, FACE_CONST.autoCaptureMs);
  }, [check, onPass, schedule]);

  const onState = useCallback(
    (s: CameraState, msg: string) => {
      if (s === 'error') {
        setPhase('error');
        setText(msg);
        return;
      }
      if (s === 'ready') {
        setPhase('tracking');
        setText(FACE_MSG.keepPose);
        schedule(() => void compare(), FACE_CONST.autoCaptureMs);
      }
    },
    [compare, schedule],
  );

  useEffect(() => {
    live.current = open;
    if (!open) {
      window.clearTimeout(timer.current);
      setPhase('camera');
      setText('');
    }
    return () => window.clearTimeout(timer.current);
  }, [open]);

  const close = () => {
    window.clearTimeout(timer.current);
    if (phase !== 'passed') message.warning(FACE_MSG.dialogClosed);
    onClose();
  };

  const color = phase === 'passed' ? '#52c41a' : phase === 'failed' || phase === 'error' ? '#ff4d4f' : '#1677ff';
  return (
    <Modal open={open} title={title} footer={null} onCancel={close} destroyOnHidden maskClosable={false} width={420} centered>
      {open ? <FaceCamera ref={cam} onState={onState} width={360} testId="face-check-camera" /> : null}
      <div data-testid="face-check-msg" data-phase={phase} style={{ marginTop: 12, textAlign: 'center', color, minHeight: 22 }}>
        {text}
      </div>
    </Modal>
  );
}
