/**
 * Benchmark: memory and time of the question import parser (`parseQuestionFile`) on the three real
 * banks of ../shared/data/question-banks and on generated hostile files (zip bombs, huge cells,
 * parts that blow up in memory, too many rows or errors). The promise: peak RSS growth stays bounded
 * (target < 300 MB) whatever the input, and a file past the caps is refused early.
 *
 * Each input is parsed in its own child process: it first parses the smallest real bank once (warm
 * code, loaded modules), takes that RSS as the baseline, then samples process.memoryUsage().rss
 * every 10 ms while parsing the input (and reads process.resourceUsage().maxRSS at the end, which
 * also catches peaks between samples, when the event loop is busy). Wall time is of the parse call
 * alone, also shown as a ratio to parsing yf-lite-demo in the same run.
 *
 *   npx tsx bench/import-memory.mts                 # everything (generates ~10 MB of files in a temp dir)
 *   ONLY=bomb,cell npx tsx bench/import-memory.mts  # inputs whose name contains one of the words
 *
 * Exits non-zero when an input ends with an unexpected result or grows RSS by 300 MB or more.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseQuestionFile, type ParsedImport } from '../apps/server/src/modules/qu/qu.import';
import { esc, HEADER, lieAboutSizes, NS, repeated, row, writeZip, xlsxEntries } from '../apps/server/src/modules/qu/qu.test-zips';
import { IMPORT_HEADERS } from '@kaopei/contracts/qu';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const BANKS_DIR = process.env.KAOPEI_SHARED_DATA
  ? path.join(process.env.KAOPEI_SHARED_DATA, 'question-banks')
  : path.resolve(HERE, '..', '..', 'shared', 'data', 'question-banks');
const MiB = 1024 * 1024;
const GROWTH_LIMIT_MB = 300;

interface ChildReport {
  baselineMb: number;
  peakMb: number;
  maxRssMb: number;
  ms: number;
  outcome: string;
}

/** Short text of a parse result: the first error (and the count) or the number of questions. */
function outcomeOf(res: ParsedImport): string {
  if (res.errors.length === 0) return `${res.questions.length} questions`;
  const first = res.errors[0].msg;
  return res.totalErrors === 1 ? first : `${res.totalErrors} errors (${res.errors.length} listed), first: ${first.slice(0, 40)}…`;
}

// ---------------------------------------------------------------------------------------------
// child: parse one file, report memory and time
if (process.argv[2] === '--child') {
  const file = process.argv[3];
  await parseQuestionFile(path.join(BANKS_DIR, 'yf-lite-demo.xlsx'), { repoFromFile: true }); // warm-up
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const t0 = performance.now();
  const res = await parseQuestionFile(file, { repoFromFile: true });
  const ms = performance.now() - t0;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  const report: ChildReport = {
    baselineMb: baseline / MiB,
    peakMb: peak / MiB,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    ms,
    outcome: outcomeOf(res),
  };
  process.send?.(report);
  process.exit(0);
}

// ---------------------------------------------------------------------------------------------
// generated inputs: written through yazl from generators, so this script never holds them whole


