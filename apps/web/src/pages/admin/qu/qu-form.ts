/**
 * Pure logic of the admin question form (QuForm, QuestionEditor): the draft a form edits for every
 * type (SPEC §4: 1 single, 2 multiple, 3 true/false, 4 short answer, 5 fill blank, 6 matching,
 * 99 combined with sub-questions of types 1–6), what switching the type does to the options, the
 * conversion from a detail and to the save body of contracts `quSaveReq`, the rule check the form
 * runs before saving (contracts `questionRuleErrors` + field shapes), and helpers for blanks
 * (counting `____` marks in the content, alternatives `a|b`) and matching (the right-hand items).
 */
import { QuType } from '@kaopei/contracts';
import {
  countBlankMarks as countBlankMarksRule,
  joinAlternatives,
  questionRuleErrors,
  quSaveReq,
  splitAlternatives,
  type BlankOpts,
  type QuDetail,
  type QuSubDetail,
} from '@kaopei/contracts/qu';
import type { z } from 'zod';

/** One option row of the form (choices, blanks, matching pairs / distractors). */
export interface OptionDraft {
  key: string;
  id?: string;
  content: string;
  isRight: boolean;
  analysis: string;
  image: string;
  /** 5: the alternatives `a|b`; 6: the right-hand item. */
  answer: string;
  /** 6: a right-hand item no left-hand item matches (saved with empty content). */
  distractor?: boolean;
}

/** One keyword row of a short answer. `score` null while the input is empty. */
export interface KeywordDraft {
  key: string;
  word: string;
  score: number | null;
}

/** A question (or a sub-question of a combined one) as the form edits it. */
export interface QuestionDraft {
  key: string;
  id?: string;
  quType: number;
  level: number;
  content: string;
  analysis: string;
  image: string;
  /** 4: reference answer (rich text). */
  answer: string;
  blankOpts: BlankOpts;
  keywords: KeywordDraft[];
  options: OptionDraft[];
  /** 99 only. */
  subs: QuestionDraft[];
}

/** Types a sub-question of a combined question may have. */
export const SUB_QU_TYPES = [QuType.SINGLE, QuType.MULTI, QuType.JUDGE, QuType.SAQ, QuType.FILL, QuType.MATCH] as const;

let seq = 0;
/** A key unique in this page (React list keys). */
export const newKey = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;

export function newOption(content = '', over: Partial<OptionDraft> = {}): OptionDraft {
  return { key: newKey('opt'), content, isRight: false, analysis: '', image: '', answer: '', ...over };
}

export function newKeyword(): KeywordDraft {
  return { key: newKey('kw'), word: '', score: 1 };
}

const NO_BLANK_OPTS: BlankOpts = { ignoreCase: false, fullHalf: false, anyOrder: false };

/** The options a fresh question of `quType` starts with. */
export function defaultOptions(quType: number): OptionDraft[] {
  switch (quType) {
    case QuType.JUDGE:
      return [newOption('正确'), newOption('错误')];
    case QuType.FILL:
      return [newOption()];
    case QuType.MATCH:
      return [newOption(), newOption()];
    case QuType.SAQ:
    case QuType.MIX:
      return [];
    default:
      return [newOption(), newOption(), newOption(), newOption()];
  }
}

/** An empty question of `quType` (a combined one starts with one single-choice sub-question). */
export function newDraft(quType: number = QuType.SINGLE): QuestionDraft {
  return {
    key: newKey('qu'),
    quType,
    level: 1,
    content: '',
    analysis: '',
    image: '',
    answer: '',
    blankOpts: { ...NO_BLANK_OPTS },
    keywords: [],
    options: defaultOptions(quType),
    subs: quType === QuType.MIX ? [newDraft(QuType.SINGLE)] : [],
  };
}

const CHOICE: readonly number[] = [QuType.SINGLE, QuType.MULTI, QuType.JUDGE];

/**
 * The draft after switching to type `next`. Content, analysis, level and image stay. Options stay
 * between single and multiple choice (single keeps only the first right mark); true/false gets
 * 正确/错误; every other change starts the options of the new type afresh. A combined question
 * keeps its sub-questions (or gets one); other types drop them.
 */
export function switchType(d: QuestionDraft, next: number): QuestionDraft {
  if (next === d.quType) return d;
  let options: OptionDraft[];
  if ((d.quType === QuType.SINGLE || d.quType === QuType.MULTI) && (next === QuType.SINGLE || next === QuType.MULTI)) {
    let seen = false;
    options = d.options.map((o) => {
      if (next !== QuType.SINGLE || !o.isRight) return o;
      if (seen) return { ...o, isRight: false };
      seen = true;
      return o;
    });
  } else options = defaultOptions(next);
  return { ...d, quType: next, options, subs: next === QuType.MIX ? (d.subs.length ? d.subs : [newDraft(QuType.SINGLE)]) : [] };
}

