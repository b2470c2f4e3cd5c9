/**
 * Moodle XML (`<quiz><question type="…">…</quiz>`): reading it into interchange questions and
 * writing a bank back out (docs/decisions.md "Interchange").
 *
 * Reading, per Moodle type:
 * - `category` → the bank (and chapter) of the questions after it (`categoryToBank`);
 * - `multichoice` → single (1) when `<single>` is true, the answers of fraction 100 right (a single
 *   without one is refused); multiple (2) otherwise, the answers of a positive fraction right;
 * - `truefalse` → true/false (3) with options 正确/错误 (our own labels: kaopei extension below);
 * - `shortanswer` → fill blank (5), one blank at the end of the text, alternatives = the answers of
 *   fraction 100 (`usecase` 0 → ignore case); `numerical` → fill blank when its answers have no
 *   tolerance; `essay` → short answer (4), `graderinfo` the reference answer;
 * - `matching` → matching (6), a subquestion without text a distractor;
 * - `cloze` / `multianswer` → qu.cloze.ts; `description` → skipped (noted); others → skipped.
 * `generalfeedback` is the analysis, an answer's `feedback` the option analysis. Answer fractions
 * must be one of Moodle's grades (`VALID_FRACTIONS`), else the question is skipped as Moodle does.
 * Embedded files (`<file name encoding="base64">`, and Moodle 1.9 `<image>` + `<image_base64>`)
 * are collected by name; the import stores them as uploads and rewrites `@@PLUGINFILE@@/<name>`.
 *
 * A file that is not well-formed XML, or whose root is not `<quiz>`, is refused as a whole.
 *
 * Writing: one `<question>` per question, preceded by a `category` of its bank. What Moodle XML has
 * no field for (the level, a fill blank's options, a true/false's own option labels, a combined
 * question and its sub-questions, a short answer's keywords) travels in a `<kaopei>` element of
 * JSON that Moodle ignores and our reader applies, so that an export imports back unchanged.
 */
import { QuType } from '@kaopei/contracts';
import { countBlankMarks, splitBlankMarks } from '@kaopei/contracts/qu';
import { mapCloze } from './qu.cloze';
import {
  BLANK_MARK, categoryToBank, ixOption, ixQuestion, joinAlternatives, MSG_EMPTY_FILE, splitAlternatives,
  type IxFile, type IxOption, type IxParsed, type IxQuestion,
} from './qu.interchange';
import { child, childrenOf, parseXmlTree, textOf, XmlTreeError, type XmlEl } from './qu.xml-tree';

/**
 * The content of a one-blank question mapped to fill blank: kept when its text already has exactly
 * one blank mark (a missing-word line `_____`), else BLANK_MARK appended at its end.
 */
function withBlank(content: string): string {
  return countBlankMarks(content) === 1 ? content : `${content}${BLANK_MARK}`;
}

/** Moodle's valid answer grades (question_bank::fraction_options_full), in percent. */
const VALID_FRACTIONS = [100, 90, 83.33333, 80, 75, 70, 66.66667, 60, 50, 40, 33.33333, 30, 25, 20, 16.66667, 14.28571, 12.5, 11.11111, 10, 5, 0];

function validFraction(f: number): boolean {
  const a = Math.abs(f);
  return VALID_FRACTIONS.some((v) => Math.abs(v - a) < 0.001);
}

/** Our extension of a `<question>`: what Moodle XML cannot say (see the file comment). */
interface KaopeiExt {
  level?: number;
  quType?: number;
  blankOpts?: number;
  answer?: string;
  keywords?: { word: string; score: number }[];
  options?: { content: string; isRight: boolean; analysis: string; image: string; answer: string }[];
  subList?: KaopeiSub[];
  image?: string;
  video?: string;
  /** Fill blank written as a cloze: the content with BLANK_MARK where the gaps are. */
  content?: string;
}
interface KaopeiSub {
  quType: number;
  content: string;
  analysis: string;
  answer: string;
  blankOpts: number;
  options: KaopeiExt['options'];
}

