/**
 * The glue between POST /api/qu/qu/import and the interchange readers (Moodle XML, GIFT, Aiken):
 * which format a file is (`detectFormat`), reading it (`readInterchangeFile`: UTF-8 text, a parser,
 * then the question rules of contracts `questionRuleErrors`, a question breaking them moves to the
 * skipped list with the rule's message), and turning a question into a `NewQuestion` of the
 * question service (`toNewQuestion`). Embedded files are stored by the import job (qu.import-job.ts)
 * through module sysFile, and `@@PLUGINFILE@@/<name>` references rewritten (`rewriteFiles`).
 */
import { readFile } from 'node:fs/promises';
import { blankOptsFromBits, questionRuleErrors, type ImportFormat } from '@kaopei/contracts/qu';
import { parseAiken } from './qu.aiken';
import { parseGift } from './qu.gift';
import { MSG_NOTHING_MAPPED, typeLabel, type IxFormat, type IxParsed, type IxQuestion } from './qu.interchange';
import { parseMoodleXml } from './qu.moodle-xml';
import type { NewQuestion, NewSubQuestion } from './qu.rows';

export const MSG_NOT_UTF8 = '文件编码不是UTF-8，请另存为UTF-8编码后再导入！';
export const MSG_UNKNOWN_FORMAT = '无法识别文件格式，请上传.xlsx、.xml、.gift或.txt文件，或选择文件格式！';

/**
 * The format of an upload: the `format` field when given, else from the name: `.xlsx` → xlsx,
 * `.xml` → moodle-xml, `.gift` → gift, `.txt` → aiken when its text has an `ANSWER:` line and no
 * `{`, else gift. Undefined when none fits.
 */
export function detectFormat(fileName: string, field: ImportFormat | undefined, head: () => string): ImportFormat | undefined {
  if (field) return field;
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (ext === 'xlsx') return 'xlsx';
  if (ext === 'xml') return 'moodle-xml';
  if (ext === 'gift') return 'gift';
  if (ext === 'txt') {
    const text = head();
    return /^\s*ANSWER\s*:/m.test(text) && !text.includes('{') ? 'aiken' : 'gift';
  }
  return undefined;
}

/**
 * Reads an interchange file and checks every question against the rules; never throws for bad
 * input (an unreadable file answers `error`). `error` is also set when no question is left.
 */
export async function readInterchangeFile(file: string, format: IxFormat): Promise<IxParsed> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await readFile(file));
  } catch {
    return { questions: [], skipped: [], files: new Map(), error: MSG_NOT_UTF8 };
  }
  return checkRules(parseText(text, format));
}

/** The reader of `format` on text. */
export function parseText(text: string, format: IxFormat): IxParsed {
  return format === 'moodle-xml' ? parseMoodleXml(text) : format === 'gift' ? parseGift(text) : parseAiken(text);
}

/** Moves the questions that break `questionRuleErrors` to `skipped`; sets `error` when none is left. */
export function checkRules(parsed: IxParsed): IxParsed {
  if (parsed.error) return parsed;
  const ok: IxQuestion[] = [];
  let no = 0;
  const skippedNos = new Set(parsed.skipped.map((s) => s.no));
  for (const q of parsed.questions) {
    do no++;
    while (skippedNos.has(no));
    const errors = questionRuleErrors({ ...q, subList: q.subList });
    if (errors.length) parsed.skipped.push({ no, type: typeLabel(q.quType), name: q.name, reason: errors.join('') });
    else ok.push(q);
  }
  parsed.skipped.sort((a, b) => a.no - b.no);
  const out = { ...parsed, questions: ok };
  if (ok.length === 0) out.error = MSG_NOTHING_MAPPED;
  return out;
}

function subOf(q: IxQuestion): NewSubQuestion {
  return {
    quType: q.quType, level: q.level, content: q.content, analysis: q.analysis, image: q.image, video: q.video, answer: q.answer,
    blankOpts: blankOptsFromBits(q.blankOpts), keywords: q.keywords, answerList: q.answerList.map((o) => ({ ...o })),
  };
}

/** An interchange question as the service inserts it into bank `repoId` and chapter `chapterId` ('' none). */
export function toNewQuestion(q: IxQuestion, repoId: string, chapterId = ''): NewQuestion {
  return { ...subOf(q), repoId, chapterId, video: q.video, subList: q.subList.map(subOf) };
}

/** Replaces `@@PLUGINFILE@@/<name>` in every text of `q` with the stored file's url (unknown names stay). */
export function rewriteFiles(q: IxQuestion, urls: Map<string, string>): IxQuestion {
  if (urls.size === 0) return q;
  const fix = (s: string) =>
    s.replace(/@@PLUGINFILE@@\/([^"'\s)<>]+)/g, (whole, name: string) => urls.get(decodeURIComponent(name)) ?? urls.get(name) ?? whole);
  return {
    ...q, content: fix(q.content), analysis: fix(q.analysis), image: fix(q.image), answer: fix(q.answer),
    answerList: q.answerList.map((o) => ({ ...o, content: fix(o.content), analysis: fix(o.analysis), image: fix(o.image) })),
    subList: q.subList.map((s) => rewriteFiles(s, urls)),
  };
}
