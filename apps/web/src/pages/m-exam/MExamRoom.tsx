/**
 * The exam room of the phone exam page (./MExam.tsx, issue 14; the web room's rules, issue 9): the
 * web's useExamRoom (paper-detail, countdown from the server's leftSeconds with hand-in at 0, the
 * offline answer queue, marks, integrity guard, exam socket) with a phone layout:
 * - a sticky bar: title, 剩余时间 (`countdown`), 交卷 (`hand-exam`);
 * - one question per screen (the web's PaperBody in its 'one' layout: the same question renderers
 *   and 上一题 / 下一题); a horizontal swipe on the question goes to the next / previous one;
 * - a bottom bar 答题卡 (`m-card-open`, answered / total) opening the answer card as a bottom sheet
 *   (antd-mobile Popup, `m-card-sheet`) with answered / current / 标记 / 待发送 states; picking a
 *   question closes it;
 * - 交卷 asks for confirmation with the unanswered count (`hand-unanswered`; `hand-confirm`,
 *   `hand-cancel`), then the result (`&view=result`);
 * - while answers wait for the network, a banner (`offline-banner`).
 * The exam camera (camOn) loads lazily as on the web. Touch targets are ≥ 44 px (./m-exam.css).
 */
import { lazy, Suspense, useCallback, useRef, useState, type CSSProperties, type TouchEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, CenterPopup, ErrorBlock, Popup } from 'antd-mobile';
import { formatHms } from '../../utils/format';
import { AnswerCard } from '../web/exam/AnswerCard';
import { PaperBody } from '../web/exam/PaperBody';
import { handInQuestion, offlineText, useExamRoom } from '../web/exam/useExamRoom';
import { M_HOME, mExamUrl } from './urls';

const ExamCamera = lazy(() => import('../web/exam/ExamCamera'));

/** The hand-in dialog's width: up to 320 px, 16 px from each edge of a narrow phone. */
const CONFIRM_SIZE = { '--min-width': 'min(320px, calc(100vw - 32px))', '--max-width': 'calc(100vw - 32px)' } as CSSProperties;

/** A swipe: at least this many px sideways, and more sideways than up or down. */
const SWIPE_PX = 60;

export function MExamRoom({ examId, paperId }: { examId: string; paperId: string }) {
  const navigate = useNavigate();
  const [cardOpen, setCardOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const goResult = useCallback(() => navigate(mExamUrl(examId, paperId, true), { replace: true }), [navigate, examId, paperId]);
  const room = useExamRoom(paperId, { goResult, quitUrl: M_HOME, homeUrl: M_HOME });
  const { paper, open, left, questions, current, saver, unanswered, waiting, handing, setCurrentId } = room;
  const touch = useRef<{ x: number; y: number } | null>(null);

  const pick = useCallback(
    (quId: string) => {
      setCurrentId(quId);
      setCardOpen(false);
      window.scrollTo({ top: 0 });
    },
    [setCurrentId],
  );

  const onTouchStart = (e: TouchEvent) => {
    const t = e.touches[0];
    touch.current = t ? { x: t.clientX, y: t.clientY } : null;
  };
  const onTouchEnd = (e: TouchEvent) => {
    const from = touch.current;
    const t = e.changedTouches[0];
    touch.current = null;
    if (!from || !t) return;
    const dx = t.clientX - from.x;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(t.clientY - from.y) * 2) return;
    const index = questions.findIndex((q) => q.quId === current?.quId);
    const next = questions[index + (dx < 0 ? 1 : -1)];
    if (next) pick(next.quId);
  };

  const handIn = async () => {
    await room.handIn(false);
    setConfirmOpen(false);
  };

  if (room.detail.isLoading) return <div className="m-exam m-exam-loading">加载中…</div>;
  if (!paper) {
    return (
      <div className="m-exam">
        <ErrorBlock status="default" title="试卷加载失败" description="" />
        <Button block size="large" onClick={() => navigate(M_HOME)}>
          返回首页
        </Button>
      </div>
    );
  }

  return (
    <div className="m-exam m-exam-room exam-page" data-testid="m-exam-room">
      <div className="m-exam-bar">
        <div className="m-exam-bar-title">{paper.title}</div>
        <span className={`m-exam-countdown${left !== null && left <= 300 ? ' countdown-warn' : ''}`}>
          剩余 <span data-testid="countdown">{left === null ? '--:--:--' : formatHms(left)}</span>
        </span>
        <Button color="danger" size="small" loading={handing} onClick={() => setConfirmOpen(true)} data-testid="hand-exam">
          交卷
        </Button>
      </div>
      {saver.offline && waiting > 0 ? (
        <div className="exam-offline" role="status" data-testid="offline-banner">
          {offlineText(waiting)}
        </div>
      ) : null}
      <div className="m-exam-body" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
        {open && room.bodyProps ? (
          <PaperBody {...room.bodyProps} layout="one" onPick={pick} />
        ) : (
          <div className="m-exam-loading">加载中…</div>
        )}
      </div>
      <div className="m-exam-footer">
        <Button block size="large" onClick={() => setCardOpen(true)} data-testid="m-card-open">
          {room.cardTitle}
        </Button>
      </div>
      <Popup visible={cardOpen} onMaskClick={() => setCardOpen(false)} onClose={() => setCardOpen(false)} position="bottom" showCloseButton bodyClassName="m-exam-sheet" data-testid="m-card-sheet">
        <div className="m-exam-sheet-title">{room.cardTitle}</div>
        <div className="m-exam-sheet-body">
          <AnswerCard groups={paper.groupList} stateOf={room.stateOf} onPick={pick} />
        </div>
      </Popup>
      <CenterPopup visible={confirmOpen} onMaskClick={() => setConfirmOpen(false)} bodyClassName="m-exam-confirm" style={CONFIRM_SIZE} data-testid="m-hand-dialog">
        <h3>确认交卷</h3>
        <p data-testid="hand-unanswered">{handInQuestion(unanswered)}</p>
        <p className="muted">交卷后将不能再修改答案。</p>
        <div className="m-exam-confirm-actions">
          <Button block size="large" onClick={() => setConfirmOpen(false)} data-testid="hand-cancel">
            继续答题
          </Button>
          <Button block size="large" color="danger" loading={handing} onClick={() => void handIn()} data-testid="hand-confirm">
            确认交卷
          </Button>
        </div>
      </CenterPopup>
      {open && paper.guard.camOn ? (
        <Suspense fallback={null}>
          <ExamCamera paperId={paperId} camInterval={paper.guard.camInterval} faceChance={paper.guard.faceChance} onBreak={goResult} />
        </Suspense>
      ) : null}
    </div>
  );
}
