/**
 * Moodle's embedded-answers (cloze, qtype multianswer) text: `{weight:TYPE:answers}` gaps inside a
 * question text, e.g. `{1:MULTICHOICE:=California#OK~Arizona#Wrong}` or
 * `{1:SHORTANSWER:%100%Paris#Right~%50%Marseille~*#Wrong}`. Answers are separated by `~`, `=` or
 * `%100%` marks a fully right answer, `%N%` a partly right one, `#` starts the feedback; `\~ \} \#
 * \\ \/ \"` are escapes.
 *
 * Mapping (docs/decisions.md "Interchange"): a cloze whose gaps are all SHORTANSWER / NUMERICAL
 * becomes one fill-blank question (5), one blank per gap; any other cloze becomes a combined
 * question (99) whose stem numbers the gaps `（1）（2）…` and whose sub-questions are: MULTICHOICE →
 * single (1), MULTIRESPONSE → multiple (2), SHORTANSWER / NUMERICAL → fill blank (5). Answers of a
 * partial grade are dropped from a blank's alternatives (noted), a `*` catch-all is dropped.
 */
import { QuType } from '@kaopei/contracts';
import { BLANK_MARK, ixOption, ixQuestion, joinAlternatives, type IxQuestion } from './qu.interchange';

type GapKind = 'mc' | 'mr' | 'sa' | 'num';

interface GapAnswer {
  fraction: number;
  text: string;
  feedback: string;
}

interface Gap {
  kind: GapKind;
  caseSensitive: boolean;
  answers: GapAnswer[];
}

const KINDS: Record<string, { kind: GapKind; cs?: boolean }> = {
  MULTICHOICE: { kind: 'mc' }, MC: { kind: 'mc' }, MULTICHOICE_V: { kind: 'mc' }, MCV: { kind: 'mc' }, MULTICHOICE_H: { kind: 'mc' }, MCH: { kind: 'mc' },
  MULTICHOICE_S: { kind: 'mc' }, MCS: { kind: 'mc' }, MULTICHOICE_VS: { kind: 'mc' }, MCVS: { kind: 'mc' }, MULTICHOICE_HS: { kind: 'mc' }, MCHS: { kind: 'mc' },
  MULTIRESPONSE: { kind: 'mr' }, MR: { kind: 'mr' }, MULTIRESPONSE_H: { kind: 'mr' }, MRH: { kind: 'mr' }, MULTIRESPONSE_S: { kind: 'mr' }, MRS: { kind: 'mr' },
  MULTIRESPONSE_HS: { kind: 'mr' }, MRHS: { kind: 'mr' },
  SHORTANSWER: { kind: 'sa' }, SA: { kind: 'sa' }, MW: { kind: 'sa' }, SHORTANSWER_C: { kind: 'sa', cs: true }, SAC: { kind: 'sa', cs: true }, MWC: { kind: 'sa', cs: true },
  NUMERICAL: { kind: 'num' }, NM: { kind: 'num' },
};

/** Gap pattern: `{` weight `:` TYPE `:` answers `}` (an escaped `\}` does not end it). */
const GAP = /\{(\d*):([A-Z_]+):((?:\\.|[^}\\])*)\}/g;

