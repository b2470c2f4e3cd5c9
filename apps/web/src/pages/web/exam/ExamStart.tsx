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
import { lazy, Suspense, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, Col, Grid, Modal, Row, Spin } from 'antd';
import { ClockCircleOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { formatHms } from '../../../utils/format';
import { lazyPart } from '../../../utils/lazy-part';
import { AnswerCard } from './AnswerCard';
import { loadLayout, saveLayout, type ExamLayout } from './exam-prefs';
import { LiteCard, LiteResult, LiteSpace } from './lite';
import { PaperBody, quAnchor } from './PaperBody';
import { browserStorage } from './useAnswerSaver';
import { handInQuestion, offlineText, useExamRoom } from './useExamRoom';

/** The answer card's drawer on small screens (without it, prev / next still go through the paper). */
const Drawer = lazyPart(() => import('antd/es/drawer'), () => null);

/** The exam camera (issue 12), loaded only for an exam with camOn: the page's JS budget stays as it was for others. */
const ExamCamera = lazy(() => import('./ExamCamera'));

/** A load failure: a warning Result with one button. */
function LoadFailed({ title, action, onAction }: { title: string; action: string; onAction: () => void }) {
  return <LiteResult title={title} extra={<Button onClick={onAction}>{action}</Button>} />;
}

export default function ExamStart() {
  const { id: paperId = '' } = useParams();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const isMobile = screens.md === false;
  const storage = useMemo(browserStorage, []);
  const [layout, setLayout] = useState<ExamLayout>(() => loadLayout(storage));
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [cardOpen, setCardOpen] = useState(false);
  const pageRef = useRef<HTMLDivElement>(null);
  const barRef = useRef<HTMLDivElement>(null);

  const resultUrl = `/web/exam/result/${encodeURIComponent(paperId)}/exam`;
  const goResult = useCallback(() => navigate(resultUrl, { replace: true }), [navigate, resultUrl]);
  const room = useExamRoom(paperId, { goResult, quitUrl: '/web/index?error=1', homeUrl: '/' });
  const { detail, paper, open, left, saver, unanswered, waiting, handing, setCurrentId } = room;
  const loaded = paper !== undefined;

  // The exam bar's height: a pinned stem (固定题干) sticks just below it.
  useLayoutEffect(() => {
    const bar = barRef.current;
    if (!bar || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => pageRef.current?.style.setProperty('--exam-bar-h', `${bar.offsetHeight}px`));
    ro.observe(bar);
    return () => ro.disconnect();
  }, [loaded]);

  const handIn = async () => {
    await room.handIn(false);
    setConfirmOpen(false);
  };

  const pick = useCallback(
    (quId: string, scroll = true) => {
      setCurrentId(quId);
      setCardOpen(false);
      if (scroll && layout === 'all') document.getElementById(quAnchor(quId))?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    },
    [layout, setCurrentId],
  );

  const chooseLayout = (next: ExamLayout) => {
    saveLayout(storage, next);
    setLayout(next);
  };

  if (detail.isLoading) return <Spin className="page-loading" />;
  if (!paper) return <LoadFailed title="试卷加载失败" action="返回考试列表" onAction={() => navigate('/web/index')} />;

  const card = <AnswerCard groups={paper.groupList} stateOf={room.stateOf} onPick={pick} />;
  const cardTitle = room.cardTitle;

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
          {offlineText(waiting)}
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
          {open && room.bodyProps ? (
            <PaperBody {...room.bodyProps} layout={layout} onPick={pick} />
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
          <Button key="ok" type="primary" danger loading={handing} onClick={() => void handIn()} data-testid="hand-confirm">
            确认交卷
          </Button>,
        ]}
      >
        <p data-testid="hand-unanswered">
          {handInQuestion(unanswered)}
        </p>
        <p className="muted">交卷后将不能再修改答案。</p>
      </Modal>
    </div>
  );
}
