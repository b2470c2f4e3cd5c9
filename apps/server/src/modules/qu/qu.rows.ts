/**
 * The shapes of a question to insert and the mapping between them, the el_qu / el_qu_answer rows and
 * the admin detail (what each type keeps: see qu.service.ts). Pure functions; rich text is
 * sanitised here (lib/sanitize.ts).
 */
import type { z } from 'zod';
import { QU_TYPE_LABEL, QuType } from '@kaopei/contracts';
import { blankOptsFromBits, blankOptsToBits, quSaveReq, type BlankOpts, type QuKeyword, type QuSubDetail } from '@kaopei/contracts/qu';
import { sanitizeRichText } from '../../lib/sanitize';
import type { ElQuAnswerTable, ElQuTable } from './qu.tables';
/** A save request as a client sends it (before defaults). */
export type QuSaveInput = z.input<typeof quSaveReq>;

/**
 * An option to insert (text not yet sanitised): `answer` carries the fill-blank alternatives `a|b`
 * or the matching right-hand item (see contracts `quOption`).
 */
export type NewOption = Pick<ElQuAnswerTable, 'content' | 'analysis' | 'image'> & { isRight: boolean; answer?: string };

/** A sub-question of a combined question to insert (types 1–6). */
export interface NewSubQuestion {
  quType: number;
  level: number;
  content: string;
  analysis: string;
  image: string;
  video?: string;
  /** 4: reference answer (rich text). */
  answer?: string;
  /** 5: how answers are compared. */
  blankOpts?: Partial<BlankOpts>;
  /** 4: keyword pre-score. */
  keywords?: QuKeyword[];
  answerList: NewOption[];
}

/** A question to insert: its fields, options in order and (99) its sub-questions in order. */
export interface NewQuestion extends NewSubQuestion {
  repoId: string;
  video: string;
  /** A chapter of `repoId` ('' / absent: none); the caller checks it belongs to the bank. */
  chapterId?: string;
  subList?: NewSubQuestion[];
}

const CHOICE_TYPES: readonly number[] = [QuType.SINGLE, QuType.MULTI, QuType.JUDGE];

/** The per-type fields of an el_qu row (see the module docstring for what each type keeps). */
export function typeFields(q: NewSubQuestion): Pick<ElQuTable, 'answer' | 'blankOpts' | 'keywords'> {
  return {
    answer: q.quType === QuType.SAQ ? sanitizeRichText(q.answer ?? '') : '',
    blankOpts: q.quType === QuType.FILL ? blankOptsToBits(q.blankOpts) : 0,
    keywords: q.quType === QuType.SAQ && q.keywords?.length ? JSON.stringify(q.keywords.map((k) => ({ word: k.word.trim(), score: k.score }))) : '',
  };
}

/** The el_qu_answer fields of one option of a question of type `quType`. */
export function optionFields(quType: number, o: NewOption, sort: number): Omit<ElQuAnswerTable, 'id' | 'quId'> {
  return {
    content: sanitizeRichText(o.content),
    isRight: CHOICE_TYPES.includes(quType) && o.isRight ? 1 : 0,
    analysis: sanitizeRichText(o.analysis),
    image: o.image,
    answer: quType === QuType.FILL || quType === QuType.MATCH ? (o.answer ?? '').trim() : '',
    sort,
  };
}

/** Parses a stored keywords cell ('' or JSON `[{word, score}]`); a broken cell reads as none. */
export function parseKeywords(stored: string): QuKeyword[] {
  if (!stored) return [];
  try {
    const v = JSON.parse(stored) as unknown;
    return Array.isArray(v) ? v.filter((k): k is QuKeyword => typeof k?.word === 'string' && typeof k?.score === 'number') : [];
  } catch {
    return [];
  }
}

/** The question as an admin detail (no bank/chapter titles, no subs). */
export function subDetail(q: ElQuTable, options: ElQuAnswerTable[]): QuSubDetail {
  return {
    id: q.id,
    quType: q.quType,
    quType_dictText: QU_TYPE_LABEL[q.quType] ?? '',
    level: q.level,
    content: q.content,
    analysis: q.analysis,
    image: q.image,
    answer: q.answer,
    blankOpts: blankOptsFromBits(q.blankOpts),
    keywords: parseKeywords(q.keywords),
    answerList: options
      .filter((o) => o.quId === q.id)
      .map((o) => ({ id: o.id, content: o.content, isRight: o.isRight === 1, analysis: o.analysis, image: o.image, answer: o.answer })),
  };
}
