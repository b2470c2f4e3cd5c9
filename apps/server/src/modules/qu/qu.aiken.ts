/**
 * Aiken (Moodle's simplest text format) read into interchange questions. No npm package reads it,
 * so this is our own reader (docs/decisions.md "Interchange"). A question is its text line(s), then
 * at least two options `A) text` or `A. text` (a space after the mark optional), then
 * `ANSWER: <letter>`; every question is single choice (1). Text is plain: text with `<`, `>` or `&`
 * is kept literally (escaped into a `<p>`).
 *
 * Malformed blocks are reported per question (too few options, an option without a question, an
 * answer without options, a missing or unknown ANSWER letter) and the good ones still import.
 */
import { QuType } from '@kaopei/contracts';
import { escapeHtml, ixOption, ixQuestion, MSG_EMPTY_FILE, type IxOption, type IxParsed } from './qu.interchange';

const OPTION = /^([A-Z])[).][ \t]?(.*)$/;
const ANSWER = /^ANSWER\s*:\s*(.*)$/;

/** Plain text as stored: unchanged unless it holds HTML-special characters. */
function plain(text: string): string {
  return /[<>&]/.test(text) ? `<p>${escapeHtml(text)}</p>` : text;
}

/** Reads an Aiken text. Never throws: a file without any question answers `error`. */
export function parseAiken(src: string): IxParsed {
  const out: IxParsed = { questions: [], skipped: [], files: new Map() };
  let text: string[] = [];
  let options: { letter: string; content: string }[] = [];
  let no = 0;
  const skip = (reason: string) => out.skipped.push({ no: ++no, type: 'aiken', name: (text[0] ?? '').slice(0, 50), reason });
  const reset = () => {
    text = [];
    options = [];
  };
  for (const raw of src.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    const ans = ANSWER.exec(line);
    if (ans) {
      const letter = (ans[1] ?? '').trim();
      if (text.length === 0 && options.length === 0) skip('答案前没有题目和选项');
      else if (text.length === 0) skip('选项前没有题目内容');
      else if (options.length < 2) skip('选项少于两个');
      else if (!options.some((o) => o.letter === letter)) skip(`答案“${letter}”不是任何一个选项`);
      else {
        no++;
        const answerList: IxOption[] = options.map((o) => ixOption({ content: plain(o.content), isRight: o.letter === letter }));
        out.questions.push(ixQuestion({ quType: QuType.SINGLE, content: plain(text.join('\n')), answerList }));
      }
      reset();
      continue;
    }
    const opt = OPTION.exec(line);
    if (opt) {
      if (text.length === 0) {
        skip('选项前没有题目内容');
        continue;
      }
      options.push({ letter: opt[1] as string, content: (opt[2] ?? '').trim() });
      continue;
    }
    if (options.length > 0) {
      skip('缺少ANSWER答案行');
      reset();
    }
    text.push(line);
  }
  if (text.length > 0 || options.length > 0) skip('缺少ANSWER答案行');
  if (no === 0) return { ...out, error: MSG_EMPTY_FILE };
  return out;
}
