/**
 * /web/exam/start/:id (:id = PAPER id) — the exam page (SPEC §4 exam flow):
 * - paper-detail gives the answer card and leftSeconds; it is re-fetched every 60 s to re-sync the
 *   countdown (HH:mm:ss) with the server clock; at 0 the paper is handed in and the result opens;
 *   a paper whose state ≠ 0 goes straight to the result;
 * - qu-detail loads the current question (20010001 → error, then the exam list with an error flag
 *   after 1.5 s, SPEC §8); each change is saved at once with a visible per-question state;
 * - prev / next, 交卷 with a confirmation stating the unanswered count, then
 *   /web/exam/result/:paperId/exam;
 * - the exam's integrity settings (paper-detail `guard`, ./useExamGuard.tsx): paste blocked with
 *   '考试期间不能复制粘贴哦！' when pasteOff; leaves of the page reported to the server when leaveOn,
 *   with a dialog of the leaves remaining, and the result page when the server handed the paper in.
 *
 * First paint (the exam page's JS budget, e2e/delivery.e2e.ts): what this page imports statically is
 * what a learner waits for before the exam shows, so it stays light. The two panels, the bar's row
 * and the Result of a failed load are plain elements with the look of antd Card, Space and Result
 * (./lite.tsx; Card alone brought Tabs and menus along, and a failure screen must not need a load
 * itself); the hand-in Modal is antd's (its code is in the app shell already, and hand-in must work
 * whatever the network does later); the answer-card Drawer of small screens is loaded when the page
 * renders on one.
 */
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Col, Grid, Modal, Row, Spin } from 'antd';
import { ClockCircleOutlined, LeftOutlined, RightOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { PaperState } from '@kaopei/contracts';
import { paperApi, PaperError, type PaperSubQu } from '@kaopei/contracts/paper';
import { call, isApiError } from '../../../api/request';
import { useAuth } from '../../../store/auth';
import { formatHms } from '../../../utils/format';
import { lazyPart } from '../../../utils/lazy-part';
import { AnswerCard } from './AnswerCard';
import { LiteCard, LiteResult, LiteSpace } from './lite';
import { QuestionPane } from './QuestionPane';
import { useAnswerSaver, type AnswerValue } from './useAnswerSaver';
import { useCountdown } from './useCountdown';
import { useExamGuard } from './useExamGuard';

const RESYNC_MS = 60_000;

/** The answer card's drawer on small screens (without it, prev / next still go through the paper). */
const Drawer = lazyPart(() => import('antd/es/drawer'), () => null);

/** A load failure: a warning Result with one button. */
function LoadFailed({ title, action, onAction }: { title: string; action: string; onAction: () => void }) {
  return <LiteResult title={title} extra={<Button onClick={onAction}>{action}</Button>} />;
}

export default function ExamStart() {
  const { id: paperId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message, notification } = App.useApp();
  const { user } = useAuth();
  const screens = Grid.useBreakpoint();
  const isMobile = screens.md === false;
  const [currentId, setCurrentId] = useState<string>();
  const [values, setValues] = useState<Record<string, AnswerValue>>({});
  /** Sub-question ids of the combined questions seen so far (the card's answered state of a stem). */
  const [subIds, setSubIds] = useState<Record<string, string[]>>({});
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [handing, setHanding] = useState(false);
  const [cardOpen, setCardOpen] = useState(false);
  const handedRef = useRef(false);

  const resultUrl = `/web/exam/result/${encodeURIComponent(paperId)}/exam`;
  const goResult = useCallback(() => navigate(resultUrl, { replace: true }), [navigate, resultUrl]);
  const saver = useAnswerSaver(paperId, goResult);

  const detail = useQuery({
    queryKey: ['paper-detail', paperId],
    queryFn: () => call(paperApi.paperDetail, { id: paperId }),
    refetchInterval: RESYNC_MS,
    refetchIntervalInBackground: true,
    gcTime: 0,
  });
  const paper = detail.data;
  const left = useCountdown(paper?.leftSeconds, detail.dataUpdatedAt);

  const questions = useMemo(
    () => (paper?.groupList ?? []).flatMap((g) => [...g.quList].sort((a, b) => a.sort - b.sort)),
    [paper],
  );
  const current = questions.find((q) => q.quId === currentId) ?? questions[0];
  const index = current ? questions.indexOf(current) : -1;

  const isAnswered = useCallback(
    (quId: string) => {
      const subs = (subIds[quId] ?? []).filter((s) => saver.answered[s] !== undefined);
      if (subs.length) return subs.some((s) => saver.answered[s]) || (subIds[quId]!.length > subs.length && (questions.find((q) => q.quId === quId)?.answered ?? false));
      return saver.answered[quId] ?? questions.find((q) => q.quId === quId)?.answered ?? false;
    },
    [saver.answered, questions, subIds],
  );
  const unanswered = questions.filter((q) => !isAnswered(q.quId)).length;

  const quQuery = useQuery({
    queryKey: ['paper-qu', paperId, current?.quId],
    queryFn: () => call(paperApi.quDetail, { paperId, quId: current?.quId ?? '' }, { quiet: [PaperError.QU_DELETED.code] }),
    enabled: Boolean(current) && paper?.state === PaperState.IN_EXAM,
    staleTime: Infinity,
    gcTime: 10 * 60_000,
  });

  useEffect(() => {
    const d = quQuery.data;
    if (d && d.subList.length && !subIds[d.quId]) setSubIds((m) => ({ ...m, [d.quId]: d.subList.map((x) => x.quId) }));
  }, [quQuery.data, subIds]);

  // Paper already closed → result page.
  useEffect(() => {
    if (paper && paper.state !== PaperState.IN_EXAM) goResult();
  }, [paper, goResult]);

  // A deleted question (20010001) → back to the exam list with an error flag after 1.5 s.
  useEffect(() => {
    const err = quQuery.error;
    if (!isApiError(err, PaperError.QU_DELETED.code)) return;
    message.error(err.message);
    const timer = window.setTimeout(() => navigate('/web/index?error=1', { replace: true }), 1500);
    return () => window.clearTimeout(timer);
  }, [quQuery.error, message, navigate]);

  // Prefetch the next question for a quick switch.
  useEffect(() => {
    const next = questions[index + 1];
    if (next && paper?.state === PaperState.IN_EXAM) {
      void queryClient.prefetchQuery({ queryKey: ['paper-qu', paperId, next.quId], queryFn: () => call(paperApi.quDetail, { paperId, quId: next.quId }, { quiet: [PaperError.QU_DELETED.code] }), staleTime: Infinity });
    }
  }, [index, questions, paperId, paper?.state, queryClient]);

  // Paste blocking (pasteOff) and leave monitoring (leaveOn): the exam's integrity settings.
  useExamGuard(paperId, paper?.guard, paper?.state === PaperState.IN_EXAM, goResult);

  const handIn = useCallback(
    async (auto: boolean) => {
      if (handedRef.current) return;
      handedRef.current = true;
      setHanding(true);
      try {
        await saver.flush();
        await call(paperApi.handExam, { id: paperId }, { quiet: [PaperError.PAPER_HANDED.code] });
        message.success(auto ? '考试时间到，系统已自动交卷！' : '交卷成功！');
        goResult();
      } catch (err) {
        if (isApiError(err, PaperError.PAPER_HANDED.code)) goResult();
        else handedRef.current = false;
      } finally {
        setHanding(false);
        setConfirmOpen(false);
      }
    },
    [saver, paperId, message, goResult],
  );

  // The exam socket (lazy: the page's JS budget): 10 s heartbeat; an invigilator's message stays on screen as "管理员提醒".
  const userId = user?.userId;
  const examId = paper?.examId;
  const open = paper?.state === PaperState.IN_EXAM;
  useEffect(() => {
    if (!userId || !examId || !open) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./exam-socket').then(({ connectExamSocket }) => {
      if (cancelled) return;
      stop = connectExamSocket(userId, examId, (text) =>
        notification.warning({ message: '管理员提醒', description: text, duration: 0, placement: 'top', props: { 'data-testid': 'exam-remind' } as object }),
      );
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId, examId, open, notification]);

  // Time up by the server clock → hand in automatically.
  useEffect(() => {
    if (left === 0 && paper?.state === PaperState.IN_EXAM) void handIn(true);
  }, [left, paper?.state, handIn]);

  /** The learner's answer of a question (or sub-question) shown now: edited here, else as the server has it. */
  const valueOf = (qu: PaperSubQu): AnswerValue =>
    values[qu.quId] ?? { answers: qu.answerList.filter((o) => o.checked).map((o) => o.id), answer: qu.answer, blanks: qu.blanks, pairs: qu.pairs };

  const onAnswer = (quId: string, value: AnswerValue) => {
    setValues((c) => ({ ...c, [quId]: value }));
    saver.save(quId, value);
  };

  const pick = (quId: string) => {
    setCurrentId(quId);
    setCardOpen(false);
  };

  if (detail.isLoading) return <Spin className="page-loading" />;
  if (!paper) return <LoadFailed title="试卷加载失败" action="返回考试列表" onAction={() => navigate('/web/index')} />;

  const card = <AnswerCard groups={paper.groupList} currentId={current?.quId} isAnswered={isAnswered} onPick={pick} />;

  return (
    <div className="exam-page">
      <div className="exam-bar">
        <div className="exam-bar-title">{paper.title}</div>
        <LiteSpace className="exam-bar-actions">
          {isMobile ? (
            <Button icon={<UnorderedListOutlined />} onClick={() => setCardOpen(true)}>
              答题卡
            </Button>
          ) : null}
          <span className={`countdown${left !== null && left <= 300 ? ' countdown-warn' : ''}`}>
            <ClockCircleOutlined /> 剩余时间 <span data-testid="countdown">{left === null ? '--:--:--' : formatHms(left)}</span>
          </span>
          <Button type="primary" danger loading={handing} onClick={() => setConfirmOpen(true)} data-testid="hand-exam">
            交卷
          </Button>
        </LiteSpace>
      </div>
      <Row gutter={[16, 16]}>
        {!isMobile ? (
          <Col md={8} lg={7} xl={6}>
            <LiteCard small title={`答题卡（已答 ${questions.length - unanswered}/${questions.length}）`} className="exam-card-panel">
              {card}
            </LiteCard>
          </Col>
        ) : null}
        <Col xs={24} md={16} lg={17} xl={18}>
          <LiteCard className="exam-qu-panel">
            {quQuery.isLoading || !current ? (
              <Spin className="page-loading" />
            ) : quQuery.data ? (
              <QuestionPane
                qu={quQuery.data}
                index={index + 1}
                valueOf={valueOf}
                saveState={saver.states[current.quId]}
                answered={isAnswered(current.quId)}
                onChange={onAnswer}
                onRetry={() => saver.retry(current.quId)}
              />
            ) : (
              <LoadFailed title="试题加载失败" action="重新加载" onAction={() => void quQuery.refetch()} />
            )}
            <div className="exam-nav">
              <Button icon={<LeftOutlined />} disabled={index <= 0} onClick={() => pick(questions[index - 1].quId)} data-testid="prev-qu">
                上一题
              </Button>
              <Button type="primary" disabled={index < 0 || index >= questions.length - 1} onClick={() => pick(questions[index + 1].quId)} data-testid="next-qu">
                下一题 <RightOutlined />
              </Button>
            </div>
          </LiteCard>
        </Col>
      </Row>
      {isMobile ? (
        <Suspense fallback={null}>
          <Drawer open={cardOpen} onClose={() => setCardOpen(false)} title={`答题卡（已答 ${questions.length - unanswered}/${questions.length}）`} placement="bottom" size="60%">
            {card}
          </Drawer>
        </Suspense>
      ) : null}
      <Modal
        open={confirmOpen}
        title="确认交卷"
        onCancel={() => setConfirmOpen(false)}
        footer={[
          <Button key="cancel" onClick={() => setConfirmOpen(false)} data-testid="hand-cancel">
            继续答题
          </Button>,
          <Button key="ok" type="primary" danger loading={handing} onClick={() => void handIn(false)} data-testid="hand-confirm">
            确认交卷
          </Button>,
        ]}
      >
        <p data-testid="hand-unanswered">
          {unanswered > 0 ? `您还有 ${unanswered} 道题未作答，确定要交卷吗？` : '您已完成全部试题，确定要交卷吗？'}
        </p>
        <p className="muted">交卷后将不能再修改答案。</p>
      </Modal>
    </div>
  );
}
