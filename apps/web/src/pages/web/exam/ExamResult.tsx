/**
 * /web/exam/result/:id/:from (:id = PAPER id) — exam result (/api/paper/paper/paper-result), as the
 * exam's result display (resultShow) allows and the server sends: the thanks text (`result-thanks`)
 * always; userScore / totalScore, qualifyScore, 通过 / 未通过 and time used from 2; every question
 * with the learner's answer, the right answer (options, accepted blanks, pairs, reference answer),
 * the marker's comment, the analysis and the score at 3. A paper awaiting marking shows '试卷待阅卷'
 * (`result-waiting`). Back goes to /web/paper when from = paper, else /web/index.
 */
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Result, Space, Spin, Tag, Typography } from 'antd';
import { CheckOutlined, CloseOutlined, LeftOutlined } from '@ant-design/icons';
import { PaperState, PASSED_LABEL, QU_TYPE_LABEL, QuType } from '@kaopei/contracts';
import { paperApi, type ResultSubQu } from '@kaopei/contracts/paper';
import { call } from '../../../api/request';
import { RichText } from '../../../components/RichText';
import { formatDuration } from '../../../utils/format';

type ResultQu = ResultSubQu & { subList?: ResultSubQu[] };

/** The learner's answer and the right answer of a question that is not a choice, as two short texts. */
function answerTexts(qu: ResultQu): { mine: string; right: string } {
  if (qu.quType === QuType.FILL) return { mine: qu.blanks.filter((b) => b.trim()).join('；'), right: qu.rightBlanks.map((b) => b.join(' 或 ')).join('；') };
  if (qu.quType === QuType.MATCH) {
    const label = (id: string) => qu.answerList.find((o) => o.id === id)?.abc ?? '';
    return {
      mine: Object.entries(qu.pairs).map(([k, v]) => `${label(k)}→${v}`).join('；'),
      right: Object.entries(qu.rightPairs).map(([k, v]) => `${label(k)}→${v}`).join('；'),
    };
  }
  return { mine: '', right: '' };
}

/**
 * One question of a result with its right answers and analysis; bank training leaves the score out
 * (`noScore`) and, in memorise mode, the right / wrong verdict (`noVerdict`).
 */
export function QuResult({ qu, noScore = false, noVerdict = false }: { qu: ResultQu; noScore?: boolean; noVerdict?: boolean }) {
  const choice = qu.quType === QuType.SINGLE || qu.quType === QuType.MULTI || qu.quType === QuType.JUDGE;
  const texts = answerTexts(qu);
  const mine = choice ? qu.answerList.filter((o) => o.checked).map((o) => o.abc).join('、') : texts.mine;
  const right = choice ? qu.answerList.filter((o) => o.isRight).map((o) => o.abc).join('、') : texts.right;
  return (
    <div className={`result-qu ${qu.isRight ? 'result-qu-right' : 'result-qu-wrong'}`} data-testid={`result-qu-${qu.quId}`}>
      <div className="result-qu-head">
        <Space wrap>
          <span className="qu-index">{qu.sort}.</span>
          <Tag color="blue">{qu.quType_dictText || QU_TYPE_LABEL[qu.quType]}</Tag>
          {noVerdict ? null : qu.isRight ? (
            <Tag color="success" icon={<CheckOutlined />}>
              回答正确
            </Tag>
          ) : (
            <Tag color="error" icon={<CloseOutlined />}>
              {qu.answered ? '回答错误' : '未作答'}
            </Tag>
          )}
          {noScore ? null : (
            <span className="result-qu-score" data-testid={`result-qu-score-${qu.quId}`}>
              得分 {qu.actualScore} / {qu.score}
            </span>
          )}
        </Space>
      </div>
      <RichText html={qu.content} className="qu-content" />
      {qu.image ? <img src={qu.image} alt="" className="qu-image" /> : null}
      <div className="result-options">
        {(choice || qu.quType === QuType.MATCH ? qu.answerList : []).map((o) => (
          <div
            key={o.id}
            className={`result-option${o.isRight ? ' result-option-right' : ''}${o.checked ? ' result-option-checked' : ''}${o.checked && !o.isRight ? ' result-option-wrong' : ''}`}
          >
            <span className="qu-option-abc">{o.abc}.</span>
            <div className="qu-option-body">
              <RichText html={o.content} />
              {o.image ? <img src={o.image} alt="" className="qu-option-image" /> : null}
              {o.analysis ? <RichText html={o.analysis} className="result-option-analysis" /> : null}
            </div>
            <span className="result-option-flags">
              {o.checked ? <Tag color={o.isRight ? 'success' : 'error'}>我的选择</Tag> : null}
              {o.isRight ? <Tag color="success">正确答案</Tag> : null}
            </span>
          </div>
        ))}
      </div>
      {qu.quType === QuType.SAQ ? (
        <div className="result-text-answer">
          <div>
            我的答案：<span data-testid={`result-qu-mine-${qu.quId}`}>{qu.answer || '未作答'}</span>
          </div>
          {qu.refAnswer ? (
            <div>
              参考答案：<RichText html={qu.refAnswer} />
            </div>
          ) : null}
        </div>
      ) : qu.quType !== QuType.MIX ? (
        <div className="result-answer-line">
          我的答案：<b data-testid={`result-qu-mine-${qu.quId}`}>{mine || '未作答'}</b>
          <span className="result-answer-gap" />
          正确答案：<b data-testid={`result-qu-right-${qu.quId}`}>{right}</b>
        </div>
      ) : null}
      {qu.comment ? (
        <div className="result-comment" data-testid={`result-qu-comment-${qu.quId}`}>
          阅卷评语：{qu.comment}
        </div>
      ) : null}
      {qu.subList?.length ? (
        <div className="result-subs">
          {qu.subList.map((s) => (
            <QuResult key={s.quId} qu={s} noScore={noScore} noVerdict={noVerdict} />
          ))}
        </div>
      ) : null}
      {qu.analysis ? (
        <div className="result-analysis">
          <Typography.Text strong>解析：</Typography.Text>
          <RichText html={qu.analysis} />
        </div>
      ) : null}
    </div>
  );
}

export default function ExamResult() {
  const { id = '', from } = useParams();
  const navigate = useNavigate();
  const back = from === 'paper' ? '/web/paper' : '/web/index';
  const query = useQuery({ queryKey: ['paper-result', id], queryFn: () => call(paperApi.paperResult, { id }) });

  if (query.isLoading) return <Spin className="page-loading" />;
  const r = query.data;
  if (!r) {
    return <Result status="warning" title="成绩加载失败" extra={<Button onClick={() => navigate(back)}>返回</Button>} />;
  }

  return (
    <div className="web-page narrow">
      <Button icon={<LeftOutlined />} onClick={() => navigate(back)} data-testid="result-back" style={{ marginBottom: 12 }}>
        {from === 'paper' ? '返回我的成绩' : '返回考试列表'}
      </Button>
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
            <QuResult key={q.quId} qu={q} />
          ))}
        </Card>
      ))}
    </div>
  );
}