function readExt(q: XmlEl): KaopeiExt | undefined {
  const el = child(q, 'kaopei');
  if (!el) return undefined;
  try {
    const v: unknown = JSON.parse(el.text);
    return v && typeof v === 'object' ? (v as KaopeiExt) : undefined;
  } catch {
    return undefined;
  }
}

/** Reads an uploaded Moodle XML text. Never throws: a broken file answers `error`. */
export function parseMoodleXml(src: string): IxParsed {
  const out: IxParsed = { questions: [], skipped: [], files: new Map() };
  if (src.trim() === '') return { ...out, error: MSG_EMPTY_FILE };
  let root: XmlEl;
  try {
    root = parseXmlTree(src);
  } catch (e) {
    const line = e instanceof XmlTreeError ? e.line : 0;
    return { ...out, error: `文件不是有效的Moodle XML格式（第${line}行附近XML格式错误），未导入任何试题！` };
  }
  if (root.name !== 'quiz') return { ...out, error: '文件不是Moodle XML格式（根元素应为quiz），未导入任何试题！' };
  let category = { repoTitle: '', chapter: '' };
  let no = 0;
  for (const q of childrenOf(root, 'question')) {
    const type = q.attrs.type ?? '';
    if (type === 'category') {
      category = categoryToBank(textOf(q, 'category'));
      continue;
    }
    no++;
    const name = textOf(q, 'name');
    collectFiles(q, out.files);
    const skip = (reason: string) => out.skipped.push({ no, type, name, reason });
    const mapped = mapQuestion(q, type, name, category);
    if (typeof mapped === 'string') skip(mapped);
    else out.questions.push(mapped);
  }
  if (no === 0) return { ...out, error: MSG_EMPTY_FILE };
  return out;
}

/** Every `<file name encoding="base64">` below `el` and the Moodle 1.9 `<image>`/`<image_base64>` pair. */
function collectFiles(el: XmlEl, files: Map<string, IxFile>): void {
  for (const c of el.children) {
    if (c.name === 'file' && c.attrs.name && (c.attrs.encoding ?? 'base64') === 'base64') {
      files.set(c.attrs.name, { name: c.attrs.name, data: Buffer.from(c.text.replace(/\s+/g, ''), 'base64') });
    } else collectFiles(c, files);
  }
  const img = child(el, 'image');
  const b64 = child(el, 'image_base64');
  if (el.name === 'question' && img && b64 && img.text.trim()) {
    files.set(img.text.trim(), { name: img.text.trim(), data: Buffer.from(b64.text.replace(/\s+/g, ''), 'base64') });
  }
}

function answersOf(q: XmlEl) {
  return childrenOf(q, 'answer').map((a) => ({ fraction: Number(a.attrs.fraction ?? '0'), text: textOf(a), feedback: textOf(a, 'feedback') }));
}

