/**
 * /web/exam/result/:id/:from (:id = PAPER id) — exam result (/api/paper/paper/paper-result), as the
 * exam's result display (resultShow) allows and the server sends: the thanks text (`result-thanks`)
 * always; userScore / totalScore, qualifyScore, 通过 / 未通过 and time used from 2; every question
 * with the learner's answer, the right answer (options, accepted blanks, pairs, reference answer),
 * the marker's comment, the analysis and the score at 3. A paper awaiting marking shows '试卷待阅卷'
 * (`result-waiting`). Back goes to /web/paper when from = paper, else /web/index. Each question
 * (components/QuResult) links to its detail /web/qu/view/:quId?paperId=; at 3 the page also links
 * to the exam's wrong book /web/book/list/:examId. A paper the exam camera handed in shows why and
 * offers an appeal (./CaptureAppeal.tsx, issue 12).
 */
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Result, Spin, Tag } from 'antd';
import { LeftOutlined } from '@ant-design/icons';
import { PaperState, PASSED_LABEL } from '@kaopei/contracts';
import { paperApi } from '@kaopei/contracts/paper';
import { call } from '../../../api/request';
import { QuResult } from '../../../components/QuResult';
import { formatDuration } from '../../../utils/format';
import { CaptureAppeal } from './CaptureAppeal';

export default function ExamResult() {
  const { id = '', from } = useParams();
  const navigate = useNavigate();
  const back = from === 'paper' ? '/web/paper' : '/web/index';
  return <ExamResultView id={id} backLabel={from === 'paper' ? '返回我的成绩' : '返回考试列表'} onBack={() => navigate(back)} />;
}

/**
 * The result of paper `id` (see the module doc) with a back button (`result-back`, `backLabel`,
 * `onBack`); the phone exam page (pages/m-exam) shows it too.
 */
export function ExamResultView({ id, backLabel, onBack }: { id: string; backLabel: string; onBack: () => void }) {
  const navigate = useNavigate();
  const query = useQuery({ queryKey: ['paper-result', id], queryFn: () => call(paperApi.paperResult, { id }) });

  if (query.isLoading) return <Spin className="page-loading" />;
  const r = query.data;
  if (!r) {
    return <Result status="warning" title="成绩加载失败" extra={<Button onClick={onBack}>返回</Button>} />;
  }

  return (
    <div className="web-page narrow">
      <Button icon={<LeftOutlined />} onClick={onBack} data-testid="result-back" style={{ marginBottom: 12 }}>
        {backLabel}
      </Button>
      <CaptureAppeal paperId={id} />
      <Card className="result-summary">
        {r.thanksText ? (
          <p className="result-thanks" data-testid="result-thanks">
            {r.thanksText}
          </p>
        ) : null}
        {r.state === PaperState.WAIT_MARK ? (
          <p className="result-waiting" data-testid="result-waiting">
            试卷待阅卷，阅卷完成后可查看成绩。
          </p>
        ) : null}
        {r.userScore !== null ? (
        <div className="result-score-box">
          <div className="result-title">{r.title}</div>
          <div className="result-score-line">
            <span className="result-score" data-testid="result-score">
              {r.userScore}
            </span>
            <span className="result-total">
              / <span data-testid="result-total">{r.totalScore}</span> 分
            </span>
          </div>
          <Tag color={r.passed ? 'success' : 'error'} className="result-passed-tag">
            <span data-testid="result-passed">{PASSED_LABEL[r.passed ? 1 : 0]}</span>
          </Tag>
        </div>
        ) : null}
        {r.groupList ? (
          <Button type="link" onClick={() => navigate(`/web/book/list/${encodeURIComponent(r.examId)}`)} data-testid="result-book">
            错题本
          </Button>
        ) : null}
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, md: 3 }}
          items={[
            { key: 'qualify', label: '及格分', children: `${r.qualifyScore} 分` },
            { key: 'used', label: '用时', children: formatDuration(r.userTime) },
            { key: 'state', label: '状态', children: r.state_dictText },
            { key: 'start', label: '开始时间', children: r.createTime },
            { key: 'hand', label: '交卷时间', children: r.handTime ?? '-' },
          ]}
        />
      </Card>
      {(r.groupList ?? []).map((g) => (
        <Card key={g.id} className="result-group" title={`${g.title}（共${g.quCount}题，共${g.totalScore}分）`}>
          {g.quList.map((q) => (
            <QuResult key={q.quId} qu={q} detailHref={`/web/qu/view/${encodeURIComponent(q.quId)}?paperId=${encodeURIComponent(r.id)}`} />
          ))}
        </Card>
      ))}
    </div>
  );
}
