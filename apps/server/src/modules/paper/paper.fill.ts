/**
 * The answer check of fill-answer, split out of paper.service.ts: applies the shared rules
 * (paper.answer.ts `encodeAnswer`, issue 8 encodings) to one answer BEFORE anything is written, against
 * the paper's cached question (paper.cache.ts) and, for fill-blank and matching questions, the bank's
 * options.
 */
import { QuType } from '@kaopei/contracts';
import type { FillAnswerReq } from '@kaopei/contracts/paper';
import type { Executor } from '../../db';
import { notFound } from '../../lib/errors';
import type { QuService } from '../qu/qu.service';
import { encodeAnswer, isAnswered, isChoiceType } from './paper.answer';
import type { PaperQuCache, PaperQuRef } from './paper.cache';
import type { OpenFill } from './paper.repository';

/** What fill-answer stores for one checked answer: repository `OpenFill` but the paper and its owner. */
export type CheckedAnswer = Omit<OpenFill, 'paperId' | 'userId'>;

/**
 * Validates one answer of fill-answer (SPEC §7) against its question's type and options. Throws
 * 10010001 with the Chinese message of the first violation; nothing has been written then. `qus` is
 * module qu's service (options of fill-blank and matching questions, read from `db`); `answers` the
 * chosen ids without repeats.
 */
export async function checkAnswer(db: Executor, qus: Pick<QuService, 'load'>, pq: PaperQuRef, req: FillAnswerReq, answers: string[]): Promise<CheckedAnswer> {
  const t = pq.quType;
  const options = t === QuType.FILL || t === QuType.MATCH ? (await qus.load(db, [pq.quId])).options : undefined;
  const stored = encodeAnswer(t, { ...req, answers }, { optionIds: pq.optionIds, options, seed: pq.id });
  const choice = isChoiceType(t);
  const answer = choice ? '' : stored;
  return { paperQuId: pq.id, quId: pq.quId, answer, answered: isAnswered(t, answers.length, answer), checked: choice ? answers : undefined };
}

/**
 * fill-answer's check (SPEC §7): the caller's paper `req.paperId` from `cache`, its question
 * `req.quId` (10010003 '试题不存在！' when not in the paper) and the answer (checkAnswer). Answers the
 * write to make (repository `fillOpenAll`), or undefined when the paper is not the caller's or does not
 * exist (the caller answers as for a missing paper). Nothing is written here.
 */
export async function checkFill(db: Executor, qus: Pick<QuService, 'load'>, cache: PaperQuCache, userId: string, req: FillAnswerReq): Promise<OpenFill | undefined> {
  const mine = await cache.of(db, req.paperId);
  if (mine?.userId !== userId) return undefined;
  const pq = mine.qus.get(req.quId);
  if (!pq) throw notFound('试题不存在！');
  return { paperId: req.paperId, userId, ...(await checkAnswer(db, qus, pq, req, [...new Set(req.answers)])) };
}
