/**
 * /m/info/exam — sitting an exam on a phone (issue 14 "Mobile site"; the exam room of issue 9 at
 * phone size, SPEC §2 / §4 exam flow). The query names what shows:
 * - `?id=<examId>`: 考试须知 and 开始考试 / 继续考试 (./MExamCheck.tsx: password, points cost, face
 *   check as on the web's /web/exam/check/:id);
 * - `&paperId=<paperId>`: the exam room (./MExamRoom.tsx), one question per screen; a reload
 *   resumes the same paper with the server's remaining time;
 * - `&view=result`: the paper's result as the exam's result display allows (the web's
 *   ExamResultView), back to /m/home.
 * Without `id`: a warning with a way home. Signed in like every /m page (the guard sends visitors
 * to /login?redirect= and back).
 */
import { useNavigate, useSearchParams } from 'react-router';
import { Button, ErrorBlock } from 'antd-mobile';
import { ExamResultView } from '../web/exam/ExamResult';
import { MExamCheck } from './MExamCheck';
import { MExamRoom } from './MExamRoom';
import { M_HOME, mExamUrl } from './urls';
import './m-exam.css';

export default function MExam() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const examId = params.get('id') ?? '';
  const paperId = params.get('paperId') ?? '';
  const home = () => navigate(M_HOME);

  if (!examId) {
    return (
      <div className="m-exam">
        <ErrorBlock status="default" title="未指定考试" description="请从首页的考试列表进入考试。" />
        <Button block color="primary" size="large" onClick={home} data-testid="m-exam-home">
          返回首页
        </Button>
      </div>
    );
  }
  if (paperId && params.get('view') === 'result') {
    return (
      <div className="m-exam m-exam-result" data-testid="m-exam-result">
        <ExamResultView id={paperId} backLabel="返回首页" onBack={home} />
      </div>
    );
  }
  if (paperId) return <MExamRoom key={paperId} examId={examId} paperId={paperId} />;
  return <MExamCheck examId={examId} onPaper={(id) => navigate(mExamUrl(examId, id), { replace: true })} />;
}
