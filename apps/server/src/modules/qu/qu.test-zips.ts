/**
 * Spreadsheets built at test time for the import tests (qu.import-limits.test.ts, qu.test.ts):
 * minimal xlsx files written with yazl, big parts streamed from generators so that a test never
 * holds a zip bomb's expanded content in memory. Test support only; nothing in the app uses it.
 */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { IMPORT_HEADERS } from '@kaopei/contracts/qu';

/**
 * `head`, then `unit` repeated up to about `bytes` (a function gets the index and may end early by
 * answering null), then `tail`, as Buffers of about 64 KiB.
 */
export function* repeated(head: string, unit: string | ((i: number) => string | null), tail: string, bytes: number): Generator<Buffer> {
  yield Buffer.from(head);
  let written = 0;
  if (typeof unit === 'string') {
    const block = Buffer.from(unit.repeat(Math.max(1, Math.floor(65536 / Buffer.byteLength(unit)))));
    for (; written + block.length <= bytes; written += block.length) yield block;
    const rest = Math.floor((bytes - written) / Buffer.byteLength(unit));
    if (rest > 0) yield Buffer.from(unit.repeat(rest));
  } else {
    let parts: string[] = [];
    let size = 0;
    for (let i = 0; written + size < bytes; i++) {
      const s = unit(i);
      if (s === null) break;
      parts.push(s);
      size += Buffer.byteLength(s);
      if (size >= 65536) {
        yield Buffer.from(parts.join(''));
        written += size;
        parts = [];
        size = 0;
      }
    }
    if (parts.length) yield Buffer.from(parts.join(''));
  }
  yield Buffer.from(tail);
}

export type Data = string | (() => Iterable<Buffer>);
/** Writes a zip of `entries` (name → text, or a generator streamed through deflate). */
export async function writeZip(file: string, entries: [string, Data][], compressionLevel = 1): Promise<string> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of entries) {
    if (typeof data === 'string') zip.addBuffer(Buffer.from(data), name, { compressionLevel });
    else zip.addReadStream(Readable.from(data()), name, { compressionLevel });
  }
  zip.end();
  await pipeline(zip.outputStream, fs.createWriteStream(file));
  return file;
}

export const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
export const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
export const RELS_NS = 'xmlns="http://schemas.openxmlformats.org/package/2006/relationships"';
export const SHEET = 'xl/worksheets/sheet1.xml';
export const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
export const col = (i: number) => String.fromCharCode(65 + i);
/** A row of inline-string cells (blank cells left out). */
export const row = (r: number, cells: string[]) =>
  `<row r="${r}">${cells.map((c, i) => (c === '' ? '' : `<c r="${col(i)}${r}" t="inlineStr"><is><t>${esc(c)}</t></is></c>`)).join('')}</row>`;
export const HEADER = row(1, ['试题数据']) + row(2, [...IMPORT_HEADERS]);
export const sheetXml = (rows: string) => `<worksheet ${NS}><sheetData>${HEADER}${rows}</sheetData></worksheet>`;
/** Rows `from`… of `count` valid 单选 questions numbered `firstNo`…, 4 options each (the second one right). */
export const questionRows = (count: number, from = 3, firstNo = 1) =>
  Array.from({ length: count * 4 }, (_, i) => {
    const q = Math.floor(i / 4) + firstNo;
    const k = i % 4;
    return row(from + i, k === 0 ? [String(q), '单选', `第${q}题`, '', '', '', '测试题库', '0', 'A'] : [String(q), '', '', '', '', '', '', k === 1 ? '1' : '0', 'BCD'[k - 1]]);
  }).join('');

/** The entries of a minimal xlsx: one worksheet 试题数据, optional shared strings and styles. */
export function xlsxEntries(parts: { sheet: Data; sharedStrings?: Data; styles?: Data; workbook?: string }): [string, Data][] {
  const rels = [`<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>`];
  if (parts.sharedStrings) rels.push(`<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>`);
  if (parts.styles) rels.push(`<Relationship Id="rId3" Type="${REL}/styles" Target="/xl/styles.xml"/>`);
  const entries: [string, Data][] = [
    ['[Content_Types].xml', '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'],
    ['_rels/.rels', `<Relationships ${RELS_NS}><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`],
    ['xl/workbook.xml', parts.workbook ?? `<workbook ${NS}><sheets><sheet name="试题数据" sheetId="1" r:id="rId1"/></sheets></workbook>`],
    ['xl/_rels/workbook.xml.rels', `<Relationships ${RELS_NS}>${rels.join('')}</Relationships>`],
    [SHEET, parts.sheet],
  ];
  if (parts.sharedStrings) entries.push(['xl/sharedStrings.xml', parts.sharedStrings]);
  if (parts.styles) entries.push(['xl/styles.xml', parts.styles]);
  return entries;
}

/** Rewrites the central-directory and local headers of the entries named `name` to claim `size` uncompressed bytes. */
export function lieAboutSizes(file: string, name: string, size: number): void {
  const buf = fs.readFileSync(file);
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = buf.readUInt32LE(eocd + 16);
  for (let count = buf.readUInt16LE(eocd + 10); count > 0; count--) {
    const nameLength = buf.readUInt16LE(at + 28);
    if (buf.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      buf.writeUInt32LE(size, at + 24);
      buf.writeUInt32LE(size, buf.readUInt32LE(at + 42) + 22);
    }
    at += 46 + nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  fs.writeFileSync(file, buf);
}
