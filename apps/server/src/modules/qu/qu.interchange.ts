/**
 * The common shape of questions read from (or written to) an interchange format other than our
 * spreadsheet: Moodle XML (qu.moodle-xml.ts), GIFT (qu.gift.ts) and Aiken (qu.aiken.ts). Parsers
 * never touch the database; the import job (qu.import-job.ts) turns an `IxParsed` into rows with
 * `QuService.insertMany`, all or nothing.
 *
 * Storage of each type follows docs/decisions.md "Question banks and exam authoring (issue 8)":
 * fill blank (5) has one option per blank whose `answer` holds the accepted alternatives joined by
 * `|` (see `joinAlternatives`); matching (6) has one option per left-hand item with its right-hand
 * item in `answer` (empty `content` = a distractor); combined (99) carries its sub-questions in
 * `subList`. A blank's place in the content is written `BLANK_MARK`.
 */
import { QU_TYPE_LABEL } from '@kaopei/contracts';
import { BLANK_MARK, joinAlternatives, splitAlternatives } from '@kaopei/contracts/qu';

/**
 * Where a blank sits in the content of a fill-blank question: contracts' `BLANK_MARK` (six
 * underscores); any run of three or more underscores reads as a blank (`splitBlankMarks`).
 */
export { BLANK_MARK };

/** One option of an interchange question (types 1–3 choices; 5 blanks; 6 pairs). */
export interface IxOption {
  content: string;
  isRight: boolean;
  analysis: string;
  image: string;
  /** Fill blank: alternatives joined by `|`; matching: the right-hand item; '' otherwise. */
  answer: string;
}

/** One question read from an interchange file. Text is HTML or plain text as the file had it. */
export interface IxQuestion {
  /** The question's name in the file (Moodle name, GIFT title), '' when it has none. */
  name: string;
  quType: number;
  /** 1 normal, 2 hard. */
  level: number;
  content: string;
  analysis: string;
  image: string;
  video: string;
  /** Reference answer of a short answer (4). */
  answer: string;
  /** Fill blank (5) flags: 1 ignore case, 2 full/half width alike, 4 any blank order. */
  blankOpts: number;
  /** Short answer (4): the keyword pre-score (Moodle XML written by us only). */
  keywords: { word: string; score: number }[];
  /** Bank title taken from the file's category ('' = none). */
  repoTitle: string;
  /** Chapter title below the bank taken from the file's category ('' = none). */
  chapter: string;
  answerList: IxOption[];
  /** Sub-questions of a combined (99) question (types 1–6). */
  subList: IxQuestion[];
  /** Remarks on what was changed while mapping (shown in the report; the question is imported). */
  notes: string[];
}

/** A question of the file that was not imported, and why (the per-question report). */
export interface IxSkipped {
  /** 1-based position of the question in the file (categories not counted). */
  no: number;
  /** The file's type name, e.g. `calculated`, `description`. */
  type: string;
  name: string;
  reason: string;
}

/** An embedded file a question refers to as `@@PLUGINFILE@@/<name>` (Moodle XML). */
export interface IxFile {
  name: string;
  data: Buffer;
}

/** What a parser answers. `error` set = the whole file is refused (nothing imported). */
export interface IxParsed {
  questions: IxQuestion[];
  skipped: IxSkipped[];
  /** Embedded files by name (Moodle XML `<file>` elements), for `@@PLUGINFILE@@/<name>` references. */
  files: Map<string, IxFile>;
  error?: string;
}

/** Interchange formats of POST /api/qu/qu/import besides the spreadsheet. */
export type IxFormat = 'moodle-xml' | 'gift' | 'aiken';

export const MSG_EMPTY_FILE = '文件中没有试题数据！';
export const MSG_NOTHING_MAPPED = '文件中没有可导入的试题，未导入任何试题！';

/** A blank question with defaults for the fields a format does not carry. */
export function ixQuestion(fields: Partial<IxQuestion> & Pick<IxQuestion, 'quType' | 'content'>): IxQuestion {
  return {
    name: '', level: 1, analysis: '', image: '', video: '', answer: '', blankOpts: 0, keywords: [], repoTitle: '', chapter: '', answerList: [], subList: [], notes: [],
    ...fields,
  };
}

/** An option with defaults. */
export function ixOption(fields: Partial<IxOption>): IxOption {
  return { content: '', isRight: false, analysis: '', image: '', answer: '', ...fields };
}

/** Fill-blank alternatives as stored (`a|b`, a literal bar `\\|`): the contracts' functions. */
export { joinAlternatives, splitAlternatives };

/**
 * A category path of a file (`$course$/top/Sigma/Tau`, `Sigma/Tau`) as bank and chapter: the
 * context prefix (`$course$`, `$module$`, `$system$`, `$cat1$` …) and a `top` segment are dropped,
 * the first remaining segment is the bank, the rest joined with `/` the chapter. `//` inside a
 * segment name is Moodle's escaped `/`.
 */
export function categoryToBank(path: string): { repoTitle: string; chapter: string } {
  const parts = path
    .split('//')
    .map((piece) => piece.split('/'))
    .reduce<string[]>((acc, seg, i) => (i === 0 ? seg : [...acc.slice(0, -1), `${acc.at(-1) ?? ''}/${seg[0] ?? ''}`, ...seg.slice(1)]), [])
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (parts.length && /^\$[a-z0-9]+\$$/i.test(parts[0] as string)) parts.shift();
  if (parts.length && parts[0] === 'top') parts.shift();
  return { repoTitle: (parts[0] ?? '').slice(0, 100), chapter: parts.slice(1).join('/').slice(0, 100) };
}

/** Label of one of our types for a report. */
export const typeLabel = (quType: number): string => QU_TYPE_LABEL[quType] ?? String(quType);

/** Escapes text for HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