/** The draft of a question or sub-question as detailed by /api/qu/qu/detail. */
export function draftFromDetail(d: QuDetail | QuSubDetail): QuestionDraft {
  return {
    key: newKey('qu'),
    id: d.id,
    quType: d.quType,
    level: d.level,
    content: d.content,
    analysis: d.analysis,
    image: d.image,
    answer: d.answer,
    blankOpts: { ...d.blankOpts },
    keywords: d.keywords.map((k) => ({ key: newKey('kw'), word: k.word, score: k.score })),
    options: d.answerList.map((o) =>
      newOption(o.content, { id: o.id, isRight: o.isRight, analysis: o.analysis, image: o.image, answer: o.answer, ...(d.quType === QuType.MATCH && o.content.trim() === '' && o.image.trim() === '' ? { distractor: true } : {}) }),
    ),
    subs: 'subList' in d ? d.subList.map(draftFromDetail) : [],
  };
}

/** The body of one question as /api/qu/qu/save takes it (sub-questions without bank and chapter). */
function bodyOf(d: QuestionDraft) {
  const choice = CHOICE.includes(d.quType);
  return {
    ...(d.id ? { id: d.id } : {}),
    quType: d.quType,
    level: d.level,
    content: d.content,
    analysis: d.analysis,
    image: d.image.trim(),
    answer: d.quType === QuType.SAQ ? d.answer : '',
    blankOpts: d.quType === QuType.FILL ? d.blankOpts : { ...NO_BLANK_OPTS },
    keywords: d.quType === QuType.SAQ ? d.keywords.filter((k) => k.word.trim() !== '' || k.score !== null).map((k) => ({ word: k.word.trim(), score: k.score ?? 0 })) : [],
    answerList:
      d.quType === QuType.SAQ || d.quType === QuType.MIX
        ? []
        : d.options.map((o) => ({
            ...(o.id ? { id: o.id } : {}),
            content: d.quType === QuType.FILL || o.distractor ? '' : o.content.trim(),
            isRight: choice && o.isRight,
            analysis: o.analysis,
            image: o.image.trim(),
            answer: d.quType === QuType.FILL || d.quType === QuType.MATCH ? o.answer.trim() : '',
          })),
  };
}

/** The save request of a draft (before the contracts' defaults). */
export type SaveBody = z.input<typeof quSaveReq>;

/** The /api/qu/qu/save body of the form. */
export function toSaveBody(d: QuestionDraft, where: { id?: string; repoId: string; chapterId?: string }): SaveBody {
  return {
    ...bodyOf(d),
    ...(where.id ? { id: where.id } : {}),
    repoId: where.repoId,
    chapterId: where.chapterId ?? '',
    subList: d.quType === QuType.MIX ? d.subs.map(bodyOf) : [],
  };
}

/**
 * Every problem the form can find before saving: the field shapes of `quSaveReq` (first message
 * per field) and the business rules of `questionRuleErrors`, each message once.
 */
export function draftErrors(body: SaveBody): string[] {
  const out: string[] = [];
  const parsed = quSaveReq.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const sub = issue.path[0] === 'subList' && typeof issue.path[1] === 'number' ? `第${issue.path[1] + 1}小题：` : '';
      out.push(sub + issue.message);
    }
  } else out.push(...questionRuleErrors(parsed.data));
  return [...new Set(out)];
}

/**
 * What only the form knows (the save body cannot tell): a matching pair whose left-hand item was
 * left empty would be saved as a distractor, so it is reported (第N组配对缺少左侧项！), for the
 * question and each sub-question (prefixed 第N小题：).
 */
export function formErrors(d: QuestionDraft): string[] {
  const own = (q: QuestionDraft) =>
    q.quType !== QuType.MATCH ? [] : q.options.filter((o) => !o.distractor).flatMap((o, n) => (o.content.trim() === '' && o.image.trim() === '' ? [`第${n + 1}组配对缺少左侧项！`] : []));
  return [...own(d), ...(d.quType === QuType.MIX ? d.subs.flatMap((s, i) => own(s).map((e) => `第${i + 1}小题：${e}`)) : [])];
}

/** Number of blank marks in a content: contracts' one rule (a run of three or more underscores, outside tags). */
export const countBlankMarks = countBlankMarksRule;

/** The blanks resized to `n` (at least 1): existing ones kept in order, new empty ones added. */
export function fitBlanks(options: OptionDraft[], n: number): OptionDraft[] {
  const want = Math.max(1, n);
  if (options.length >= want) return options.slice(0, want);
  return [...options, ...Array.from({ length: want - options.length }, () => newOption())];
}

/** The accepted alternatives of a blank as a list. */
export const alternativesOf = (o: OptionDraft): string[] => splitAlternatives(o.answer);

/** The blank with these alternatives (stored `a|b`, a bar inside one written `\|`). */
export const withAlternatives = (o: OptionDraft, list: string[]): OptionDraft => ({ ...o, answer: joinAlternatives(list.map((a) => a.trim()).filter(Boolean)) });

/** The distinct right-hand items of a matching question, in order of first use (what a learner picks from). */
export function rightItems(options: OptionDraft[]): string[] {
  return [...new Set(options.map((o) => o.answer.trim()).filter(Boolean))];
}
