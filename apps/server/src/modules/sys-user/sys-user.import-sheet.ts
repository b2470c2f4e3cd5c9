/**
 * User spreadsheets (xlsx): reading an import file row by row with bounded memory (the streaming
 * reader of the question import, modules/qu/qu.import-zip.ts, and its cell rules), checking each
 * row on its own, and writing the template and exports with exceljs's streaming writer.
 *
 * Import layout (USER_IMPORT_HEADERS in row 1, one user per row from row 2): 账号 | 姓名 | 部门编码 |
 * 手机 | 邮箱 | 身份证号 | 积分 | 角色 | 密码. Checks that need the database (names and numbers
 * taken, departments, roles) and across rows (repeats in the file) are sys-user.import.ts's.
 */
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import { mobileSchema } from '@kaopei/contracts/sms';
import { idCardSchema, passwordSchema, profileFields, realNameSchema, userNameSchema } from '@kaopei/contracts/sys-user';
import { USER_IMPORT_HEADERS, USER_IMPORT_MAX_ROWS, USER_SHEET_NAME } from '@kaopei/contracts/sys-user-admin';
import { DEFAULT_ZIP_LIMITS, openXlsx, type CellValue } from '../../lib/xlsx-read';
import { cellText, MSG_BAD_FILE, MSG_BAD_HEADER, refusalMsg } from '../../lib/xlsx-text';
import { bufferOf } from '../../lib/stream-buffer';

/** One bad row (row 0: the whole file). */
export interface RowError {
  row: number;
  msg: string;
}

/** A row that passed its own checks. `roleNames` [] = the default role; `password` '' = the default password. */
export interface ImportRow {
  row: number;
  userName: string;
  realName: string;
  deptCode: string;
  mobile: string;
  email: string;
  idCard: string;
  points: number;
  roleNames: string[];
  password: string;
}

/** What `readUserFile` found: the good rows and the errors (import nothing when there is any). */
export interface ReadResult {
  rows: ImportRow[];
  errors: RowError[];
}

export const MSG_NO_USERS = '文件中没有用户数据！';
export const msgTooManyUsers = (n: number) => `文件超过${n}行用户数据，请拆分后再导入！`;
export const POINTS_MSG = '积分必须是0-999999999之间的整数！';
export const ID_CARD_TEXT_MSG = '身份证号请以文本格式填写（数字格式会丢失末几位）！';
const COLS = USER_IMPORT_HEADERS.length;
const emailSchema = profileFields.shape.email;

/** `第N行：a！b！` from the messages of one row (each ends with its own punctuation). */
export function rowMsg(row: number, msgs: readonly string[]): string {
  return `第${row}行：${msgs.map((m) => (/[！!。]$/.test(m) ? m : `${m}！`)).join('')}`;
}

/** The first message of a failed parse, or undefined. */
function check<S extends z.ZodType>(schema: S, value: string): string | undefined {
  const res = schema.safeParse(value);
  return res.success ? undefined : (res.error.issues[0]?.message ?? '格式不正确');
}

/** Checks one data row on its own; answers the row or its messages. */
export function checkRow(row: number, raw: readonly CellValue[]): ImportRow | string[] {
  const cells = USER_IMPORT_HEADERS.map((_, i) => cellText(raw[i] ?? null));
  const [userName, realName, deptCode, mobile, email, idCard, points, roles, password] = cells as [string, string, string, string, string, string, string, string, string];
  const msgs: (string | undefined)[] = [
    check(userNameSchema, userName),
    check(realNameSchema, realName),
    deptCode === '' ? '部门不能为空！' : undefined,
    mobile === '' ? undefined : check(mobileSchema, mobile),
    check(emailSchema, email),
    typeof raw[5] === 'number' && idCard.length > 0 ? ID_CARD_TEXT_MSG : idCard === '' ? undefined : check(idCardSchema, idCard),
    points === '' || /^\d{1,9}$/.test(points) ? undefined : POINTS_MSG,
    password === '' ? undefined : check(passwordSchema, password),
  ];
  const bad = msgs.filter((m): m is string => m !== undefined);
  if (bad.length > 0) return bad;
  return {
    row,
    userName,
    realName,
    deptCode,
    mobile,
    email,
    idCard: idCard.toUpperCase(),
    points: points === '' ? 0 : Number(points),
    roleNames: [...new Set(roles.split(/[,，]/).map((r) => r.trim()).filter((r) => r !== ''))],
    password,
  };
}

