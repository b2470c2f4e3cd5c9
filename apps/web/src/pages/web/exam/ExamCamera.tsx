/**
 * The exam camera (SPEC §2 "exam camera widget", §4 "Exam camera", §8 exam capture messages; issue
 * 12): shown on the exam page when the exam has camOn (paper-detail `guard`). It sends a frame to
 * /api/paper/capture/save as soon as the camera shows a picture (so each opening of the exam page is
 * checked at once), then every camInterval minutes. When the camera cannot be opened it sends the
 * camera-error placeholder (`camError: true`, no image) at the same moments: the server counts it as
 * a failure. After a failed capture the widget shows '请诚信考试，确保人脸在摄像头中央！' and the
 * server's '人脸识别已失败N次，连续失败M次将自动交卷！'; `isBreak` ('连续N次人脸识别失败，系统强制交卷！')
 * (a message, not a dialog) or a paper the server already closed calls `onBreak` (the result page).
 * The widget also tracks the face in the browser (FaceCamera `track`): while no face is in view it
 * shows '未识别到人脸，请将人脸置于摄像头中央！' under the picture and, at once and every 10 s, the
 * non-blocking reminder '请诚信考试，确保人脸在摄像头中央！' (captures stay on the camInterval timer).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { App } from 'antd';
import { FACE_MSG } from '@kaopei/contracts/face';
import { PaperError } from '@kaopei/contracts/paper';
import { paperCaptureApi } from '@kaopei/contracts/paper-capture';
import { call, isApiError } from '../../../api/request';
import { FaceCamera, type CameraState, type FaceCameraHandle } from '../../../components/face/FaceCamera';

export default function ExamCamera({ paperId, camInterval, faceChance, onBreak }: { paperId: string; camInterval: number; faceChance: number; onBreak: () => void }) {
  const { message } = App.useApp();
  const cam = useRef<FaceCameraHandle>(null);
  const [camera, setCamera] = useState<CameraState>('loading');
  const [shots, setShots] = useState(0);
  const [failCount, setFailCount] = useState(0);
  const [msg, setMsg] = useState('');
  const busy = useRef(false);
  const broken = useRef(false);
  const breakRef = useRef(onBreak);
  useEffect(() => {
    breakRef.current = onBreak;
  }, [onBreak]);

  const track = useMemo(() => ({ hint: true, onFaceOut: () => void message.warning({ content: <span data-testid="cam-face-out">{FACE_MSG.examFaceOut}</span> }) }), [message]);

  const shoot = useCallback(async () => {
    if (busy.current || broken.current) return;
    const frame = cam.current?.capture() ?? null;
    busy.current = true;
    try {
      const res = await call(paperCaptureApi.save, frame ? { paperId, base64: frame } : { paperId, camError: true }, { quiet: [PaperError.PAPER_HANDED.code, PaperError.PAPER_TIMEOUT.code] });
      setShots((n) => n + 1);
      setFailCount(res.failCount);
      setMsg(res.msg);
      if (res.isBreak) {
        broken.current = true;
        // Not a blocking dialog: the result page says it again (./CaptureAppeal.tsx) and offers the appeal.
        message.error({ content: <span data-testid="cam-break">{res.msg}</span>, duration: 6 });
        breakRef.current();
      } else if (res.msg) {
        message.warning(FACE_MSG.examFaceOut);
      }
    } catch (err) {
      if (isApiError(err, PaperError.PAPER_HANDED.code) || isApiError(err, PaperError.PAPER_TIMEOUT.code)) {
        broken.current = true;
        breakRef.current();
      }
      // Other failures are shown by the request helper; the next capture tries again.
    } finally {
      busy.current = false;
    }
  }, [paperId, message]);

  // First capture once the camera answered (a picture or an error), then every camInterval minutes.
  useEffect(() => {
    if (camera === 'loading') return;
    void shoot();
    const timer = window.setInterval(() => void shoot(), Math.max(1, camInterval) * 60_000);
    return () => window.clearInterval(timer);
  }, [camera, camInterval, shoot]);

  return (
    <div className="exam-camera" data-testid="exam-camera" style={{ position: 'fixed', right: 12, bottom: 12, zIndex: 900, width: 200, background: '#fff', boxShadow: '0 2px 8px rgba(0,0,0,.25)', borderRadius: 6, padding: 6 }}>
      <FaceCamera ref={cam} width={188} testId="exam-camera-video" onState={(s) => setCamera(s)} track={track} />
      <div style={{ fontSize: 12, marginTop: 4 }} data-testid="cam-counter">
        已抓拍 {shots} 次 · 连续失败 {failCount}/{faceChance}
      </div>
      {msg ? (
        <div style={{ fontSize: 12, color: '#ff4d4f' }} data-testid="cam-msg">
          {failCount > 0 && !broken.current ? `${FACE_MSG.examFaceOut} ` : ''}
          {msg}
        </div>
      ) : null}
    </div>
  );
}
