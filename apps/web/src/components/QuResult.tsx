/**
 * The per-question result rendering shared by the exam result (/web/exam/result), the question
 * detail (/web/qu/view/:id) and wrong-book practice (/web/book/list/:examId): one look for "my
 * answer / the right answer / analysis" wherever a learner sees it after hand-in.
 */
import { Link } from 'react-router';
import { Space, Tag, Typography } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { QU_TYPE_LABEL, QuType } from '@kaopei/contracts';
import type { ResultSubQu } from '@kaopei/contracts/paper';
import { RichText } from './RichText';

/** A result question; a combined one carries its sub-questions. */
export type ResultQu = ResultSubQu & { subList?: ResultSubQu[] };

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
 * One question of a result with the learner's answer and the right one (a paper's full result,
 * /web/qu/view, wrong-book practice): options with 我的选择 / 正确答案, blanks and pairs as texts,
 * the reference answer of a short answer, the marker's comment, sub-questions and the analysis.
 * `noScore`: no score line (practice and training score nothing); `noVerdict`: no 回答正确 / 回答错误
 * (training's memorise mode); `detailHref` a 查看详情 link. The index shows when `sort` > 0.
 */
export function QuResult({ qu, noScore = false, noVerdict = false, detailHref }: { qu: ResultQu; noScore?: boolean; noVerdict?: boolean; detailHref?: string }) {
  const choice = qu.quType === QuType.SINGLE || qu.quType === QuType.MULTI || qu.quType === QuType.JUDGE;
  const texts = answerTexts(qu);
  const mine = choice ? qu.answerList.filter((o) => o.checked).map((o) => o.abc).join('、') : texts.mine;
  const right = choice ? qu.answerList.filter((o) => o.isRight).map((o) => o.abc).join('、') : texts.right;
  return (
    <div className={`result-qu ${qu.isRight ? 'result-qu-right' : 'result-qu-wrong'}`} data-testid={`result-qu-${qu.quId}`}>
      <div className="result-qu-head">
        <Space wrap>
          {qu.sort > 0 ? <span className="qu-index">{qu.sort}.</span> : null}
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
          {detailHref ? (
            <Link to={detailHref} data-testid={`result-qu-detail-${qu.quId}`}>
              查看详情
            </Link>
          ) : null}
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
