/**
 * Answer saving of the exam page, on the offline answer queue (./answer-queue.ts): every change
 * queues the question's whole answer (a combined question's sub-questions under their own quId);
 * the queue, kept in localStorage per paper, sends to /api/paper/paper/fill-answer strictly in
 * order and each question shows 待发送 → 保存中 → 已保存 (or 保存失败 with 重试). While the server is
 * unreachable the answers wait (resent after 2 s … 15 s, at once when the browser is back online;
 * no error notification each time, a banner says they wait); after a reload the page resumes the
 * queue and shows its answers over the server's. A paper handed in / timed out (20010005 / 20010006)
 * calls `onClosed`.
 *
 * Returns `states` (quId → SaveState), `answered` (quId → the server's answered flag),
 * `pendingValues` (the queued answers at load, quId → AnswerValue), `offline` (the last send found
 * no server), `save`, `retry`, `flush` (before hand-in; rejects while unreachable) and `clear`.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { paperApi, PaperError } from '@kaopei/contracts/paper';
import { ApiError, call, isApiError } from '../../../api/request';
import { createAnswerQueue, loadQueue, type AnswerQueue, type AnswerValue, type SaveState } from './answer-queue';

export type { AnswerValue, SaveState } from './answer-queue';

const CLOSED_CODES = [PaperError.PAPER_HANDED.code, PaperError.PAPER_TIMEOUT.code];

/** Worth sending again later: no response, or a gateway that could not reach the API (502–504). */
export function isRetryable(err: unknown): boolean {
  return err instanceof ApiError && (err.isUnreachable || (err.status >= 502 && err.status <= 504));
}

/** The browser's localStorage, or a memory stand-in where it is unavailable (storage disabled). */
export function browserStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  try {
    return window.localStorage;
  } catch {
    const m = new Map<string, string>();
    return { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, v), removeItem: (k) => void m.delete(k) };
  }
}

export function useAnswerSaver(paperId: string, onClosed: () => void) {
  const [states, setStates] = useState<Record<string, SaveState>>({});
  const [answered, setAnswered] = useState<Record<string, boolean>>({});
  const [offline, setOffline] = useState(false);
  const closedRef = useRef(onClosed);
  useEffect(() => {
    closedRef.current = onClosed;
  }, [onClosed]);
  const storage = useMemo(browserStorage, []);
  /** The answers still queued when the page loaded (a reload while offline): shown over the server's. */
  const pendingValues = useMemo(() => Object.fromEntries(loadQueue(storage, paperId).map((e) => [e.quId, e.value])) as Record<string, AnswerValue>, [storage, paperId]);
  const queueRef = useRef<AnswerQueue | null>(null);

  useEffect(() => {
    const queue = createAnswerQueue(paperId, {
      storage,
      send: async (quId, value) => {
        try {
          const body = { paperId, quId, answers: value.answers ?? [], answer: value.answer ?? '', blanks: value.blanks, pairs: value.pairs };
          const res = await call(paperApi.fillAnswer, body, { quiet: CLOSED_CODES, quietUnreachable: true });
          setOffline(false);
          return { answered: res?.answered ?? false };
        } catch (err) {
          if (isRetryable(err)) setOffline(true);
          throw err;
        }
      },
      isRetryable,
      isClosed: (err) => CLOSED_CODES.some((c) => isApiError(err, c)),
      onChange: () => {
        setStates({ ...queue.states() });
        setAnswered({ ...queue.answered() });
      },
      onClosed: () => closedRef.current(),
    });
    queueRef.current = queue;
    setStates({ ...queue.states() });
    const online = () => queue.kick();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      queue.dispose();
      queueRef.current = null;
    };
  }, [paperId, storage]);

  /** Queue the learner's whole answer to one question. */
  const save = useCallback((quId: string, value: AnswerValue) => queueRef.current?.push(quId, value), []);
  /** Queue again the last answer of a question the server refused. */
  const retry = useCallback((quId: string) => queueRef.current?.retry(quId), []);
  /** Resolves when every queued answer is acknowledged; rejects while the server is unreachable. */
  const flush = useCallback(() => queueRef.current?.flush() ?? Promise.resolve(), []);
  /** Forget the stored queue (after hand-in). */
  const clear = useCallback(() => queueRef.current?.clear(), []);

  return { states, answered, offline, pendingValues, save, retry, flush, clear };
}
