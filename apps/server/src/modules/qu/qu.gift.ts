/**
 * GIFT (Moodle's text format, docs.moodle.org "GIFT format") read into interchange questions. Our
 * own reader (docs/decisions.md "Interchange": the npm GIFT parsers refuse Moodle's own fixture
 * questions.gift.txt), following the reading rules of Moodle's qformat_gift:
 *
 * - questions are separated by blank lines; lines starting with `//` are comments;
 * - `$CATEGORY: path` sets the bank (and chapter) of the following questions (`categoryToBank`);
 * - `::name::` names a question, `[html]` / `[moodle]` / `[plain]` / `[markdown]` gives a text's format;
 * - the answer part is between the first `{` and the first `}` (escapes `\: \# \= \{ \} \~ \\ \n`);
 *   text after it makes the question a "missing word" one (`_____` where the answers were);
 * - `####` starts the general feedback (→ analysis), `#` an answer's feedback (→ option analysis);
 * - no braces → description (skipped, noted); `{}` → essay (4); `{#…}` → numerical (→ fill blank
 *   5 when every right answer is an exact number, else skipped); `~` present → multiple choice:
 *   single (1) when an answer starts with `=`, else multiple (2) with the positive `%w%` answers
 *   right; `=` with `->` → matching (6); `T`/`TRUE`/`F`/`FALSE` → true/false (3, options 正确/错误);
 *   otherwise short answer → fill blank (5), alternatives = the full-credit answers.
 */
import { QuType } from '@kaopei/contracts';
import {
  BLANK_MARK, categoryToBank, ixOption, ixQuestion, joinAlternatives, MSG_EMPTY_FILE, type IxParsed, type IxQuestion,
} from './qu.interchange';

const ESC: [string, string][] = [
  ['\\:', '\u0001058'], ['\\#', '\u0001035'], ['\\=', '\u0001061'], ['\\{', '\u0001123'], ['\\}', '\u0001125'], ['\\~', '\u0001126'], ['\\n', '\u0001010'],
];
const BACKSLASH = '\u0001092';

function escPre(s: string): string {
  let out = s.split('\\\\').join(BACKSLASH);
  for (const [from, to] of ESC) out = out.split(from).join(to);
  return out.split(BACKSLASH).join('\\');
}

function escPost(s: string): string {
  let out = s;
  for (const [from, to] of ESC) out = out.split(to).join(from === '\\n' ? '\n' : from.slice(1));
  return out;
}

/** A text with its optional `[format]` prefix removed, escapes restored and trimmed. */
function fmtText(s: string): string {
  let t = s.trim();
  const m = /^\[(html|moodle|plain|markdown)\]/.exec(t);
  if (m) t = t.slice(m[0].length);
  return escPost(t).trim();
}

/** `text#feedback` → [text, feedback]. */
function withFeedback(s: string): [string, string] {
  const i = s.indexOf('#');
  return i < 0 ? [fmtText(s), ''] : [fmtText(s.slice(0, i)), fmtText(s.slice(i + 1))];
}

const WEIGHT = /^%(-?\d{1,3}(?:\.\d+)?)%/;

/** Splits the file into question blocks (separated by blank lines), comments blanked. */
function blocks(src: string): string[] {
  const out: string[] = [];
  let cur: string[] = [];
  for (const raw of src.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    if (raw.trim() === '') {
      if (cur.length) out.push(cur.join('\n'));
      cur = [];
      continue;
    }
    cur.push(raw.trim().startsWith('//') ? ' ' : raw);
  }
  if (cur.length) out.push(cur.join('\n'));
  return out.map((b) => b.trim()).filter((b) => b !== '');
}

/** Reads a GIFT text. Never throws: a file without any question answers `error`. */
export function parseGift(src: string): IxParsed {
  const out: IxParsed = { questions: [], skipped: [], files: new Map() };
  let category = { repoTitle: '', chapter: '' };
  let no = 0;
  for (const block of blocks(src)) {
    let text = escPre(block);
    if (/^\$CATEGORY:/.test(text)) {
      category = categoryToBank(escPost(text.slice(10).trim()));
      continue;
    }
    no++;
    let name = '';
    if (text.startsWith('::')) {
      const end = text.indexOf('::', 2);
      if (end >= 0) {
        name = escPost(text.slice(2, end)).trim();
        text = text.slice(end + 2).trim();
      }
    }
    const r = mapGift(text, { name, ...category });
    if (typeof r === 'string') out.skipped.push({ no, type: r.startsWith('说明') ? 'description' : 'gift', name, reason: r });
    else out.questions.push(r);
  }
  if (no === 0) return { ...out, error: MSG_EMPTY_FILE };
  return out;
}

