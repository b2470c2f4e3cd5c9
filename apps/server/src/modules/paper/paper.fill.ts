/**
 * The answer check of fill-answer, split out of paper.service.ts: loads what the question's type
 * is checked against and applies the shared rules (paper.answer.ts `encodeAnswer`, issue 8 encodings).
 */
import { QuType } from '@kaopei/contracts';
import type { FillAnswerReq } from '@kaopei/contracts/paper';
import type { Executor } from '../../db';
import type { QuService } from '../qu/qu.service';
import { encodeAnswer, isChoiceType } from './paper.answer';
import type { ElPaperQuTable } from './paper.tables';
import * as repo from './paper.repository';

/**
 * Validates one answer of fill-answer (SPEC §7) against its question's type and options and
 * answers the el_paper_qu.answer to store ('' for choices). A choice question's options are marked
 * in el_paper_qu_answer first, by the one UPDATE that also answers the question's option ids
 * (repo.markChosen); when the choice is then refused the throw undoes the marks (the caller's
 * transaction or group-commit savepoint). Throws 10010001 with the Chinese message of the first
 * violation. `qus` is module qu's service (options of fill-blank and matching questions);
 * `answers` the chosen ids without repeats.
 */
export async function storedAnswer(trx: Executor, qus: Pick<QuService, 'load'>, pq: ElPaperQuTable, req: FillAnswerReq, answers: string[]): Promise<string> {
  const t = pq.quType;
  const optionIds = isChoiceType(t) ? new Set(await repo.markChosen(trx, req.paperId, req.quId, answers)) : undefined;
  const options = t === QuType.FILL || t === QuType.MATCH ? (await qus.load(trx, [pq.quId])).options : undefined;
  const stored = encodeAnswer(t, { ...req, answers }, { optionIds, options, seed: pq.id });
  return isChoiceType(t) ? '' : stored;
}
