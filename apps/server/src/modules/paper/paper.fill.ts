/**
 * The answer check of fill-answer, split out of paper.service.ts: which answers each question type
 * accepts (issue 8 encodings, paper.answer.ts).
 */
import { QuType } from '@kaopei/contracts';
import type { FillAnswerReq } from '@kaopei/contracts/paper';
import type { Executor } from '../../db';
import { badParams } from '../../lib/errors';
import type { QuService } from '../qu/qu.service';
import { isChoiceType, leftItemsOf, rightItemsOf } from './paper.answer';
import type { ElPaperQuTable } from './paper.tables';
import * as repo from './paper.repository';

/**
 * Validates one answer of fill-answer (SPEC §7) against its question's type and options and
 * answers the el_paper_qu.answer to store ('' for choices, whose options are marked in
 * el_paper_qu_answer). Throws 10010001 with the Chinese message of the first violation. `qus` is
 * module qu's service (options of fill-blank and matching questions).
 */
export async function storedAnswer(trx: Executor, qus: Pick<QuService, 'load'>, pq: ElPaperQuTable, req: FillAnswerReq, answers: string[]): Promise<string> {
  const t = pq.quType;
  const text = req.answer.trim() !== '';
  if (!isChoiceType(t) && answers.length) throw badParams('该题不能选择选项！');
  if (t !== QuType.FILL && req.blanks !== undefined) throw badParams('该题不是填空题！');
  if (t !== QuType.MATCH && req.pairs !== undefined) throw badParams('该题不是匹配题！');
  if (t === QuType.MIX) {
    if (text) throw badParams('组合题请逐个小题作答！');
    return '';
  }
  if (isChoiceType(t)) {
    if (text) throw badParams('选择题请选择选项作答！');
    const optionIds = new Set((await repo.answersOf(trx, req.paperId, req.quId)).map((c) => c.answerId));
    if (answers.some((a) => !optionIds.has(a))) throw badParams('选项不属于该试题！');
    if ((t === QuType.SINGLE || t === QuType.JUDGE) && answers.length > 1) throw badParams('该题只能选择一个选项！');
    return '';
  }
  if (t === QuType.SAQ) return req.answer;
  if (text) throw badParams(t === QuType.FILL ? '填空题请按空作答！' : '匹配题请为每一项选择匹配内容！');
  const { options } = await qus.load(trx, [pq.quId]);
  if (t === QuType.FILL) {
    const blanks = req.blanks ?? [];
    if (blanks.length > options.length) throw badParams(`该题只有${options.length}个空！`);
    return blanks.some((b) => b.trim() !== '') ? JSON.stringify(blanks) : '';
  }
  if (t === QuType.MATCH) {
    const pairs = Object.fromEntries(Object.entries(req.pairs ?? {}).filter(([, v]) => v.trim() !== ''));
    const left = new Set(leftItemsOf(options).map((o) => o.id));
    const items = new Set(rightItemsOf(options, pq.id));
    for (const [k, v] of Object.entries(pairs)) {
      if (!left.has(k)) throw badParams('匹配项不属于该试题！');
      if (!items.has(v.trim())) throw badParams('匹配内容不属于该试题！');
    }
    return Object.keys(pairs).length ? JSON.stringify(pairs) : '';
  }
  throw badParams('暂不支持该题型！');
}
