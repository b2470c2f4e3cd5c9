/**
 * The cells of the question spreadsheet layout (contracts `IMPORT_HEADERS`), read by the import
 * (qu.import.ts) and written by the template and exports (qu.sheet.ts): column numbers, 题目类型 and
 * 难度 codes, the 关键词 and 填空选项 cells, and how cell text is quoted in a message.
 */
import { QU_LEVEL_LABEL, QU_TYPE_LABEL, QU_TYPE_SHORT } from '@kaopei/contracts';
import { BLANK_OPT_WORDS, IMPORT_HEADERS, quKeyword, type BlankOpts, type QuKeyword } from '@kaopei/contracts/qu';

/** 1-based column numbers of the layout (A…R; A–K are yf's). */
export const COL = {
  no: 1,
  type: 2,
  content: 3,
  analysis: 4,
  image: 5,
  video: 6,
  repo: 7,
  isRight: 8,
  optContent: 9,
  optAnalysis: 10,
  optImage: 11,
  level: 12,
  chapter: 13,
  parent: 14,
  answer: 15,
  keywords: 16,
  blankOpts: 17,
  optAnswer: 18,
} as const;
export const COLS = IMPORT_HEADERS.length;

/** Cell text quoted in a message is cut to this many characters. */
const SHOWN_CHARS = 50;

/** Type code of a 题目类型 cell: a label of QU_TYPE_SHORT (单选, 单选题, …) or a known code (1…6, 99). */
export function parseQuType(text: string): number | undefined {
  if (Object.hasOwn(QU_TYPE_SHORT, text)) return QU_TYPE_SHORT[text];
  if (/^\d+$/.test(text) && Object.hasOwn(QU_TYPE_LABEL, String(Number(text)))) return Number(text);
  return undefined;
}

/** 难度 cell: blank → 1, a code of QU_LEVEL_LABEL or its label (普通, 较难); undefined otherwise. */
export function parseLevel(text: string): number | undefined {
  if (text === '') return 1;
  const byLabel = Object.entries(QU_LEVEL_LABEL).find(([, label]) => label === text);
  if (byLabel) return Number(byLabel[0]);
  return /^\d+$/.test(text) && Object.hasOwn(QU_LEVEL_LABEL, String(Number(text))) ? Number(text) : undefined;
}

/** Separators of the 关键词 cell (between keywords) and between a keyword and its points. */
const KEYWORD_SEP = /[;；\n]/;
const SCORE_SEP = /[:：](?=[^:：]*$)/;

/**
 * 关键词 cell `词:分值；词:分值` (semicolons or new lines between keywords, `:` or `：` before the
 * points) → keywords, or the message of the first bad one.
 */
export function parseKeywordsCell(text: string): { keywords: QuKeyword[] } | { error: string } {
  const keywords: QuKeyword[] = [];
  for (const piece of text.split(KEYWORD_SEP).map((p) => p.trim()).filter((p) => p !== '')) {
    const [word = '', score] = piece.split(SCORE_SEP);
    if (score === undefined || !/^\s*\d+(\.\d+)?\s*$/.test(score)) return { error: `关键词格式不正确：${shown(piece)}（应为 关键词:分值，多个用分号分隔）` };
    const parsed = quKeyword.safeParse({ word, score: Number(score) });
    if (!parsed.success) return { error: `${parsed.error.issues[0]?.message ?? '关键词不正确！'}（${shown(piece)}）` };
    keywords.push(parsed.data);
  }
  return { keywords };
}

/** Writes keywords as the 关键词 cell (`parseKeywordsCell` reads it back). */
export function keywordsCell(keywords: readonly QuKeyword[]): string {
  return keywords.map((k) => `${k.word}:${k.score}`).join('；');
}

/** 填空选项 cell: words of BLANK_OPT_WORDS separated by 、 , ， ; ； or blanks → the options, or the message. */
export function parseBlankOptsCell(text: string): { opts: BlankOpts } | { error: string } {
  const opts: BlankOpts = { ignoreCase: false, fullHalf: false, anyOrder: false };
  for (const word of text.split(/[、,，;；\s]+/).filter((w) => w !== '')) {
    const key = Object.hasOwn(BLANK_OPT_WORDS, word) ? BLANK_OPT_WORDS[word] : undefined;
    if (!key) return { error: `填空选项不正确：${shown(word)}（可填写：${Object.keys(BLANK_OPT_WORDS).join('、')}）` };
    opts[key] = true;
  }
  return { opts };
}

/** Writes fill-blank options as the 填空选项 cell. */
export function blankOptsCell(opts: Partial<BlankOpts> | undefined): string {
  return Object.entries(BLANK_OPT_WORDS).filter(([, key]) => opts?.[key]).map(([word]) => word).join('、');
}

/** Cell text quoted in a message, cut to SHOWN_CHARS characters. */
export function shown(text: string): string {
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text;
}