/**
 * Reads an import file from disk: the header (row 1 must be USER_IMPORT_HEADERS), then every
 * non-blank row from row 2, each checked by `checkRow`. Whole-file refusals answer one error:
 * not an xlsx (row 0), too big once decompressed (row 0), a wrong header (row 1), no data (row 2),
 * more than USER_IMPORT_MAX_ROWS rows (row 0; reading stops). `onProgress` gets the rows read so far.
 */
export async function readUserFile(file: string, opts: { signal?: AbortSignal; onProgress?: (rows: number) => void; maxRows?: number } = {}): Promise<ReadResult> {
  const maxRows = opts.maxRows ?? USER_IMPORT_MAX_ROWS;
  const limits = DEFAULT_ZIP_LIMITS;
  const refused = (row: number, msg: string): ReadResult => ({ rows: [], errors: [{ row, msg }] });
  const opened = await openXlsx(file, { limits, sheetName: USER_SHEET_NAME, signal: opts.signal });
  if (!opened.ok) return refused(0, refusalMsg(opened.reason, limits));
  const { book } = opened;
  if (book.sheetName === undefined) {
    book.close();
    return refused(1, MSG_BAD_HEADER);
  }
  const batches = book.rows(COLS);
  const out: ReadResult = { rows: [], errors: [] };
  let header = false;
  let count = 0;
  try {
    for (;;) {
      let next: IteratorResult<{ r: number; cells: CellValue[] }[]>;
      try {
        next = await batches.next();
      } catch {
        opts.signal?.throwIfAborted();
        return refused(0, MSG_BAD_FILE);
      }
      opts.signal?.throwIfAborted();
      if (next.done) break;
      for (const { r, cells } of next.value) {
        if (r === 1) {
          header = USER_IMPORT_HEADERS.every((h, i) => cellText(cells[i] ?? null) === h);
          if (!header) return refused(1, MSG_BAD_HEADER);
          continue;
        }
        if (!header) return refused(1, MSG_BAD_HEADER);
        if (cells.every((c) => cellText(c) === '')) continue;
        if (++count > maxRows) return refused(0, msgTooManyUsers(maxRows));
        const res = checkRow(r, cells);
        if (Array.isArray(res)) out.errors.push({ row: r, msg: rowMsg(r, res) });
        else out.rows.push(res);
        if (count % 500 === 0) opts.onProgress?.(count);
      }
    }
  } finally {
    await batches.return(undefined);
    book.close();
  }
  if (!header) return refused(1, MSG_BAD_HEADER);
  if (count === 0) return refused(2, MSG_NO_USERS);
  return out;
}

/** Header notes of the template. */
const NOTES: Partial<Record<(typeof USER_IMPORT_HEADERS)[number], string>> = {
  账号: '必填，2-32位字母、数字、下划线、点、@或-，不能与已有账号重复',
  姓名: '必填',
  部门编码: '必填，部门管理中显示的部门编码，如 A01',
  手机: '选填，11位手机号，不能与已有用户重复',
  身份证号: '选填，15或18位，请以文本格式填写',
  积分: '选填，非负整数，默认0',
  角色: '选填，角色名称，多个用逗号分隔；不填为学员角色',
  密码: '选填，须同时包含数字、大小写字母和特殊字符且不少于8位；不填为默认密码。导入的用户首次登录须修改密码',
};

/**
 * Writes a user sheet (sheet USER_SHEET_NAME, bold header, every column text so that numbers such
 * as mobiles and ID cards keep their digits) to `out`, row by row; resolves once the file is complete.
 */
export async function writeUserSheet(headers: readonly string[], rows: AsyncIterable<(string | number)[]> | Iterable<(string | number)[]>, out: Writable, notes = false): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(USER_SHEET_NAME);
  ws.columns = headers.map((h) => ({ width: h === '密码' || h === '身份证号' || h === '邮箱' ? 24 : 16, style: { numFmt: '@' } }));
  const head = ws.getRow(1);
  head.values = [...headers];
  head.font = { bold: true };
  if (notes) headers.forEach((h, i) => {
    const note = NOTES[h as keyof typeof NOTES];
    if (note) head.getCell(i + 1).note = note;
  });
  head.commit();
  for await (const values of rows) ws.addRow(values).commit();
  ws.commit();
  await wb.commit();
}

/** The bytes of a small user sheet (the template, tests). */
export async function userSheetBuffer(headers: readonly string[], rows: (string | number)[][], notes = false): Promise<Buffer> {
  return bufferOf((out) => writeUserSheet(headers, rows, out, notes));
}
