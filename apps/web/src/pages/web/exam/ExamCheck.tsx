/**
 * /web/exam/check/:id (:id = exam id) — 考试须知: exam info (/api/exam/exam/check-info) and rules.
 * 开始考试 → create-paper → /web/exam/start/:paperId; with a paper in progress (processPaperId, or
 * code 20010002 whose data.id is that paper) the learner resumes it instead (继续考试). An exam of
 * open type 9 (needPassword) asks for its password, sent with create-paper (20040001 when wrong);
 * points cost, latest start and earliest hand-in are listed when the exam sets them. 设备调试 opens
 * the device check /web/exam/debug. An exam with faceOn opens the face-check dialog first
 * (components/face/FaceCheckDialog, /api/paper/face/check); its faceToken goes with create-paper. An
 * exam with camOn tells the learner that the camera captures during the exam.
 */
import { useNavigate, useParams } from 'react-router';
import { Alert, Button, Card, Descriptions, Input, Result, Space, Spin, Typography } from 'antd';
import { RichText } from '../../../components/RichText';
import { formatWindow } from '../../../utils/format';
import { attemptsText, usedUp } from './attempts';
import { CHECK_NOTES, useStartExam } from './useStartExam';

export default function ExamCheck() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const goPaper = (paperId: string) => navigate(`/web/exam/start/${encodeURIComponent(paperId)}`, { replace: true });
  const { info, starting, password, setPassword, start, faceDialog } = useStartExam(id, goPaper);

  if (info.isLoading) return <Spin className="page-loading" />;
  if (!info.data) {
    return <Result status="warning" title="考试信息加载失败" extra={<Button onClick={() => navigate('/web/index')}>返回考试列表</Button>} />;
  }
  const exam = info.data;
  const resume = Boolean(exam.processPaperId);
  const noChance = usedUp(exam);

  return (
    <div className="web-page narrow">
      <Card title={<span data-testid="check-title">{exam.title}</span>}>
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, sm: 2 }}
          items={[
            { key: 'time', label: '考试时长', children: `${exam.totalTime} 分钟` },
            { key: 'qu', label: '试题数量', children: `${exam.quCount} 题` },
            { key: 'total', label: '试卷总分', children: `${exam.totalScore} 分` },
            { key: 'qualify', label: '及格分', children: `${exam.qualifyScore} 分` },
            { key: 'try', label: '已考/可考次数', children: attemptsText(exam) },
            { key: 'window', label: '考试时间', children: formatWindow(exam.startTime, exam.endTime) },
            ...(exam.pointsCost > 0 ? [{ key: 'points', label: '消耗积分', children: `${exam.pointsCost} 积分（首次参加时扣除）` }] : []),
            ...(exam.lateMaxMinutes > 0 ? [{ key: 'late', label: '最迟开考', children: `开考后 ${exam.lateMaxMinutes} 分钟内` }] : []),
            ...(exam.handMinMinutes > 0 ? [{ key: 'hand', label: '最早交卷', children: `开考 ${exam.handMinMinutes} 分钟后` }] : []),
          ]}
        />
        {exam.content ? (
          <div className="check-content">
            <Typography.Title level={5}>考试说明</Typography.Title>
            <RichText html={exam.content} />
          </div>
        ) : null}
        <div className="check-content">
          <Typography.Title level={5}>考试须知</Typography.Title>
          <ol className="check-notes">
            {CHECK_NOTES.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ol>
        </div>
        {exam.camOn ? <Alert type="info" showIcon title="本场考试开启摄像头监考：考试期间将定时抓拍，请保持人脸在摄像头中央，连续多次识别失败将被强制交卷。" style={{ marginBottom: 16 }} data-testid="check-cam-note" /> : null}
        {noChance ? <Alert type="warning" showIcon title="考试次数已用完！" style={{ marginBottom: 16 }} /> : null}
        {resume ? <Alert type="info" showIcon title="您有正在进行的考试，请继续作答！" style={{ marginBottom: 16 }} /> : null}
        {exam.needPassword && !resume ? (
          <Input.Password
            placeholder="请输入考试密码"
            maxLength={64}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            style={{ maxWidth: 300, marginBottom: 16, display: 'flex' }}
            autoComplete="off"
            data-testid="check-password"
          />
        ) : null}
        <Space>
          <Button type="primary" size="large" loading={starting} disabled={noChance} onClick={() => void start()} data-testid="check-start">
            {resume ? '继续考试' : '开始考试'}
          </Button>
          <Button size="large" onClick={() => navigate('/web/exam/debug')} data-testid="check-debug">
            设备调试
          </Button>
          <Button size="large" onClick={() => navigate('/web/index')}>
            返回
          </Button>
        </Space>
      </Card>
      {faceDialog}
    </div>
  );
}
