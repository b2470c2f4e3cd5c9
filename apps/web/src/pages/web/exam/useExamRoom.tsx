/**
 * The exam room's state and behaviour without its layout (issue 9 "Exam room", SPEC §4 exam flow),
 * shared by the web exam page (./ExamStart.tsx, /web/exam/start/:paperId) and the phone exam page
 * (pages/m-exam/MExam.tsx, /m/info/exam):
 * - paper-detail (re-fetched every 60 s, which re-syncs the countdown with the server's
 *   leftSeconds); a paper whose state ≠ 0 calls `goResult`; at 0 s the paper is handed in
 *   (`handIn(true)`) and `goResult` follows;
 * - the current question (`currentId`, `setCurrentId`), the learner's answers through the offline
 *   answer queue (./useAnswerSaver.ts): `valueOf`, `onAnswer`, save states, answered flags (a
 *   combined question: any of its sub-questions, learnt from `onLoaded`), the unanswered count;
 * - marks (标记) per paper in this browser (./exam-prefs.ts), the answer card state `stateOf`;
 * - a deleted question (20010001) → its message, then `quitUrl` after 1.5 s (SPEC §8);
 * - the integrity guard (./useExamGuard.tsx; developer tools → `homeUrl`) and the exam socket
 *   (10 s heartbeat; an invigilator's message stays on screen as "管理员提醒");
 * - `handIn(auto)`: flushes the queue (waits while the server is unreachable:
 *   '服务器无法连接或无法响应！'), hand-exam, '交卷成功！' / '考试时间到，系统已自动交卷！', then
 *   `goResult`; a paper handed in already (20010005) goes to the result too.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ComponentProps } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { PaperState } from '@kaopei/contracts';
import { paperApi, PaperError, type PaperQuDetail, type PaperSubQu } from '@kaopei/contracts/paper';
import { call, isApiError, isUnreachable } from '../../../api/request';
import { useAuth } from '../../../store/auth';
import { cardState, clearMarks, loadMarks, toggleMark } from './exam-prefs';
import { browserStorage, useAnswerSaver, type AnswerValue, type SaveState } from './useAnswerSaver';
import { useCountdown } from './useCountdown';
import { useExamGuard } from './useExamGuard';
import type { PaperBody } from './PaperBody';

const RESYNC_MS = 60_000;
export const UNREACHABLE_MSG = '服务器无法连接或无法响应！';

/** The state a stem shows for its sub-questions' saves: the busiest one. */
function busiest(states: (SaveState | undefined)[]): SaveState | undefined {
  for (const s of ['saving', 'queued', 'error', 'saved'] as const) if (states.includes(s)) return s;
  return undefined;
}

export interface ExamRoomOptions {
  /** Opens the paper's result (replacing the exam page in the history). */
  goResult: () => void;
  /** Where a deleted question sends the learner (1.5 s after its message). */
  quitUrl: string;
  /** Where the developer-tools guard sends the learner. */
  homeUrl: string;
}

export function useExamRoom(paperId: string, { goResult, quitUrl, homeUrl }: ExamRoomOptions) {
  const navigate = useNavigate();
  const { message, notification } = App.useApp();
  const { user } = useAuth();
  const [currentId, setCurrentId] = useState<string>();
  const [values, setValues] = useState<Record<string, AnswerValue>>({});
  /** Sub-question ids of the combined questions seen so far (the card's answered state of a stem). */
  const [subIds, setSubIds] = useState<Record<string, string[]>>({});
  const storage = useMemo(browserStorage, []);
  const [marks, setMarks] = useState<string[]>(() => loadMarks(storage, paperId));
  const [handing, setHanding] = useState(false);
  const handedRef = useRef(false);
  const saver = useAnswerSaver(paperId, goResult);

  const detail = useQuery({
    queryKey: ['paper-detail', paperId],
    queryFn: () => call(paperApi.paperDetail, { id: paperId }),
    refetchInterval: RESYNC_MS,
    refetchIntervalInBackground: true,
    gcTime: 0,
    enabled: Boolean(paperId),
  });
  const paper = detail.data;
  const open = paper?.state === PaperState.IN_EXAM;
  const left = useCountdown(paper?.leftSeconds, detail.dataUpdatedAt);

  const questions = useMemo(() => (paper?.groupList ?? []).flatMap((g) => [...g.quList].sort((a, b) => a.sort - b.sort)), [paper]);
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
  const stateOf = (quId: string) =>
    cardState(quId, { currentId: current?.quId, marks, saveStates: [saver.states[quId], ...(subIds[quId] ?? []).map((s) => saver.states[s])], answered: isAnswered(quId) });
  const isMarked = (quId: string) => marks.includes(quId);
  const onToggleMark = (quId: string) => setMarks(toggleMark(storage, paperId, quId));

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
      quitTimer.current = window.setTimeout(() => navigate(quitUrl, { replace: true }), 1500);
    },
    [message, navigate, quitUrl],
  );
  useEffect(() => () => window.clearTimeout(quitTimer.current), []);

  // Integrity settings (paste, leaves, fullscreen) and the guards of every exam (menu, selection, dev tools).
  const goHome = useCallback(() => navigate(homeUrl, { replace: true }), [navigate, homeUrl]);
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

  const cardTitle = `答题卡（已答 ${questions.length - unanswered}/${questions.length}）`;

  /** The PaperBody props that come from the room (null before the paper loaded); the page adds its layout and onPick. */
  const bodyProps: RoomBodyProps | null = paper
    ? { paperId, groups: paper.groupList, questions, currentId: current?.quId, valueOf, saveStateOf, isAnswered, isMarked, onToggleMark, onAnswer, onRetry: saver.retry, onLoaded, onQuError }
    : null;

  return {
    detail,
    paper,
    open,
    left,
    questions,
    current,
    setCurrentId,
    saver,
    isAnswered,
    unanswered,
    saveStateOf,
    waiting,
    stateOf,
    isMarked,
    onToggleMark,
    onLoaded,
    onQuError,
    handIn,
    handing,
    valueOf,
    onAnswer,
    cardTitle,
    bodyProps,
  };
}

/** PaperBody's props that the exam room provides (web ExamStart and the phone's MExamRoom share them). */
export type RoomBodyProps = Omit<ComponentProps<typeof PaperBody>, 'layout' | 'onPick'>;

export type ExamRoom = ReturnType<typeof useExamRoom>;

/** The hand-in confirmation's question, by the number of unanswered questions. */
export function handInQuestion(unanswered: number): string {
  return unanswered > 0 ? `您还有 ${unanswered} 道题未作答，确定要交卷吗？` : '您已完成全部试题，确定要交卷吗？';
}

/** The banner shown while answers wait for the network. */
export function offlineText(waiting: number): string {
  return `网络连接已断开，${waiting} 道题的答案待发送，恢复连接后将按顺序自动保存，请勿关闭页面。`;
}