const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${esc(text)}</t></is></c>`;
const SHEET_HEAD = `<worksheet ${NS}><sheetData>${HEADER}`;
const SHEET_TAIL = '</sheetData></worksheet>';
/** Row `r` of a valid 单选 question `q` (4 rows per question, the second option right). */
const validRow = (r: number): string => {
  const q = Math.floor((r - 3) / 4) + 1;
  const k = (r - 3) % 4;
  return row(r, k === 0 ? [String(q), '单选', `第${q}题：下列哪一项正确？`, '', '', '', '压测题库', '0', 'A'] : [String(q), '', '', '', '', '', '', k === 1 ? '1' : '0', 'BCD'[k - 1]]);
};

/** Writes a minimal xlsx (workbook, one sheet 试题数据, optional shared strings and styles) to `file`. */
async function writeXlsx(file: string, parts: Parameters<typeof xlsxEntries>[0]): Promise<void> {
  await writeZip(file, xlsxEntries(parts), 6);
}

const SMALL_SHEET = () => repeated(SHEET_HEAD, (i) => (i < 4 ? validRow(i + 3) : null), SHEET_TAIL, 1e9);
const X60 = 60 * MiB;

interface Input {
  name: string;
  file: string;
  expect?: RegExp;
}

async function generate(dir: string): Promise<Input[]> {
  const f = (name: string) => path.join(dir, `${name}.xlsx`);
  const inputs: Input[] = [];
  const make = async (name: string, expect: RegExp, parts: Parameters<typeof writeXlsx>[1], after?: (file: string) => void) => {
    await writeXlsx(f(name), parts);
    after?.(f(name));
    inputs.push({ name, file: f(name), expect });
  };
  // refused by the zip check
  await make('bomb-271mb-rows', /解压后超过64MB/, { sheet: () => repeated(SHEET_HEAD, (i) => validRow(i + 3), SHEET_TAIL, 271 * MiB) });
  await make('bomb-271mb-lying-sizes', /文件格式不正确/, { sheet: () => repeated(SHEET_HEAD, (i) => validRow(i + 3), SHEET_TAIL, 271 * MiB) }, (file) => lieAboutSizes(file, 'xl/worksheets/sheet1.xml', 1000));
  await make('cell-400mb', /解压后超过64MB/, { sheet: () => repeated(`${SHEET_HEAD}<row r="3"><c r="A3" t="inlineStr"><is><t>`, '题', `</t></is></c></row>${SHEET_TAIL}`, 400 * MiB) });
  // just under the 64 MiB cap, read through
  await make('cell-60mb', /题目内容不能超过20000个字符/, { sheet: () => repeated(`${SHEET_HEAD}<row r="3">${inline('A3', '1')}${inline('B3', '单选')}<c r="C3" t="inlineStr"><is><t>`, '题', `</t></is></c></row>${SHEET_TAIL}`, X60) });
  await make('sst-60mb-empty-strings', /^1 questions$/, { sheet: SMALL_SHEET, sharedStrings: () => repeated('<sst>', '<si/>', '</sst>', X60) });
  await make('sst-60mb-rich-runs', /^1 questions$/, { sheet: SMALL_SHEET, sharedStrings: () => repeated('<sst>', '<si><r><t>a</t></r></si>', '</sst>', X60) });
  await make('sst-one-string-60mb-of-runs', /^1 questions$/, { sheet: SMALL_SHEET, sharedStrings: () => repeated('<sst><si>', '<r><t>a</t></r>', '</si></sst>', X60) });
  await make('styles-60mb-xf', /^1 questions$/, { sheet: SMALL_SHEET, styles: () => repeated('<styleSheet><cellXfs>', '<xf/>', '</cellXfs></styleSheet>', X60) });
  await make('cols-60mb', /^1 questions$/, { sheet: () => repeated(`<worksheet ${NS}><cols>`, '<col/>', `</cols><sheetData>${row(2, [...IMPORT_HEADERS])}${validRow(3)}${validRow(4)}</sheetData></worksheet>`, X60) });
  await make('deep-nesting-60mb', /文件格式不正确/, { sheet: () => repeated(`<worksheet ${NS}>`, '<a>', '', X60) });
  await make('blank-rows-60mb', /没有试题数据/, { sheet: () => repeated(`${SHEET_HEAD}`, (i) => `<row r="${i + 3}"/>`, SHEET_TAIL, X60) });
  await make('rows-200k', /超过20000行/, { sheet: () => repeated(SHEET_HEAD, (i) => (i < 200_000 ? validRow(i + 3) : null), SHEET_TAIL, 1e9) });
  await make('rows-20k-valid', /^5000 questions$/, { sheet: () => repeated(SHEET_HEAD, (i) => (i < 20_000 ? validRow(i + 3) : null), SHEET_TAIL, 1e9) });
  await make('errors-20k', /^20000 errors \(201 listed\)/, { sheet: () => repeated(SHEET_HEAD, (i) => (i < 20_000 ? row(i + 3, [String(i + 1), '单选', '题', '', '', '', '库', '2', 'A']) : null), SHEET_TAIL, 1e9) });
  // one shared string of 19 999 characters (just under maxCellChars) in 8 cells of each of 20 000 rows
  const shared = (ref: string) => `<c r="${ref}" t="s"><v>0</v></c>`;
  const amplified = (i: number): string | null => {
    if (i >= 20_000) return null;
    const r = i + 3;
    const head = i % 4 === 0 ? `<c r="B${r}" t="inlineStr"><is><t>单选</t></is></c>${shared(`C${r}`)}${shared(`D${r}`)}${inline(`G${r}`, '压测题库')}` : '';
    return `<row r="${r}">${inline(`A${r}`, String(Math.floor(i / 4) + 1))}${head}${inline(`H${r}`, i % 4 === 1 ? '1' : '0')}${shared(`I${r}`)}${shared(`J${r}`)}${shared(`K${r}`)}</row>`;
  };
  await make('sst-20k-rows-sharing-a-19999-char-string', /^5000 questions$/, {
    sheet: () => repeated(SHEET_HEAD, amplified, SHEET_TAIL, 1e9),
    sharedStrings: `<sst><si><t>${'长'.repeat(19_999)}</t></si></sst>`,
  });
  return inputs;
}

// ---------------------------------------------------------------------------------------------
// parent
function runChild(file: string): Promise<ChildReport> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), ['--child', file], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let report: ChildReport | undefined;
    child.on('message', (m) => (report = m as ChildReport));
    child.on('error', reject);
    child.on('exit', (code) => (report ? resolve(report) : reject(new Error(`child exited with ${code} on ${file}`))));
  });
}

const only = process.env.ONLY?.split(',').filter(Boolean);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-import-bench-'));
try {
  const banks: Input[] = ['yf-lite-demo', 'yf-v2-demo', 'yf-ddout-iq-geo'].map((name) => ({ name, file: path.join(BANKS_DIR, `${name}.xlsx`) }));
  const t0 = performance.now();
  const generated = await generate(dir);
  console.log(`generated ${generated.length} files in ${((performance.now() - t0) / 1000).toFixed(1)} s (${dir})`);
  const inputs = [...banks, ...generated].filter((i) => i.name === 'yf-lite-demo' || !only || only.some((w) => i.name.includes(w)));
  const rows: string[][] = [];
  let liteMs = 0;
  let failed = false;
  for (const input of inputs) {
    const r = await runChild(input.file);
    if (input.name === 'yf-lite-demo') liteMs = r.ms;
    const growth = Math.max(r.peakMb, r.maxRssMb) - r.baselineMb;
    const bad = (input.expect && !input.expect.test(r.outcome)) || growth >= GROWTH_LIMIT_MB;
    failed ||= !!bad;
    rows.push([
      input.name,
      `${(fs.statSync(input.file).size / 1024).toFixed(0)} KB`,
      `${r.ms.toFixed(0)} ms`,
      `${(r.ms / liteMs).toFixed(1)}×`,
      `${r.baselineMb.toFixed(0)} MB`,
      `${r.peakMb.toFixed(0)} MB`,
      `${r.maxRssMb.toFixed(0)} MB`,
      `${growth.toFixed(0)} MB`,
      `${bad ? '✗ ' : ''}${r.outcome}`,
    ]);
  }
  const head = ['input', 'file', 'parse', 'vs lite', 'baseline RSS', 'peak RSS (10 ms)', 'maxRSS', 'growth', 'result'];
  console.log(`| ${head.join(' | ')} |\n|${head.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  console.log(failed ? `FAILED: an unexpected result or a growth ≥ ${GROWTH_LIMIT_MB} MB` : `ok: every result as expected, every growth < ${GROWTH_LIMIT_MB} MB`);
  process.exitCode = failed ? 1 : 0;
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
