/**
 * /web/exam/start/:id (:id = PAPER id) — the exam page (SPEC §4 exam flow):
 * - paper-detail gives the answer card and leftSeconds; it is re-fetched every 60 s to re-sync the
 *   countdown (HH:mm:ss) with the server clock; at 0 the paper is handed in and the result opens;
 *   a paper whose state ≠ 0 goes straight to the result;
 * - the questions in the learner's layout (./PaperBody.tsx): 逐题 one per screen with prev / next,
 *   or 整卷 every group on one page; the choice is remembered (./exam-prefs.ts); qu-detail loads them
 *   (20010001 → error, then the exam list with an error flag after 1.5 s, SPEC §8);
 * - every change goes through the offline answer queue (./useAnswerSaver.ts, ./answer-queue.ts):
 *   sent in order, each question showing 待发送 → 保存中 → 已保存; while the server is unreachable a
 *   banner says the answers wait; a reload resumes the queue and the server's leftSeconds;
 * - the answer card (a bottom drawer below 768 px) shows answered / current / 标记 / 待发送; marks
 *   are kept per paper in this browser;
 * - 交卷 with a confirmation stating the unanswered count; the queue is flushed first (the hand-in
 *   waits while the server is unreachable), then /web/exam/result/:paperId/exam;
 * - the exam's integrity settings (paper-detail `guard`, ./useExamGuard.tsx): paste, leaves,
 *   fullscreen, context menu, selection and developer tools;
 * - with camOn, the exam camera (./ExamCamera.tsx, loaded lazily): a capture at once and every
 *   camInterval minutes; a forced hand-in by face failures opens the result.
 *
 * First paint (the exam page's JS budget, e2e/delivery.e2e.ts): what this page imports statically is
 * what a learner waits for before the exam shows, so it stays light. The two panels, the bar's row
 * and the Result of a failed load are plain elements with the look of antd Card, Space and Result
 * (./lite.tsx; Card alone brought Tabs and menus along, and a failure screen must not need a load
 * itself); the hand-in Modal is antd's (its code is in the app shell already, and hand-in must work
 * whatever the network does later); the answer-card Drawer of small screens is loaded when the page
 * renders on one.
 */
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Col, Grid, Modal, Row, Spin } from 'antd';
import { ClockCircleOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { PaperState } from '@kaopei/contracts';
import { paperApi, PaperError, type PaperQuDetail, type PaperSubQu } from '@kaopei/contracts/paper';
import { call, isApiError, isUnreachable } from '../../../api/request';
import { useAuth } from '../../../store/auth';
import { formatHms } from '../../../utils/format';
import { lazyPart } from '../../../utils/lazy-part';
import { AnswerCard } from './AnswerCard';
import { cardState, clearMarks, loadLayout, loadMarks, saveLayout, toggleMark, type ExamLayout } from './exam-prefs';
import { LiteCard, LiteResult, LiteSpace } from './lite';
import { PaperBody, quAnchor } from './PaperBody';
import { browserStorage, useAnswerSaver, type AnswerValue, type SaveState } from './useAnswerSaver';
import { useCountdown } from './useCountdown';
import { useExamGuard } from './useExamGuard';

const RESYNC_MS = 60_000;
const UNREACHABLE_MSG = '服务器无法连接或无法响应！';

/** The answer card's drawer on small screens (without it, prev / next still go through the paper). */
const Drawer = lazyPart(() => import('antd/es/drawer'), () => null);

/** The exam camera (issue 12), loaded only for an exam with camOn: the page's JS budget stays as it was for others. */
const ExamCamera = lazy(() => import('./ExamCamera'));

/** A load failure: a warning Result with one button. */
function LoadFailed({ title, action, onAction }: { title: string; action: string; onAction: () => void }) {
  return <LiteResult title={title} extra={<Button onClick={onAction}>{action}</Button>} />;
}

/** The state a stem shows for its sub-questions' saves: the busiest one. */
function busiest(states: (SaveState | undefined)[]): SaveState | undefined {
  for (const s of ['saving', 'queued', 'error', 'saved'] as const) if (states.includes(s)) return s;
  return undefined;
}

export default function ExamStart() {
  const { id: paperId = '' } = useParams();
  const navigate = useNavigate();
  const { message, notification } = App.useApp();
  const { user } = useAuth();
  const screens = Grid.useBreakpoint();
  const isMobile = screens.md === false;
  const [currentId, setCurrentId] = useState<string>();
  const [values, setValues] = useState<Record<string, AnswerValue>>({});
  /** Sub-question ids of the combined questions seen so far (the card's answered state of a stem). */
  const [subIds, setSubIds] = useState<Record<string, string[]>>({});
  const storage = useMemo(browserStorage, []);
  const [layout, setLayout] = useState<ExamLayout>(() => loadLayout(storage));
  const [marks, setMarks] = useState<string[]>(() => loadMarks(storage, paperId));
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [handing, setHanding] = useState(false);
  const [cardOpen, setCardOpen] = useState(false);
  const handedRef = useRef(false);
  const pageRef = useRef<HTMLDivElement>(null);
  const barRef = useRef<HTMLDivElement>(null);

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
  const loaded = paper !== undefined;
  const open = paper?.state === PaperState.IN_EXAM;
  const left = useCountdown(paper?.leftSeconds, detail.dataUpdatedAt);

  const questions = useMemo(
    () => (paper?.groupList ?? []).flatMap((g) => [...g.quList].sort((a, b) => a.sort - b.sort)),
    [paper],
  );
  const current = questions.find((q) => q.quId === currentId) ?? questions[0];

  /** Answered: as acknowledged here, else as the server had it (a stem: any of its sub-questions). */
  const isAnswered = useCallback(
    (quId: string) => {
      const subs = (subIds[quId] ?? []).filter((s) => saver.answered[s] !== undefined);
      if (subs.length) return subs.some((s) => saver.answered[s]) || (subIds[quId]!.length > subs.length && (questions.find((q) => q.quId === quId)?.answered ?? false));
      return saver.answered[quId] ?? questions.find((q) => q.quId === quId)?.answered ?? false;
    },
    [saver.answered, questions, subIds],
  );
  const unanswered = questions.filter((q) => !isAnswered(q.quId)).length;
  const saveStateOf = (quId: string) => busiest([saver.states[quId], ...(subIds[quId] ?? []).map((s) => saver.states[s])]);
  const waiting = Object.values(saver.states).filter((s) => s === 'queued' || s === 'saving').length;

  const onLoaded = useCallback((d: PaperQuDetail) => {
    if (d.subList.length) setSubIds((m) => (m[d.quId] ? m : { ...m, [d.quId]: d.subList.map((x) => x.quId) }));
  }, []);

  // Paper already closed → result page.
  useEffect(() => {
    if (paper && paper.state !== PaperState.IN_EXAM) goResult();
  }, [paper, goResult]);

  // A deleted question (20010001) → back to the exam list with an error flag after 1.5 s.
  const quitTimer = useRef<number | undefined>(undefined);
  const onQuError = useCallback(
    (err: unknown) => {
      if (!isApiError(err, PaperError.QU_DELETED.code) || quitTimer.current !== undefined) return;
      message.error(err.message);
      quitTimer.current = window.setTimeout(() => navigate('/web/index?error=1', { replace: true }), 1500);
    },
    [message, navigate],
  );
  useEffect(() => () => window.clearTimeout(quitTimer.current), []);

  // The exam bar's height: a pinned stem (固定题干) sticks just below it.
  useLayoutEffect(() => {
    const bar = barRef.current;
    if (!bar || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => pageRef.current?.style.setProperty('--exam-bar-h', `${bar.offsetHeight}px`));
    ro.observe(bar);
    return () => ro.disconnect();
  }, [loaded]);

  // Integrity settings (paste, leaves, fullscreen) and the guards of every exam (menu, selection, dev tools).
  const goHome = useCallback(() => navigate('/', { replace: true }), [navigate]);
  useExamGuard(paperId, paper?.guard, open, goResult, goHome);

  const handIn = useCallback(
    async (auto: boolean) => {
      if (handedRef.current) return;
      handedRef.current = true;
      setHanding(true);
      try {
        await saver.flush();
        await call(paperApi.handExam, { id: paperId }, { quiet: [PaperError.PAPER_HANDED.code] });
        saver.clear();
        clearMarks(storage, paperId);
        message.success(auto ? '考试时间到，系统已自动交卷！' : '交卷成功！');
        goResult();
      } catch (err) {
        if (isApiError(err, PaperError.PAPER_HANDED.code)) goResult();
        else {
          // Answers still queued and no server: the hand-in waits for the network (the server hands in at the deadline).
          if (isUnreachable(err)) message.error(UNREACHABLE_MSG);
          handedRef.current = false;
        }
      } finally {
        setHanding(false);
        setConfirmOpen(false);
      }
    },
    [saver, storage, paperId, message, goResult],
  );

  // The exam socket (lazy: the page's JS budget): 10 s heartbeat; an invigilator's message stays on screen as "管理员提醒".
  const userId = user?.userId;
  const examId = paper?.examId;
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
    if (left === 0 && open) void handIn(true);
  }, [left, open, handIn]);

  /** The learner's answer of a question (or sub-question) shown now: edited here, else still queued from before a reload, else as the server has it. */
  const valueOf = useCallback(
    (qu: PaperSubQu): AnswerValue =>
      values[qu.quId] ?? saver.pendingValues[qu.quId] ?? { answers: qu.answerList.filter((o) => o.checked).map((o) => o.id), answer: qu.answer, blanks: qu.blanks, pairs: qu.pairs },
    [values, saver.pendingValues],
  );

  const onAnswer = useCallback(
    (quId: string, value: AnswerValue) => {
      setValues((c) => ({ ...c, [quId]: value }));
      saver.save(quId, value);
    },
    [saver],
  );

  const pick = useCallback(
    (quId: string, scroll = true) => {
      setCurrentId(quId);
      setCardOpen(false);
      if (scroll && layout === 'all') document.getElementById(quAnchor(quId))?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    },
    [layout],
  );

  const chooseLayout = (next: ExamLayout) => {
    saveLayout(storage, next);
    setLayout(next);
  };

  if (detail.isLoading) return <Spin className="page-loading" />;
  if (!paper) return <LoadFailed title="试卷加载失败" action="返回考试列表" onAction={() => navigate('/web/index')} />;

  const stateOf = (quId: string) =>
    cardState(quId, { currentId: current?.quId, marks, saveStates: [saver.states[quId], ...(subIds[quId] ?? []).map((s) => saver.states[s])], answered: isAnswered(quId) });
  const card = <AnswerCard groups={paper.groupList} stateOf={stateOf} onPick={pick} />;
  const cardTitle = `答题卡（已答 ${questions.length - unanswered}/${questions.length}）`;

  return (
    <div className="exam-page" ref={pageRef}>
      <div className="exam-bar" ref={barRef}>
        <div className="exam-bar-title">{paper.title}</div>
        <LiteSpace className="exam-bar-actions">
          <div className="exam-layout-switch" role="group" aria-label="答题模式">
            <Button size="small" type={layout === 'one' ? 'primary' : 'default'} aria-pressed={layout === 'one'} onClick={() => chooseLayout('one')} data-testid="layout-one">
              逐题
            </Button>
            <Button size="small" type={layout === 'all' ? 'primary' : 'default'} aria-pressed={layout === 'all'} onClick={() => chooseLayout('all')} data-testid="layout-all">
              整卷
            </Button>
          </div>
          {isMobile ? (
            <Button icon={<UnorderedListOutlined />} onClick={() => setCardOpen(true)} data-testid="card-open">
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
      {saver.offline && waiting > 0 ? (
        <div className="exam-offline" role="status" data-testid="offline-banner">
          网络连接已断开，{waiting} 道题的答案待发送，恢复连接后将按顺序自动保存，请勿关闭页面。
        </div>
      ) : null}
      <Row gutter={[16, 16]}>
        {!isMobile ? (
          <Col md={8} lg={7} xl={6}>
            <LiteCard small title={cardTitle} className="exam-card-panel">
              {card}
            </LiteCard>
          </Col>
        ) : null}
        <Col xs={24} md={16} lg={17} xl={18}>
          {open ? (
            <PaperBody
              paperId={paperId}
              groups={paper.groupList}
              questions={questions}
              layout={layout}
              currentId={current?.quId}
              onPick={pick}
              valueOf={valueOf}
              saveStateOf={saveStateOf}
              isAnswered={isAnswered}
              isMarked={(quId) => marks.includes(quId)}
              onToggleMark={(quId) => setMarks(toggleMark(storage, paperId, quId))}
              onAnswer={onAnswer}
              onRetry={saver.retry}
              onLoaded={onLoaded}
              onQuError={onQuError}
            />
          ) : (
            <Spin className="page-loading" />
          )}
        </Col>
      </Row>
      {open && paper.guard.camOn ? (
        <Suspense fallback={null}>
          <ExamCamera paperId={paperId} camInterval={paper.guard.camInterval} faceChance={paper.guard.faceChance} onBreak={goResult} />
        </Suspense>
      ) : null}
      {isMobile ? (
        <Suspense fallback={null}>
          <Drawer open={cardOpen} onClose={() => setCardOpen(false)} title={cardTitle} placement="bottom" size="60%">
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
