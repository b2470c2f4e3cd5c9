/**
 * /admin/exam/exam/preview/:id — a sample paper of the exam (/api/exam/exam/preview: drawn like a
 * learner's paper by the exam's method, never saved), read-only with the right options, reference
 * answers and analysis; 换一份 draws again. 打印 (and `?print=1`, the list's 打印 action) prints it
 * with the print stylesheet (.exam-print: no menus, no buttons, questions not split across pages).
 */
import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Space, Spin, Tag, Typography } from 'antd';
import { examApi, type PreviewQu } from '@kaopei/contracts/exam';
import { QuType } from '@kaopei/contracts';
import { call } from '../../../api/request';
import { RichText } from '../../../components/RichText';
import { goBack } from '../../../utils/nav';

/** The reference answer of a question as one line (fill blank alternatives, matching pairs, short answer). */
function answerText(q: PreviewQu): string {
  if (q.quType === QuType.FILL) return q.answerList.map((o, i) => `（${i + 1}）${o.answer.replace(/(?<!\\)\|/g, ' / ')}`).join('  ');
  if (q.quType === QuType.MATCH) return q.answerList.filter((o) => o.content).map((o) => `${o.abc} → ${o.answer}`).join('；');
  if (q.quType === QuType.SAQ) return q.answer;
  return q.answerList.filter((o) => o.isRight).map((o) => o.abc).join('');
}

function Question({ q, no }: { q: PreviewQu; no: string }) {
  const choice = q.quType === QuType.SINGLE || q.quType === QuType.MULTI || q.quType === QuType.JUDGE;
  const answer = answerText(q);
  return (
    <div className="print-qu" data-testid={`preview-qu-${q.quId}`}>
      <div className="print-qu-head">
        <strong>{no}</strong> <Tag>{q.quType_dictText}</Tag> <span>（{q.score} 分）</span>
      </div>
      <RichText html={q.content} />
      {choice || q.quType === QuType.MATCH ? (
        <div className="print-options">
          {q.answerList.map((o) => (
            <div key={o.id} className={o.isRight ? 'print-option print-option-right' : 'print-option'}>
              {o.content || q.quType !== QuType.MATCH ? `${o.abc}. ` : '（干扰项）'}
              <RichText html={o.content || (q.quType === QuType.MATCH ? o.answer : '')} inline />
            </div>
          ))}
        </div>
      ) : null}
      {q.subList.map((s, i) => (
        <Question key={s.quId} q={s} no={`${no}.${i + 1}`} />
      ))}
      {q.quType !== QuType.MIX ? (
        <div className="print-answer" data-testid={`preview-answer-${q.quId}`}>
          参考答案：{answer || '（无）'}
          {q.analysis ? (
            <div className="print-analysis">
              解析：
              <RichText html={q.analysis} inline />
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

export default function ExamPreview() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const preview = useQuery({ queryKey: ['exam-preview', id], queryFn: () => call(examApi.preview, { id }, { quiet: true }), retry: false, staleTime: Infinity, gcTime: 0 });
  const printNow = search.get('print') === '1';
  useEffect(() => {
    if (printNow && preview.data) {
      const timer = setTimeout(() => window.print(), 300);
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [printNow, preview.data]);

  if (preview.isLoading) return <Spin className="page-loading" />;
  if (preview.error) {
    return (
      <Card className="page">
        <div data-testid="preview-error">
          <Alert type="error" showIcon title={preview.error.message} />
        </div>
        <Button style={{ marginTop: 16 }} onClick={() => goBack(navigate, '/admin/exam/exam')}>
          返回
        </Button>
      </Card>
    );
  }
  const p = preview.data;
  if (!p) return null;
  let n = 0;
  return (
    <Card className="page exam-print" data-testid="exam-preview">
      <Space className="print-hide" style={{ marginBottom: 16 }}>
        <Button type="primary" onClick={() => window.print()} data-testid="preview-print">
          打印
        </Button>
        <Button onClick={() => void preview.refetch()} data-testid="preview-redraw">
          换一份
        </Button>
        <Button onClick={() => goBack(navigate, '/admin/exam/exam')}>返回</Button>
        <Typography.Text type="secondary">样卷按组卷方式随机生成，不会保存，也不计入考生记录。</Typography.Text>
      </Space>
      <h2 className="print-title">{p.title}</h2>
      <div className="print-meta">
        总分 {p.totalScore} 分 · 及格 {p.qualifyScore} 分 · 时长 {p.totalTime} 分钟
      </div>
      {p.groupList.map((g, gi) => (
        <section key={`${g.title}-${gi}`} className="print-group">
          <h3>
            {['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'][gi] ?? gi + 1}、{g.title}（共 {g.quList.length} 题，{g.totalScore} 分）
          </h3>
          {g.quList.map((q) => (
            <Question key={q.quId} q={q} no={String(++n)} />
          ))}
        </section>
      ))}
    </Card>
  );
}