/** Maps one non-category `<question>`; a string is the reason it cannot be mapped. */
function mapQuestion(q: XmlEl, type: string, name: string, category: { repoTitle: string; chapter: string }): IxQuestion | string {
  const ext = readExt(q);
  const oldImage = child(q, 'image')?.text.trim();
  const base = {
    name,
    content: textOf(q, 'questiontext'),
    analysis: textOf(q, 'generalfeedback'),
    image: ext?.image ?? (oldImage ? `@@PLUGINFILE@@/${oldImage}` : ''),
    video: ext?.video ?? '',
    level: ext?.level === 2 ? 2 : 1,
    ...category,
  };
  if (base.content === '' && type !== 'description') return '题目内容为空';
  const answers = answersOf(q);
  const bad = answers.find((a) => !Number.isFinite(a.fraction) || !validFraction(a.fraction));
  if (bad && ['multichoice', 'shortanswer', 'numerical', 'truefalse'].includes(type)) return `选项分值无效：${bad.fraction}`;
  const extOptions = (): IxOption[] | undefined => ext?.options?.map((o) => ixOption(o));
  switch (type) {
    case 'multichoice': {
      const single = /^(true|1)$/i.test(textOf(q, 'single') || 'true');
      if (answers.length < 2) return '选项少于两个';
      if (single && !answers.some((a) => a.fraction === 100)) return '单选题没有完全正确的选项';
      const answerList = answers.map((a) => ixOption({ content: a.text, isRight: single ? a.fraction === 100 : a.fraction > 0, analysis: a.feedback }));
      return ixQuestion({ ...base, quType: single ? QuType.SINGLE : QuType.MULTI, answerList: extOptions() ?? answerList });
    }
    case 'truefalse': {
      const t = answers.find((a) => a.text.toLowerCase() === 'true');
      const f = answers.find((a) => a.text.toLowerCase() === 'false');
      if (!t || !f) return '判断题缺少true或false答案';
      const answerList = [
        ixOption({ content: '正确', isRight: t.fraction === 100, analysis: t.feedback }),
        ixOption({ content: '错误', isRight: f.fraction === 100, analysis: f.feedback }),
      ];
      return ixQuestion({ ...base, quType: QuType.JUDGE, answerList: extOptions() ?? answerList });
    }
    case 'shortanswer': {
      const right = answers.filter((a) => a.fraction === 100 && a.text !== '*');
      if (right.length === 0) return '没有完全正确的答案';
      const notes = answers.some((a) => a.fraction > 0 && a.fraction < 100) ? ['部分得分的答案未导入'] : [];
      if (right.some((a) => a.text.includes('*'))) notes.push('答案中的通配符*按普通字符导入');
      const caseSensitive = textOf(q, 'usecase') === '1';
      const content = ext?.quType === QuType.FILL ? base.content : withBlank(base.content);
      const answerList = extOptions() ?? [ixOption({ answer: joinAlternatives(right.map((a) => a.text)), analysis: right.map((a) => a.feedback).filter(Boolean).join('；') })];
      return ixQuestion({ ...base, quType: QuType.FILL, content, answerList, blankOpts: ext?.blankOpts ?? (caseSensitive ? 0 : 1), notes });
    }
    case 'numerical': {
      const right = answers.filter((a) => a.fraction === 100 && a.text !== '*');
      if (right.length === 0) return '没有完全正确的答案';
      const tolerances = childrenOf(q, 'answer').map((a) => Number(textOf(a, 'tolerance') || '0'));
      if (tolerances.some((t) => t !== 0)) return '数值题的答案带误差范围，无法转换为填空题';
      if (right.some((a) => !/^-?\d+(\.\d+)?$/.test(a.text))) return '数值题的答案不是数字';
      const answerList = [ixOption({ answer: joinAlternatives(right.map((a) => a.text)) })];
      return ixQuestion({ ...base, quType: QuType.FILL, content: withBlank(base.content), answerList, blankOpts: 0 });
    }
    case 'essay':
      return ixQuestion({ ...base, quType: QuType.SAQ, answer: ext?.answer ?? textOf(q, 'graderinfo'), keywords: ext?.keywords ?? [] });
    case 'matching': {
      const subs = childrenOf(q, 'subquestion').map((s) => ({ content: textOf(s), answer: textOf(s, 'answer') }));
      if (subs.filter((s) => s.content !== '').length < 1 || subs.length < 2) return '配对项少于两个';
      const answerList = subs.map((s) => ixOption({ content: s.content, answer: s.answer, isRight: s.content !== '' }));
      return ixQuestion({ ...base, quType: QuType.MATCH, answerList: extOptions() ?? answerList });
    }
    case 'cloze':
    case 'multianswer': {
      if (ext?.quType === QuType.MIX && ext.subList) {
        return ixQuestion({
          ...base, quType: QuType.MIX,
          subList: ext.subList.map((s) => ixQuestion({ ...s, answerList: (s.options ?? []).map((o) => ixOption(o)) })),
        });
      }
      if (ext?.quType === QuType.FILL && ext.options) {
        return ixQuestion({ ...base, content: ext.content ?? base.content, quType: QuType.FILL, answerList: extOptions() ?? [], blankOpts: ext.blankOpts ?? 0 });
      }
      const r = mapCloze(base.content, base);
      return r.ok ? r.question : r.reason;
    }
    case 'description':
      return '说明文字不是试题，已跳过';
    default:
      return `暂不支持的题型：${type}`;
  }
}

