/**
 * 考试须知 of the phone exam page (./MExam.tsx): the exam's figures (time, questions, scores,
 * attempts, window, points cost, latest start, earliest hand-in), its description and the rules,
 * the password field of an exam of open type 9, and 开始考试 / 继续考试 (the web's useStartExam:
 * processPaperId resumes, faceOn asks for the face check, create-paper otherwise). No attempts
 * left → the button is disabled with '考试次数已用完！'.
 */
import { useNavigate } from 'react-router';
import { Button, ErrorBlock, Input, List, NoticeBar } from 'antd-mobile';
import { RichText } from '../../components/RichText';
import { formatWindow } from '../../utils/format';
import { attemptsText, usedUp } from '../web/exam/attempts';
import { CHECK_NOTES, useStartExam } from '../web/exam/useStartExam';
import { M_HOME } from './urls';

export function MExamCheck({ examId, onPaper }: { examId: string; onPaper: (paperId: string) => void }) {
  const navigate = useNavigate();
  const { info, starting, password, setPassword, start, faceDialog } = useStartExam(examId, onPaper);

  if (info.isLoading) return <div className="m-exam m-exam-loading">加载中…</div>;
  if (!info.data) {
    return (
      <div className="m-exam">
        <ErrorBlock status="default" title="考试信息加载失败" description="" />
        <Button block size="large" onClick={() => navigate(M_HOME)}>
          返回首页
        </Button>
      </div>
    );
  }
  const exam = info.data;
  const resume = Boolean(exam.processPaperId);
  const noChance = usedUp(exam);
  const rows: [string, string][] = [
    ['考试时长', `${exam.totalTime} 分钟`],
    ['试题数量', `${exam.quCount} 题`],
    ['试卷总分', `${exam.totalScore} 分`],
    ['及格分', `${exam.qualifyScore} 分`],
    ['已考/可考次数', attemptsText(exam)],
    ['考试时间', formatWindow(exam.startTime, exam.endTime)],
    ...(exam.pointsCost > 0 ? [['消耗积分', `${exam.pointsCost} 积分（首次参加时扣除）`] as [string, string]] : []),
    ...(exam.lateMaxMinutes > 0 ? [['最迟开考', `开考后 ${exam.lateMaxMinutes} 分钟内`] as [string, string]] : []),
    ...(exam.handMinMinutes > 0 ? [['最早交卷', `开考 ${exam.handMinMinutes} 分钟后`] as [string, string]] : []),
  ];

  return (
    <div className="m-exam m-exam-check">
      <h2 className="m-exam-title" data-testid="m-check-title">
        {exam.title}
      </h2>
      <List>
        {rows.map(([label, value]) => (
          <List.Item key={label} extra={value}>
            {label}
          </List.Item>
        ))}
      </List>
      {exam.content ? (
        <section className="m-exam-section">
          <h3>考试说明</h3>
          <RichText html={exam.content} />
        </section>
      ) : null}
      <section className="m-exam-section">
        <h3>考试须知</h3>
        <ol className="check-notes">
          {CHECK_NOTES.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ol>
      </section>
      {exam.camOn ? <NoticeBar wrap color="info" content="本场考试开启摄像头监考：考试期间将定时抓拍，请保持人脸在摄像头中央，连续多次识别失败将被强制交卷。" /> : null}
      {noChance ? <NoticeBar wrap color="alert" content="考试次数已用完！" /> : null}
      {resume ? <NoticeBar wrap color="info" content="您有正在进行的考试，请继续作答！" /> : null}
      {exam.needPassword && !resume ? (
        <div className="m-exam-password">
          <Input type="password" placeholder="请输入考试密码" maxLength={64} value={password} onChange={setPassword} autoComplete="off" data-testid="m-check-password" />
        </div>
      ) : null}
      <div className="m-exam-actions">
        <Button block color="primary" size="large" loading={starting} disabled={noChance} onClick={() => void start()} data-testid="m-check-start">
          {resume ? '继续考试' : '开始考试'}
        </Button>
        <Button block size="large" onClick={() => navigate(M_HOME)}>
          返回
        </Button>
      </div>
      {faceDialog}
    </div>
  );
}
