/**
 * The spreadsheet imports' shared messages (whole-file refusals, the cut error list) and `cellText`,
 * the text of a cell value as `openXlsx` (xlsx-read.ts) or exceljs hands it out.
 */
import type { XlsxRefusal, ZipLimits } from './xlsx-read';

export const MSG_BAD_FILE = '文件格式不正确，请上传.xlsx文件！';
export const MSG_BAD_HEADER = '表头不正确，请下载并使用导入模板！';
/** Whole-file refusal (row 0): the zip's content decompresses past `maxUncompressedBytes`, e.g. `文件解压后超过64MB，请拆分后再导入！`. */
export const msgTooBig = (bytes: number): string => `文件解压后超过${formatBytes(bytes)}，请拆分后再导入！`;
/** Whole-file refusal (row 0): more zip entries than `maxEntries`. */
export const msgTooManyEntries = (n: number): string => `文件格式不正确（压缩包内超过${n}个文件），请上传.xlsx文件！`;
/** Last entry of a cut error list: `n` errors not listed. */
export const msgMoreErrors = (n: number): string => `……另有${n}处错误未列出`;

/** `64MB`, `1.5MB`, `512KB` (binary units, as the limits are written). */
function formatBytes(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return mib >= 1 ? `${Number(mib.toFixed(1))}MB` : `${Number((bytes / 1024).toFixed(1))}KB`;
}

/** The message of a file `openXlsx` refused (whole-file, row 0). */
export function refusalMsg(reason: XlsxRefusal, limits: ZipLimits): string {
  if (reason === 'too-big') return msgTooBig(limits.maxUncompressedBytes);
  if (reason === 'too-many-entries') return msgTooManyEntries(limits.maxEntries);
  return MSG_BAD_FILE;
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * Text of an exceljs cell value, ends trimmed (inner text, HTML and `\n` untouched).
 * Strings as they are; numbers as `String(n)`; booleans `TRUE`/`FALSE`; dates `yyyy-MM-dd` (or
 * `yyyy-MM-dd HH:mm:ss` when they carry a time; exceljs dates are UTC); rich text concatenated;
 * hyperlinks their text; formulas their cached result; error values and anything else ''.
 */
export function cellText(value: unknown): string {
  return rawText(value).trim();
}

function rawText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    const d = `${value.getUTCFullYear()}-${pad2(value.getUTCMonth() + 1)}-${pad2(value.getUTCDate())}`;
    const h = value.getUTCHours();
    const m = value.getUTCMinutes();
    const s = value.getUTCSeconds();
    return h || m || s ? `${d} ${pad2(h)}:${pad2(m)}:${pad2(s)}` : d;
  }
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText)) return v.richText.map((r: unknown) => rawText((r as { text?: unknown })?.text)).join('');
    if ('formula' in v || 'sharedFormula' in v || 'result' in v) return rawText(v.result);
    if ('text' in v) return rawText(v.text);
  }
  return '';
}