function unescape(s: string): string {
  return s.replace(/\\([~}#\\/"{=%*])/g, '$1');
}

/** Splits on an unescaped separator character. */
function splitUnescaped(s: string, sep: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i] as string;
    if (c === '\\' && i + 1 < s.length) {
      cur += c + s[++i];
    } else if (c === sep) {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

function parseAnswers(body: string): GapAnswer[] {
  return splitUnescaped(body, '~')
    .filter((a) => a.trim() !== '')
    .map((raw) => {
      let a = raw.trim();
      let fraction = 0;
      if (a.startsWith('=')) {
        fraction = 100;
        a = a.slice(1);
      } else {
        const m = /^%(-?\d+(?:\.\d+)?)%/.exec(a);
        if (m) {
          fraction = Number(m[1]);
          a = a.slice(m[0].length);
        }
      }
      const [text = '', feedback = ''] = [splitUnescaped(a, '#')[0], splitUnescaped(a, '#').slice(1).join('#')];
      return { fraction, text: unescape(text).trim(), feedback: unescape(feedback).trim() };
    });
}

/** Result of `mapCloze`: the question, or why the cloze cannot be mapped. */
export type ClozeResult = { ok: true; question: IxQuestion } | { ok: false; reason: string };

/** Maps a cloze question text (HTML) to one of our questions (see the file comment). */
export function mapCloze(text: string, base: Partial<IxQuestion>): ClozeResult {
  const gaps: Gap[] = [];
  const pieces: string[] = [];
  let last = 0;
  for (const m of text.matchAll(GAP)) {
    const spec = KINDS[m[2] as string];
    if (!spec) return { ok: false, reason: `不支持的嵌入题型：${m[2]}` };
    pieces.push(text.slice(last, m.index));
    last = (m.index ?? 0) + m[0].length;
    gaps.push({ kind: spec.kind, caseSensitive: !!spec.cs, answers: parseAnswers(m[3] as string) });
  }
  pieces.push(text.slice(last));
  if (gaps.length === 0) return { ok: false, reason: '完形填空题中没有任何子题' };
  for (const [i, g] of gaps.entries()) {
    const n = i + 1;
    if (g.kind === 'mc' || g.kind === 'mr') {
      if (g.answers.length < 2) return { ok: false, reason: `第${n}个子题的选项少于两个` };
      if (g.kind === 'mc' && !g.answers.some((a) => a.fraction === 100)) return { ok: false, reason: `第${n}个子题没有完全正确的选项` };
      if (g.kind === 'mr' && !g.answers.some((a) => a.fraction > 0)) return { ok: false, reason: `第${n}个子题没有正确的选项` };
    } else {
      const right = g.answers.filter((a) => a.fraction === 100 && a.text !== '*');
      if (right.length === 0) return { ok: false, reason: `第${n}个子题没有完全正确的答案` };
      if (g.kind === 'num') {
        for (const a of right) {
          const [value = '', tol = '0'] = a.text.split(':');
          if (!/^-?\d+(\.\d+)?$/.test(value.trim())) return { ok: false, reason: `第${n}个子题的数值答案不正确：${a.text}` };
          if (Number(tol) !== 0) return { ok: false, reason: `第${n}个子题的数值答案带误差范围（${a.text}），无法转换为填空题` };
        }
      }
    }
  }
  const notes: string[] = [];
  const blankOf = (g: Gap, n: number) => {
    const right = g.answers.filter((a) => a.fraction === 100 && a.text !== '*');
    if (g.answers.some((a) => a.fraction > 0 && a.fraction < 100)) notes.push(`第${n}空的部分得分答案未导入`);
    const alts = right.map((a) => (g.kind === 'num' ? (a.text.split(':')[0] as string).trim() : a.text));
    return ixOption({ answer: joinAlternatives(alts), analysis: right.map((a) => a.feedback).filter(Boolean).join('；') });
  };
  if (gaps.every((g) => g.kind === 'sa' || g.kind === 'num')) {
    const content = pieces.map((p, i) => (i < gaps.length ? p + BLANK_MARK : p)).join('');
    const answerList = gaps.map((g, i) => blankOf(g, i + 1));
    const ignoreCase = gaps.every((g) => !g.caseSensitive);
    return { ok: true, question: ixQuestion({ ...base, quType: QuType.FILL, content, answerList, blankOpts: ignoreCase ? 1 : 0, notes }) };
  }
  const content = pieces.map((p, i) => (i < gaps.length ? `${p}（${i + 1}）` : p)).join('');
  const subList = gaps.map((g, i): IxQuestion => {
    const n = i + 1;
    if (g.kind === 'mc' || g.kind === 'mr') {
      return ixQuestion({
        quType: g.kind === 'mc' ? QuType.SINGLE : QuType.MULTI,
        content: `（${n}）`,
        answerList: g.answers.map((a) => ixOption({ content: a.text, isRight: g.kind === 'mc' ? a.fraction === 100 : a.fraction > 0, analysis: a.feedback })),
      });
    }
    return ixQuestion({ quType: QuType.FILL, content: `（${n}）${BLANK_MARK}`, answerList: [blankOf(g, n)], blankOpts: g.caseSensitive ? 0 : 1 });
  });
  return { ok: true, question: ixQuestion({ ...base, quType: QuType.MIX, content, subList, notes }) };
}
