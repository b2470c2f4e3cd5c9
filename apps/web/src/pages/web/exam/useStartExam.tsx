/**
 * Starting (or resuming) an exam from its 考试须知 (SPEC §4 exam flow), shared by the web check page
 * (./ExamCheck.tsx, /web/exam/check/:id) and the phone exam page (pages/m-exam, /m/info/exam):
 * check-info of exam `examId`; `start()` → the paper in progress when check-info names one
 * (processPaperId), else the face check first for an exam with faceOn (`faceDialog`, its faceToken
 * goes with create-paper), else create-paper with the password of an exam of open type 9
 * (needPassword; 20040001 when wrong, shown by the request helper), then `onPaper(paperId)`. A paper
 * already in progress (20010002, data.id) opens that paper; other refusals (no attempts left, not
 * enough points, outside the window) are shown by the request helper and check-info is re-read.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { examApi } from '@kaopei/contracts/exam';
import { paperApi, PaperError } from '@kaopei/contracts/paper';
import { paperCaptureApi } from '@kaopei/contracts/paper-capture';
import { call, isApiError } from '../../../api/request';
import { FaceCheckDialog } from '../../../components/face/FaceCheckDialog';

/** The rules listed under 考试须知. */
export const CHECK_NOTES = [
  '考试开始后开始计时，时间到系统将自动交卷。',
  '每道题作答后会自动保存，页面上会显示保存状态；网络异常时请点击重试。',
  '考试期间不能复制粘贴。',
  '交卷后即可查看成绩与答题详情。',
];

export function useStartExam(examId: string, onPaper: (paperId: string) => void) {
  const [starting, setStarting] = useState(false);
  const [password, setPassword] = useState('');
  const [faceOpen, setFaceOpen] = useState(false);
  const info = useQuery({ queryKey: ['check-info', examId], queryFn: () => call(examApi.checkInfo, { id: examId }), enabled: Boolean(examId) });

  const start = async (faceToken?: string) => {
    if (info.data?.processPaperId) {
      onPaper(info.data.processPaperId);
      return;
    }
    // faceOn: the face check first; its pass calls start again with the token.
    if (info.data?.faceOn && !faceToken) {
      setFaceOpen(true);
      return;
    }
    setFaceOpen(false);
    setStarting(true);
    try {
      const paper = await call(
        paperApi.createPaper,
        { examId, ...(info.data?.needPassword ? { password } : {}), ...(faceToken ? { faceToken } : {}) },
        { quiet: [PaperError.EXAM_IN_PROGRESS.code] },
      );
      onPaper(paper.id);
    } catch (err) {
      const inProgress = isApiError(err, PaperError.EXAM_IN_PROGRESS.code) ? (err.data as { id?: string } | null)?.id : undefined;
      if (inProgress) onPaper(inProgress);
      else void info.refetch();
    } finally {
      setStarting(false);
    }
  };

  /** The face-check dialog of an exam with faceOn (closed until `start` opens it). */
  const faceDialog = (
    <FaceCheckDialog
      open={faceOpen}
      title="考前人脸核验"
      check={(base64) => call(paperCaptureApi.faceCheck, { examId, base64 }, { quiet: true })}
      onPass={(r) => void start(r.faceToken)}
      onClose={() => setFaceOpen(false)}
    />
  );

  return { info, starting, password, setPassword, start, faceDialog };
}