function mapGift(text: string, base: Partial<IxQuestion>): IxQuestion | string {
  const start = text.indexOf('{');
  const finish = text.indexOf('}');
  if (start < 0 && finish < 0) return '说明文字不是试题，已跳过';
  if (start < 0 || finish < 0 || finish < start) return '大括号不匹配，无法识别答案';
  let answerText = text.slice(start + 1, finish).trim();
  const before = text.slice(0, start);
  let after = text.slice(finish + 1);
  const notes: string[] = [];
  if (/^["';]+$/.test(after.trim())) {
    // Stray punctuation after the answers (e.g. `}";` in Moodle's own fixture): not a missing word.
    notes.push(`答案后的多余字符“${after.trim()}”已忽略`);
    after = '';
  }
  const missingWord = after.trim() !== '';
  let analysis = '';
  const gf = answerText.lastIndexOf('####');
  if (gf >= 0) {
    analysis = fmtText(answerText.slice(gf + 4));
    answerText = answerText.slice(0, gf).trim();
  }
  const stem = (mark: string) => fmtText(missingWord ? `${before}${mark}${after}` : before);
  const q = (fields: Partial<IxQuestion> & Pick<IxQuestion, 'quType'>) => ixQuestion({ ...base, analysis, content: stem('_____'), ...fields, notes: [...notes, ...(fields.notes ?? [])] });
  if (stem('_____') === '') return '题目内容为空';

  if (answerText === '') return q({ quType: QuType.SAQ });
  if (answerText.startsWith('#')) return numerical(answerText.slice(1), (alts) => q({ quType: QuType.FILL, content: stem(BLANK_MARK) + (missingWord ? '' : BLANK_MARK), answerList: [ixOption({ answer: joinAlternatives(alts) })] }));
  if (answerText.includes('~')) {
    const single = answerText.includes('=');
    const parts = answerText.replace(/=/g, '~=').split('~').map((a) => a.trim());
    if (parts[0] === '') parts.shift();
    if (parts.length < 2) return '选项少于两个';
    const answerList = parts.map((raw) => {
      let a = raw;
      let weight = 0;
      if (a.startsWith('=')) {
        weight = 100;
        a = a.slice(1);
      } else {
        const m = WEIGHT.exec(a);
        if (m) {
          weight = Number(m[1]);
          a = a.slice(m[0].length);
        }
      }
      const [content, feedback] = withFeedback(a);
      return ixOption({ content, isRight: single ? weight === 100 : weight > 0, analysis: feedback });
    });
    return q({ quType: single ? QuType.SINGLE : QuType.MULTI, answerList });
  }
  if (answerText.includes('=') && answerText.includes('->')) {
    const parts = answerText.split('=').map((a) => a.trim());
    if (parts[0] === '') parts.shift();
    if (parts.length < 2) return '配对项少于两个';
    if (parts.some((p) => !p.includes('->'))) return '配对格式不正确（应为 =左项 -> 右项）';
    const answerList = parts.map((p) => {
      const i = p.indexOf('->');
      const content = fmtText(p.slice(0, i));
      return ixOption({ content, answer: escPost(p.slice(i + 2)).trim(), isRight: content !== '' });
    });
    return q({ quType: QuType.MATCH, answerList });
  }
  const tfCheck = (answerText.indexOf('#') > 0 ? answerText.slice(0, answerText.indexOf('#')) : answerText).trim();
  if (['T', 'TRUE', 'F', 'FALSE'].includes(tfCheck)) {
    const bits = answerText.split('#');
    const isTrue = tfCheck.startsWith('T');
    const wrongFb = fmtText(bits[1] ?? '');
    const rightFb = fmtText(bits[2] ?? '');
    return q({
      quType: QuType.JUDGE,
      answerList: [
        ixOption({ content: '正确', isRight: isTrue, analysis: isTrue ? rightFb : wrongFb }),
        ixOption({ content: '错误', isRight: !isTrue, analysis: isTrue ? wrongFb : rightFb }),
      ],
    });
  }
  // Short answer → one blank.
  const parts = answerText.split('=').map((a) => a.trim());
  if (parts[0] === '') parts.shift();
  if (parts.length < 1) return '没有答案';
  const right: string[] = [];
  const partial: string[] = [];
  const feedbacks: string[] = [];
  for (const raw of parts) {
    let a = raw;
    let weight = 100;
    const m = WEIGHT.exec(a);
    if (m) {
      weight = Number(m[1]);
      a = a.slice(m[0].length);
    }
    const [content, feedback] = withFeedback(a);
    if (weight === 100 && content !== '*') {
      right.push(content);
      if (feedback) feedbacks.push(feedback);
    } else if (weight > 0) partial.push(`部分得分的答案“${content}”未导入`);
  }
  if (right.length === 0) return '没有完全正确的答案';
  const content = missingWord ? stem(BLANK_MARK) : stem('') + BLANK_MARK;
  return q({ quType: QuType.FILL, content, blankOpts: 1, answerList: [ixOption({ answer: joinAlternatives(right), analysis: feedbacks.join('；') })], notes: partial });
}

/** A numerical answer part (after `#`); exact numbers become alternatives, else a reason. */
function numerical(body: string, make: (alts: string[]) => IxQuestion): IxQuestion | string {
  let b = body;
  const wrong = b.indexOf('~');
  if (wrong >= 0) b = b.slice(0, wrong);
  const answers = b.includes('=') ? b.split('=').map((a) => a.trim()).filter(Boolean) : [b.trim()];
  const alts: string[] = [];
  for (const raw of answers) {
    let a = raw;
    const m = WEIGHT.exec(a);
    if (m) {
      if (Number(m[1]) !== 100) continue;
      a = a.slice(m[0].length);
    }
    const value = (withFeedback(a)[0] ?? '').trim();
    if (value.includes('..')) return `数值题的答案是范围（${value}），无法转换为填空题`;
    const [num = '', tol] = value.split(':');
    if (!/^-?\d+(\.\d+)?$/.test(num.trim())) return `数值题的答案不是数字：${value}`;
    if (tol !== undefined && Number(tol) !== 0) return `数值题的答案带误差范围（${value}），无法转换为填空题`;
    alts.push(num.trim());
  }
  if (alts.length === 0) return '没有完全正确的答案';
  return make(alts);
}
