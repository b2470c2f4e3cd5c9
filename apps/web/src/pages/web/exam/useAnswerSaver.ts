/**
 * Per-question answer saving for the exam page: every change calls /api/paper/paper/fill-answer with
 * the question's whole answer (`AnswerValue`: chosen option ids, text, blanks or pairs; a combined
 * question's sub-questions are saved under their own quId). Calls for one question run one after another (the last choice always
 * wins) and each question has a visible state: 'saving' → 'saved', or 'error' (retry re-sends the
 * last choice). A paper already handed in / timed out (20010005 / 20010006) calls `onClosed`.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { paperApi, PaperError } from '@kaopei/contracts/paper';
import { call, isApiError } from '../../../api/request';

export type SaveState = 'saving' | 'saved' | 'error';

/** One question's whole answer: `answers` option ids (1–3), `answer` text (4), `blanks` (5), `pairs` left-hand item id → item (6). */
export interface AnswerValue {
  answers?: string[];
  answer?: string;
  blanks?: string[];
  pairs?: Record<string, string>;
}

export function useAnswerSaver(paperId: string, onClosed: () => void) {
  const [states, setStates] = useState<Record<string, SaveState>>({});
  const [answered, setAnswered] = useState<Record<string, boolean>>({});
  const latest = useRef(new Map<string, AnswerValue>());
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
          const value = latest.current.get(quId) ?? {};
          const sig = JSON.stringify(value);
          try {
            const body = { paperId, quId, answers: value.answers ?? [], answer: value.answer ?? '', blanks: value.blanks, pairs: value.pairs };
            const res = await call(paperApi.fillAnswer, body, { quiet: [PaperError.PAPER_HANDED.code, PaperError.PAPER_TIMEOUT.code] });
            setAnswered((a) => ({ ...a, [quId]: res?.answered ?? false }));
          } catch (err) {
            mark(quId, 'error');
            if (isApiError(err, PaperError.PAPER_HANDED.code) || isApiError(err, PaperError.PAPER_TIMEOUT.code)) closedRef.current();
            return;
          }
          if (JSON.stringify(latest.current.get(quId) ?? {}) === sig) {
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
    (quId: string, value: AnswerValue) => {
      latest.current.set(quId, value);
      mark(quId, 'saving');
      if (!inflight.current.has(quId)) inflight.current.set(quId, run(quId));
    },
    [run],
  );

  const retry = useCallback((quId: string) => save(quId, latest.current.get(quId) ?? {}), [save]);

  /** Wait for every pending save (before hand-in). */
  const flush = useCallback(async () => {
    while (inflight.current.size > 0) await Promise.all(Array.from(inflight.current.values()));
  }, []);

  return { states, answered, save, retry, flush };
}
