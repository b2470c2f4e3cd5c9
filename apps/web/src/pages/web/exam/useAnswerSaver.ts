/**
 * Per-question answer saving for the exam page: every change calls /api/paper/paper/fill-answer with
 * the full chosen option ids. Calls for one question run one after another (the last choice always
 * wins) and each question has a visible state: 'saving' → 'saved', or 'error' (retry re-sends the
 * last choice). A paper already handed in / timed out (20010005 / 20010006) calls `onClosed`.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { paperApi, PaperError } from '@kaopei/contracts/paper';
import { call, isApiError } from '../../../api/request';

export type SaveState = 'saving' | 'saved' | 'error';

export function useAnswerSaver(paperId: string, onClosed: () => void) {
  const [states, setStates] = useState<Record<string, SaveState>>({});
  const [answered, setAnswered] = useState<Record<string, boolean>>({});
  const latest = useRef(new Map<string, string[]>());
  const inflight = useRef(new Map<string, Promise<void>>());
  const closedRef = useRef(onClosed);
  useEffect(() => {
    closedRef.current = onClosed;
  }, [onClosed]);

  const mark = (quId: string, state: SaveState) => setStates((s) => ({ ...s, [quId]: state }));

  const run = useCallback(
    async (quId: string) => {
      try {
        for (;;) {
          const answers = latest.current.get(quId) ?? [];
          const sig = answers.join(',');
          try {
            const res = await call(paperApi.fillAnswer, { paperId, quId, answers, answer: '' }, { quiet: [PaperError.PAPER_HANDED.code, PaperError.PAPER_TIMEOUT.code] });
            setAnswered((a) => ({ ...a, [quId]: res?.answered ?? answers.length > 0 }));
          } catch (err) {
            mark(quId, 'error');
            if (isApiError(err, PaperError.PAPER_HANDED.code) || isApiError(err, PaperError.PAPER_TIMEOUT.code)) closedRef.current();
            return;
          }
          if ((latest.current.get(quId) ?? []).join(',') === sig) {
            mark(quId, 'saved');
            return;
          }
        }
      } finally {
        inflight.current.delete(quId);
      }
    },
    [paperId],
  );

  /** Save the learner's whole answer to one question. */
  const save = useCallback(
    (quId: string, answers: string[]) => {
      latest.current.set(quId, answers);
      mark(quId, 'saving');
      if (!inflight.current.has(quId)) inflight.current.set(quId, run(quId));
    },
    [run],
  );

  const retry = useCallback((quId: string) => save(quId, latest.current.get(quId) ?? []), [save]);

  /** Wait for every pending save (before hand-in). */
  const flush = useCallback(async () => {
    while (inflight.current.size > 0) await Promise.all(Array.from(inflight.current.values()));
  }, []);

  return { states, answered, save, retry, flush };
}
