/**
 * Face checks while studying a course with faceOn (issue 12 "Camera proctoring", Study; SPEC §4
 * "Face camera", "Study face capture", §8 study capture messages, §9 faceInterval):
 *
 * - while `pending` (the server credits nothing: no passed face check within faceInterval + grace)
 *   the face-check dialog compares the learner's face through /api/course/face/validate-face;
 *   a pass calls `onPassed` (the player resumes);
 * - otherwise a small camera in the corner captures a frame every faceInterval minutes for
 *   /api/course/face/save: a failure shows '人脸识别已失败N次，连续失败M次将退出学习！', a break
 *   '连续N次人脸识别失败！' through `onBreak` (study ends on this page).
 *
 * The server decides everything; without a capture the window simply runs out and the dialog returns.
 */
import { useEffect, useMemo, useRef } from 'react';
import { App } from 'antd';
import { courseFaceApi } from '@kaopei/contracts/course-face';
import { FACE_MSG } from '@kaopei/contracts/face';
import { call } from '../../../../api/request';
import { FaceCamera, type FaceCameraHandle } from '../../../../components/face/FaceCamera';
import { FaceCheckDialog } from '../../../../components/face/FaceCheckDialog';

export function StudyFaceGuard({
  courseId,
  fileId,
  faceInterval,
  pending,
  onPassed,
  onBreak,
}: {
  courseId: string;
  fileId: string;
  /** Minutes between two captures. */
  faceInterval: number;
  pending: boolean;
  onPassed: () => void;
  onBreak: (msg: string) => void;
}) {
  const { message } = App.useApp();
  const cam = useRef<FaceCameraHandle>(null);
  const handlers = useRef({ onBreak, message });
  handlers.current = { onBreak, message };

  // In-browser tracking of the corner camera: a face-out reminds the learner (not blocking); the captures stay on the timer.
  const studyTrack = useMemo(() => ({ hint: true, onFaceOut: () => void handlers.current.message.warning(FACE_MSG.studyFaceOut) }), []);

  useEffect(() => {
    if (pending) return;
    const timer = window.setInterval(() => {
      const frame = cam.current?.capture();
      if (!frame) return; // no picture: no capture; the server's window runs out and asks again
      void call(courseFaceApi.save, { courseId, fileId, base64: frame }, { quiet: true }).then(
        (r) => {
          if (r.isBreak) handlers.current.onBreak(FACE_MSG.studyBreak(r.faceChance));
          else if (r.failCount > 0) {
            void handlers.current.message.warning(FACE_MSG.studyFailed(r.failCount, r.faceChance));
            void handlers.current.message.warning(FACE_MSG.studyFaceOut);
          }
        },
        () => undefined,
      );
    }, faceInterval * 60_000);
    return () => window.clearInterval(timer);
  }, [pending, courseId, fileId, faceInterval]);

  return (
    <>
      {!pending && (
        <div style={{ position: 'fixed', right: 16, bottom: 16, zIndex: 10, background: '#fff', padding: 4, borderRadius: 4, boxShadow: '0 2px 8px rgba(0,0,0,.15)' }} data-testid="study-face-camera">
          <FaceCamera ref={cam} width={160} testId="study-face-video" track={studyTrack} />
        </div>
      )}
      <FaceCheckDialog
        open={pending}
        title="学习人脸核验"
        check={(base64) => call(courseFaceApi.validateFace, { courseId, fileId, base64 }, { quiet: true })}
        onPass={onPassed}
        onClose={() => undefined}
      />
    </>
  );
}
