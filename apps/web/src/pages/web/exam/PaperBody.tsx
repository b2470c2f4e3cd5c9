/**
 * The questions of the exam page in the learner's layout (issue 9 "Exam room"):
 * - 'one' (逐题): the current question with 上一题 / 下一题; the next question is prefetched;
 * - 'all' (整卷): every group with its questions on one page, loaded together; picking a question on
 *   the answer card scrolls to it (`scrollToId`), and working in a question makes it the current one.
 * Both read /api/paper/paper/qu-detail through the same query keys (['paper-qu', paperId, quId]), so
 * switching layouts loads nothing twice. A failed question shows 重新加载; `onQuError` receives
 * load errors (20010001 question deleted: the page goes back to the exam list) and `onLoaded` every
 * loaded question (the page learns a combined question's sub-questions for the answer card).
 */
import { useEffect } from 'react';
import { useQueries, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { Button, Spin } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { paperApi, PaperError, type PaperDetail, type PaperQuDetail, type PaperSubQu } from '@kaopei/contracts/paper';
import { call } from '../../../api/request';
import type { ExamLayout } from './exam-prefs';
import { LiteCard, LiteResult } from './lite';
import { QuestionPane } from './QuestionPane';
import type { AnswerValue, SaveState } from './useAnswerSaver';

type PaperCardQu = PaperDetail['groupList'][number]['quList'][number];

interface Props {
  paperId: string;
  groups: PaperDetail['groupList'];
  /** Top-level questions in card order. */
  questions: PaperCardQu[];
  layout: ExamLayout;
  currentId: string | undefined;
  /** Make a question the current one (`scroll`: also bring it into view in the 'all' layout). */
  onPick: (quId: string, scroll?: boolean) => void;
  valueOf: (qu: PaperSubQu) => AnswerValue;
  saveStateOf: (quId: string) => SaveState | undefined;
  isAnswered: (quId: string) => boolean;
  isMarked: (quId: string) => boolean;
  onToggleMark: (quId: string) => void;
  onAnswer: (quId: string, value: AnswerValue) => void;
  onRetry: (quId: string) => void;
  onLoaded: (qu: PaperQuDetail) => void;
  onQuError: (err: unknown) => void;
}

const quQuery = (paperId: string, quId: string) => ({
  queryKey: ['paper-qu', paperId, quId],
  queryFn: () => call(paperApi.quDetail, { paperId, quId }, { quiet: [PaperError.QU_DELETED.code] }),
  staleTime: Infinity,
  gcTime: 10 * 60_000,
});

/** DOM id of a question's block in the 'all' layout. */
export const quAnchor = (quId: string) => `paper-qu-${quId}`;

function QuFailed({ onRetry }: { onRetry: () => void }) {
  return <LiteResult title="试题加载失败" extra={<Button onClick={onRetry}>重新加载</Button>} />;
}

export function PaperBody(props: Props) {
  const { paperId, groups, questions, layout, currentId, onPick, onLoaded, onQuError } = props;
  const queryClient = useQueryClient();
  const index = questions.findIndex((q) => q.quId === currentId);
  const current = questions[index];

  const one = useQuery({ ...quQuery(paperId, current?.quId ?? ''), enabled: layout === 'one' && Boolean(current) });
  const all = useQueries({ queries: layout === 'all' ? questions.map((q) => quQuery(paperId, q.quId)) : [] });
  const byId = new Map<string, UseQueryResult<PaperQuDetail>>(layout === 'all' ? questions.map((q, i) => [q.quId, all[i]]) : []);

  // Tell the page about loaded questions and load errors.
  const loaded = layout === 'all' ? all.map((r) => r.data) : [one.data];
  const errors = layout === 'all' ? all.map((r) => r.error) : [one.error];
  const loadedSig = loaded.map((d) => d?.quId ?? '').join();
  const errorSig = errors.filter(Boolean).length;
  useEffect(() => {
    for (const d of loaded) if (d) onLoaded(d);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loadedSig stands for `loaded`
  }, [loadedSig, onLoaded]);
  useEffect(() => {
    const err = errors.find(Boolean);
    if (err) onQuError(err);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- errorSig stands for `errors`
  }, [errorSig, onQuError]);

  // Prefetch the next question for a quick switch (one per screen).
  useEffect(() => {
    const next = questions[index + 1];
    if (layout === 'one' && next) void queryClient.prefetchQuery(quQuery(paperId, next.quId));
  }, [layout, index, questions, paperId, queryClient]);

  const pane = (qu: PaperQuDetail, n: number) => (
    <QuestionPane
      qu={qu}
      index={n}
      valueOf={props.valueOf}
      saveState={props.saveStateOf(qu.quId)}
      answered={props.isAnswered(qu.quId)}
      onChange={props.onAnswer}
      onRetry={() => props.onRetry(qu.quId)}
      marked={props.isMarked(qu.quId)}
      onToggleMark={() => props.onToggleMark(qu.quId)}
    />
  );

  if (layout === 'one') {
    return (
      <LiteCard className="exam-qu-panel">
        {one.isLoading || !current ? <Spin className="page-loading" /> : one.data ? pane(one.data, index + 1) : <QuFailed onRetry={() => void one.refetch()} />}
        <div className="exam-nav">
          <Button icon={<LeftOutlined />} disabled={index <= 0} onClick={() => onPick(questions[index - 1].quId)} data-testid="prev-qu">
            上一题
          </Button>
          <Button type="primary" disabled={index < 0 || index >= questions.length - 1} onClick={() => onPick(questions[index + 1].quId)} data-testid="next-qu">
            下一题 <RightOutlined />
          </Button>
        </div>
      </LiteCard>
    );
  }

  const numberOf = new Map(questions.map((q, i) => [q.quId, i + 1]));
  return (
    <div className="exam-paper-all" data-testid="paper-all">
      {groups.map((g) => (
        <LiteCard key={g.id} className="exam-group-panel" title={`${g.title}（共${g.quCount}题，每题${g.perScore}分，共${g.totalScore}分）`}>
          {[...g.quList]
            .sort((a, b) => a.sort - b.sort)
            .map((q) => {
              const r = byId.get(q.quId);
              return (
                <section
                  key={q.quId}
                  id={quAnchor(q.quId)}
                  className={`exam-paper-qu${q.quId === currentId ? ' exam-paper-qu-current' : ''}`}
                  data-testid={quAnchor(q.quId)}
                  onFocusCapture={() => q.quId !== currentId && onPick(q.quId, false)}
                  onClickCapture={() => q.quId !== currentId && onPick(q.quId, false)}
                >
                  {!r || r.isLoading ? <Spin className="page-loading" /> : r.data ? pane(r.data, numberOf.get(q.quId) ?? 0) : <QuFailed onRetry={() => void r.refetch()} />}
                </section>
              );
            })}
        </LiteCard>
      ))}
    </div>
  );
}