// ---------------------------------------------------------------------------------------------
// Writing

/** A question to export (with its options and, for a combined question, its sub-questions). */
export interface ExportQuestion {
  quType: number;
  level: number;
  content: string;
  analysis: string;
  image: string;
  video: string;
  answer: string;
  blankOpts: number;
  keywords: { word: string; score: number }[];
  repoTitle: string;
  /** Chapter title of the bank ('' / absent: none): written as the category below the bank's. */
  chapter?: string;
  answerList: IxOption[];
  subList: ExportQuestion[];
}

function cdata(text: string): string {
  return `<![CDATA[${text.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
}

function textEl(tag: string, text: string, format = 'html', indent = '    '): string {
  return `${indent}<${tag} format="${format}">\n${indent}  <text>${cdata(text)}</text>\n${indent}</${tag}>\n`;
}

/** A short plain name for `<name>` from the content (Moodle needs one). */
function nameOf(content: string, i: number): string {
  const plain = content.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ').trim();
  return plain ? plain.slice(0, 40) : `试题${i}`;
}

function optionJson(o: IxOption) {
  return { content: o.content, isRight: o.isRight, analysis: o.analysis, image: o.image, answer: o.answer };
}

function answerEl(fraction: number, text: string, feedback: string): string {
  return `    <answer fraction="${fraction}" format="html">\n      <text>${cdata(text)}</text>\n${textEl('feedback', feedback, 'html', '      ')}    </answer>\n`;
}

/** One `<question>` element (not its category). */
export function questionXml(q: ExportQuestion, i: number): string {
  const ext: KaopeiExt = { level: q.level, quType: q.quType };
  if (q.image) ext.image = q.image;
  if (q.video) ext.video = q.video;
  let type: string;
  let body = '';
  switch (q.quType) {
    case QuType.SINGLE:
    case QuType.MULTI: {
      type = 'multichoice';
      const right = q.answerList.filter((o) => o.isRight).length || 1;
      const single = q.quType === QuType.SINGLE;
      body += `    <single>${single ? 'true' : 'false'}</single>\n    <shuffleanswers>true</shuffleanswers>\n    <answernumbering>ABCD</answernumbering>\n`;
      const frac = single ? 100 : nearestFraction(100 / right);
      const wrong = single ? 0 : -100;
      for (const o of q.answerList) body += answerEl(o.isRight ? frac : wrong, o.content, o.analysis);
      ext.options = q.answerList.map(optionJson);
      break;
    }
    case QuType.JUDGE: {
      type = 'truefalse';
      const t = q.answerList[0];
      const rightIsFirst = !!t?.isRight;
      body += answerEl(rightIsFirst ? 100 : 0, 'true', t?.analysis ?? '');
      body += answerEl(rightIsFirst ? 0 : 100, 'false', q.answerList[1]?.analysis ?? '');
      ext.options = q.answerList.map(optionJson);
      break;
    }
    case QuType.SAQ:
      type = 'essay';
      body += `    <responseformat>editor</responseformat>\n    <responserequired>1</responserequired>\n    <responsefieldlines>15</responsefieldlines>\n`;
      body += textEl('graderinfo', q.answer);
      ext.answer = q.answer;
      if (q.keywords.length) ext.keywords = q.keywords;
      break;
    case QuType.FILL:
      ext.blankOpts = q.blankOpts;
      ext.options = q.answerList.map(optionJson);
      if (q.answerList.length === 1) {
        type = 'shortanswer';
        body += `    <usecase>${q.blankOpts & 1 ? 0 : 1}</usecase>\n`;
        for (const alt of splitAlternatives(q.answerList[0]?.answer ?? '')) body += answerEl(100, alt, '');
      } else {
        // Several blanks: a cloze whose gaps are SHORTANSWER (Moodle reads it natively).
        type = 'cloze';
        let n = 0;
        const gap = () => {
          const o = q.answerList[n++];
          const alts = splitAlternatives(o?.answer ?? '').map((a) => `=${a.replace(/([~}#\\])/g, '\\$1')}`);
          return `{1:${q.blankOpts & 1 ? 'SHORTANSWER' : 'SHORTANSWER_C'}:${alts.join('~')}}`;
        };
        ext.content = q.content;
        const content = splitBlankMarks(q.content).reduce((acc, piece, idx) => (idx === 0 ? piece : acc + gap() + piece), '');
        return wrap(q, i, type, content, body, ext);
      }
      break;
    case QuType.MATCH:
      type = 'matching';
      body += `    <shuffleanswers>true</shuffleanswers>\n`;
      for (const o of q.answerList) {
        body += `    <subquestion format="html">\n      <text>${cdata(o.content)}</text>\n      <answer>\n        <text>${cdata(o.answer)}</text>\n      </answer>\n    </subquestion>\n`;
      }
      ext.options = q.answerList.map(optionJson);
      break;
    default:
      type = 'cloze';
      ext.subList = q.subList.map((s) => ({
        quType: s.quType, content: s.content, analysis: s.analysis, answer: s.answer, blankOpts: s.blankOpts, options: s.answerList.map(optionJson),
      }));
  }
  return wrap(q, i, type, q.content, body, ext);
}

function wrap(q: ExportQuestion, i: number, type: string, content: string, body: string, ext: KaopeiExt): string {
  return (
    `  <question type="${type}">\n    <name>\n      <text>${cdata(nameOf(q.content, i))}</text>\n    </name>\n` +
    textEl('questiontext', content) +
    textEl('generalfeedback', q.analysis) +
    `    <defaultgrade>1</defaultgrade>\n    <penalty>0</penalty>\n    <hidden>0</hidden>\n` +
    body +
    `    <kaopei>${cdata(JSON.stringify(ext))}</kaopei>\n  </question>\n`
  );
}

function nearestFraction(f: number): number {
  let best = 100;
  for (const v of VALID_FRACTIONS) if (v > 0 && Math.abs(v - f) < Math.abs(best - f)) best = v;
  return best;
}

/** The head of an export file. */
export const MOODLE_XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n';
export const MOODLE_XML_TAIL = '</quiz>\n';

/**
 * A category element for a bank title and optionally one of its chapters: `$course$/<bank>/<chapter>`
 * (a `/` inside a title doubled, as Moodle does); the reader maps it back (`categoryToBank`).
 */
export function categoryXml(repoTitle: string, chapter = ''): string {
  const path = [repoTitle, chapter].filter((s) => s !== '').map((s) => s.replace(/\//g, '//')).join('/');
  return `  <question type="category">\n    <category>\n      <text>${cdata(`$course$/${path}`)}</text>\n    </category>\n  </question>\n`;
}

/** A whole export of `questions` (small sets and tests; the endpoint streams the same pieces). */
export function buildMoodleXml(questions: ExportQuestion[]): string {
  let out = MOODLE_XML_HEAD;
  let bank: string | undefined;
  questions.forEach((q, i) => {
    const key = `${q.repoTitle}\u0000${q.chapter ?? ''}`;
    if (key !== bank) {
      bank = key;
      out += categoryXml(q.repoTitle, q.chapter);
    }
    out += questionXml(q, i + 1);
  });
  return out + MOODLE_XML_TAIL;
}
