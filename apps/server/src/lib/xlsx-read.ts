/**
 * An uploaded xlsx, read with bounded memory whatever the file holds: the reader of every
 * spreadsheet import (questions: `parseQuestionFile` in modules/qu/qu.import.ts; users:
 * modules/sys-user/sys-user.import-sheet.ts). `openXlsx` reports refusals as reason codes; the
 * shared messages of the imports (`refusalMsg`, MSG_BAD_FILE …) and `cellText` are in xlsx-text.ts.
 *
 * 1. Zip check (yauzl, central directory, lazy entries, validateEntrySizes): refuse more than
 *    `maxEntries` entries; then inflate every entry once and count its real bytes, refusing as soon
 *    as the total passes `maxUncompressedBytes` (a declared size already past the cap is refused
 *    without inflating; a size header that lies fails yauzl's size check or the count).
 * 2. Streaming reader: the parts the import needs are streamed from the same zip (random access, in
 *    the order we need, whatever their order in the file) through saxes, the XML parser exceljs uses:
 *    package and workbook relationships, workbook.xml (the sheet to read, the date system),
 *    styles.xml (only which cell styles are dates), sharedStrings.xml (the strings table, the one
 *    part kept whole; bounded by the zip cap), then the chosen sheet, handed out in row batches.
 *
 * Why not exceljs's `stream.xlsx.WorkbookReader`: it follows the zip's local headers in file order,
 * and the yf banks (like files written by exceljs) put sheet1.xml before sharedStrings.xml and
 * workbook.xml, so it copies the sheet to a temp file it deletes only once the sheet was read to its
 * end (an early stop leaks it); and it keeps in memory, without bounds, every `<col>` of a sheet,
 * every rich-text run of a shared string and every style (measured under a 64 MiB cap: 64 MiB of
 * `<col/>` → 1.4 GB RSS, of `<si><r><t>a</t></r></si>` → 1.6 GB, 8 MiB of `<xf/>` → 360 MB).
 * Here cell values follow exceljs's own rules (see `CellValue`).
 */
import path from 'node:path';
import type { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';
import yauzl from 'yauzl';

/** Caps of the zip check (see `ImportLimits` in qu.import.ts). */
export interface ZipLimits {
  /** Sum of the real decompressed bytes of all entries. */
  maxUncompressedBytes: number;
  /** Entries in the central directory (folders included). */
  maxEntries: number;
}

/** The zip caps of the imports: 64 MiB decompressed, 2000 entries (an xlsx has a dozen or so). */
export const DEFAULT_ZIP_LIMITS: Readonly<ZipLimits> = Object.freeze({ maxUncompressedBytes: 64 * 1024 * 1024, maxEntries: 2000 });

/** Why a file is refused: not a readable xlsx, too big once decompressed, too many entries. */
export type XlsxRefusal = 'bad-file' | 'too-big' | 'too-many-entries';

/**
 * A cell as exceljs would read it: shared and inline strings as text (rich-text runs joined,
 * phonetic runs left out, `_xHHHH_` escapes decoded), `t="str"` text, `t="b"` booleans, numbers
 * (Dates when the cell's style has a date format, in the workbook's date system), errors and empty
 * cells null. Formulas give their cached value.
 */
export type CellValue = string | number | boolean | Date | null;

/** One `<row>` of the sheet: 1-based row number and its first `cols` cells (A = index 0). */
export interface SheetRow {
  r: number;
  cells: CellValue[];
}

/** An open, checked xlsx. Call `close()` when done (also after an early stop). */
export interface XlsxBook {
  /** Name of the sheet `rows` reads: the wanted one, else the first worksheet; undefined when none. */
  sheetName: string | undefined;
  /** The sheet's rows in file order, in batches (one per chunk read); throws on malformed XML. */
  rows(cols: number): AsyncGenerator<SheetRow[]>;
  close(): void;
}

/** Refused before any sheet is read, or open. */
export type OpenedXlsx = { ok: false; reason: XlsxRefusal } | { ok: true; book: XlsxBook };

/** Guards of the XML reader (legit OOXML nests about 10 deep and carries a few dozen attributes). */
const MAX_XML_DEPTH = 64;
const MAX_XML_ATTRIBUTES = 512;
/** More relationships or sheets than this is no question bank: refused as a bad file. */
const MAX_RELS = 10_000;
const MAX_SHEETS = 10_000;
/** Cell formats kept (Excel's own limit is 64 000); later ones are read as not dates. */
const MAX_XFS = 65_536;
const MAX_NUMFMT_ID = 65_536;
/** Built-in number formats exceljs reads as dates (its table's formats that pass isDateFmt). */
const BUILTIN_DATE_FMTS = [14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47];

/**
 * Opens `filePath` as an xlsx: the zip check, then workbook, relationships, styles and shared
 * strings (see the file comment). The sheet read is the one named `sheetName`, else the first
 * worksheet in workbook order. Never throws for bad input (a missing workbook part, a malformed
 * part or a bad zip → 'bad-file'); rethrows `signal.reason` when aborted.
 */
export async function openXlsx(filePath: string, opts: { limits: ZipLimits; sheetName: string; signal?: AbortSignal }): Promise<OpenedXlsx> {
  const { limits, signal } = opts;
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(filePath, { autoClose: false, lazyEntries: true, validateEntrySizes: true });
  } catch {
    signal?.throwIfAborted();
    return { ok: false, reason: 'bad-file' };
  }
  try {
    const entries = await checkEntries(zip, limits, signal);
    if (typeof entries === 'string') {
      zip.close();
      return { ok: false, reason: entries };
    }
    return { ok: true, book: await readBook(zip, entries, opts.sheetName, signal) };
  } catch {
    zip.close();
    signal?.throwIfAborted();
    return { ok: false, reason: 'bad-file' };
  }
}

/** Entries by lower-cased name (OPC part names are case-insensitive), or why the zip is refused. */
async function checkEntries(zip: yauzl.ZipFile, limits: ZipLimits, signal?: AbortSignal): Promise<Map<string, yauzl.Entry> | XlsxRefusal> {
  if (zip.entryCount > limits.maxEntries) return 'too-many-entries';
  const entries = new Map<string, yauzl.Entry>();
  let total = 0;
  for await (const entry of zip.eachEntry()) {
    signal?.throwIfAborted();
    const key = entry.fileName.toLowerCase();
    // Two entries of one name: readers disagree on which one counts; no honest xlsx has it.
    if (entries.has(key)) throw new Error(`duplicate zip entry ${entry.fileName}`);
    const budget = limits.maxUncompressedBytes - total;
    if (entry.uncompressedSize > budget) return 'too-big';
    const size = await inflatedSize(zip, entry, budget, signal);
    if (size > budget) return 'too-big';
    total += size;
    entries.set(key, entry);
  }
  return entries;
}

/** Real decompressed size of an entry, counting stops (and the stream is destroyed) past `budget`. */
async function inflatedSize(zip: yauzl.ZipFile, entry: yauzl.Entry, budget: number, signal?: AbortSignal): Promise<number> {
  const stream = await zip.openReadStreamPromise(entry);
  let n = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    n += chunk.length;
    if (n > budget) break;
    signal?.throwIfAborted();
  }
  return n;
}

interface XmlHandlers {
  open?(name: string, attrs: Record<string, string>): void;
  text?(text: string): void;
  close?(name: string): void;
}

/** Local name of a possibly prefixed XML name (`x:c` → `c`). */
function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

/**
 * Streams an XML part through saxes, calling the handlers with local names; yields after each chunk
 * so that the caller can stop (the stream is then destroyed) or check for abort. Throws on malformed
 * XML, nesting deeper than MAX_XML_DEPTH or more than MAX_XML_ATTRIBUTES on one element (saxes
 * keeps open elements and their attributes until they end).
 */
async function* xmlChunks(stream: Readable, h: XmlHandlers): AsyncGenerator<void> {
  const parser = new SaxesParser();
  let depth = 0;
  let attributes = 0;
  parser.on('opentagstart', () => {
    attributes = 0;
    if (++depth > MAX_XML_DEPTH) throw new Error('XML nested too deep');
  });
  parser.on('attribute', () => {
    if (++attributes > MAX_XML_ATTRIBUTES) throw new Error('too many XML attributes');
  });
  parser.on('opentag', (tag) => h.open?.(localName(tag.name), tag.attributes));
  parser.on('text', (text) => h.text?.(text));
  parser.on('cdata', (text) => h.text?.(text));
  parser.on('closetag', (tag) => {
    depth--;
    h.close?.(localName(tag.name));
  });
  const decoder = new TextDecoder();
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    parser.write(decoder.decode(chunk, { stream: true }));
    yield;
  }
  parser.write(decoder.decode());
  parser.close();
}

/** Decodes Excel's `_xHHHH_` escapes of `<t>` text (e.g. `_x000D_`), as exceljs does. */
function unescapeText(s: string): string {
  return s.includes('_x') ? s.replace(/_x([0-9A-F]{4})_/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))) : s;
}

/** exceljs's `isDateFmt`: a format with y, m, d, h, s or b outside quotes and brackets. */
function isDateFmt(fmt: string): boolean {
  return /[ymdhMsb]/.test(fmt.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

/** Part name of a relationship target, relative to folder `base` (or absolute), lower-cased. */
function partName(base: string, target: string): string {
  const p = target.startsWith('/') ? target.slice(1) : path.posix.join(base, target);
  return path.posix.normalize(p).replace(/^(\.\.\/)+/, '').toLowerCase();
}

const isRel = (type: string | undefined, kind: string): boolean => !!type && type.endsWith(`/${kind}`);

async function readBook(zip: yauzl.ZipFile, entries: Map<string, yauzl.Entry>, wanted: string, signal?: AbortSignal): Promise<XlsxBook> {
  const open = async (name: string): Promise<Readable | undefined> => {
    const entry = entries.get(name);
    return entry ? zip.openReadStreamPromise(entry) : undefined;
  };
  const readXml = async (name: string, h: XmlHandlers): Promise<void> => {
    const stream = await open(name);
    if (stream) for await (const _ of xmlChunks(stream, h)) signal?.throwIfAborted();
  };
  const readRels = async (name: string): Promise<Map<string, { type: string; part: string }>> => {
    const base = path.posix.dirname(path.posix.dirname(name));
    const rels = new Map<string, { type: string; part: string }>();
    await readXml(name, {
      open(tag, a) {
        if (tag !== 'Relationship' || !a.Id || !a.Target || a.TargetMode === 'External') return;
        if (rels.size >= MAX_RELS) throw new Error('too many relationships');
        rels.set(a.Id, { type: a.Type ?? '', part: partName(base, a.Target) });
      },
    });
    return rels;
  };

  const root = [...(await readRels('_rels/.rels')).values()].find((r) => isRel(r.type, 'officeDocument'));
  const workbook = root?.part ?? 'xl/workbook.xml';
  if (!entries.has(workbook)) throw new Error('no workbook part');
  const dir = path.posix.dirname(workbook);
  const rels = await readRels(`${dir === '.' ? '' : `${dir}/`}_rels/${path.posix.basename(workbook)}.rels`);
  const relOf = (kind: string, fallback: string): string =>
    [...rels.values()].find((r) => isRel(r.type, kind))?.part ?? partName(dir, fallback);

  let date1904 = false;
  let sheets = 0;
  let first: { name: string; part: string } | undefined;
  let named: typeof first;
  await readXml(workbook, {
    open(tag, a) {
      if (tag === 'workbookPr') date1904 = a.date1904 === '1' || a.date1904 === 'true';
      if (tag !== 'sheet') return;
      if (++sheets > MAX_SHEETS) throw new Error('too many sheets');
      const id = a['r:id'] ?? Object.entries(a).find(([k]) => k.endsWith(':id'))?.[1];
      const rel = id === undefined ? undefined : rels.get(id);
      if (!rel || !isRel(rel.type, 'worksheet')) return;
      const sheet = { name: a.name ?? '', part: rel.part };
      first ??= sheet;
      if (!named && sheet.name === wanted) named = sheet;
    },
  });
  const sheet = named ?? first;
  if (sheet && !entries.has(sheet.part)) throw new Error('missing sheet part');
  const isDateStyle = await readStyles(relOf('styles', 'styles.xml'), readXml);
  const strings = await readSharedStrings(relOf('sharedStrings', 'sharedStrings.xml'), readXml);

  return {
    sheetName: sheet?.name,
    async *rows(cols: number) {
      const stream = sheet && (await open(sheet.part));
      if (stream) yield* sheetRows(stream, cols, (c) => cellValue(c, strings, isDateStyle, date1904));
    },
    close: () => zip.close(),
  };
}

type ReadXml = (name: string, h: XmlHandlers) => Promise<void>;

/** Which cell styles (`s` attribute) have a date format, as exceljs decides it; O(1) memory per style. */
async function readStyles(name: string, readXml: ReadXml): Promise<(s: number) => boolean> {
  const dateFmt = new Uint8Array(MAX_NUMFMT_ID);
  for (const id of BUILTIN_DATE_FMTS) dateFmt[id] = 1;
  const xfFmts: number[] = [];
  let inNumFmts = false;
  let inCellXfs = false;
  await readXml(name, {
    open(tag, a) {
      if (tag === 'numFmts') inNumFmts = true;
      else if (tag === 'cellXfs') inCellXfs = true;
      else if (tag === 'numFmt' && inNumFmts) {
        const id = Number.parseInt(a.numFmtId ?? '', 10);
        if (id >= 0 && id < MAX_NUMFMT_ID && a.formatCode) dateFmt[id] = isDateFmt(a.formatCode) ? 1 : 0;
      } else if (tag === 'xf' && inCellXfs && xfFmts.length < MAX_XFS) xfFmts.push(Number.parseInt(a.numFmtId ?? '', 10) || 0);
    },
    close(tag) {
      if (tag === 'numFmts') inNumFmts = false;
      else if (tag === 'cellXfs') inCellXfs = false;
    },
  });
  // exceljs ignores style 0 and numFmtId 0 (General)
  return (s) => s > 0 && s < xfFmts.length && xfFmts[s] > 0 && xfFmts[s] < MAX_NUMFMT_ID && dateFmt[xfFmts[s]] === 1;
}

/** Strings of one chunk of a `StringTable`. */
const STRING_CHUNK = 4096;

/**
 * The shared strings table, packed: the text of every STRING_CHUNK strings joined into one chunk,
 * and each string's end offset in its chunk (4 bytes a string: 12 million `<si/>` cost 50 MB, where
 * a JS array of strings took 300 MB).
 */
class StringTable {
  private readonly chunks: string[] = [];
  private pending: string[] = [];
  private pendingLength = 0;
  private ends = new Uint32Array(STRING_CHUNK);
  private size = 0;

  push(s: string): void {
    if (this.size === this.ends.length) {
      const grown = new Uint32Array(Math.ceil(this.size * 1.5));
      grown.set(this.ends);
      this.ends = grown;
    }
    this.pending.push(s);
    this.pendingLength += s.length;
    this.ends[this.size++] = this.pendingLength;
    if (this.pending.length === STRING_CHUNK) this.flush();
  }

  /** Call once all strings are pushed. */
  flush(): void {
    if (this.pending.length === 0) return;
    this.chunks.push(this.pending.length === 1 ? this.pending[0] : this.pending.join(''));
    this.pending = [];
    this.pendingLength = 0;
  }

  /** String `i` (0-based), undefined when out of range. */
  get(i: number): string | undefined {
    if (!(i >= 0 && i < this.size)) return undefined;
    const start = i % STRING_CHUNK === 0 ? 0 : this.ends[i - 1];
    return this.chunks[Math.floor(i / STRING_CHUNK)].slice(start, this.ends[i]);
  }
}

/** The shared strings table: each `<si>`'s `<t>` texts joined (runs of `<rPh>` left out). */
async function readSharedStrings(name: string, readXml: ReadXml): Promise<StringTable> {
  const strings = new StringTable();
  let si: string[] | undefined;
  let t: string[] | undefined;
  let phonetic = 0;
  await readXml(name, {
    open(tag) {
      if (tag === 'si') si = [];
      else if (tag === 'rPh') phonetic++;
      else if (tag === 't' && si && !phonetic) t = [];
    },
    text(text) {
      t?.push(text);
    },
    close(tag) {
      if (tag === 't' && t) {
        si?.push(unescapeText(t.join('')));
        t = undefined;
      } else if (tag === 'rPh') phonetic--;
      else if (tag === 'si' && si) {
        strings.push(si.length === 1 ? si[0] : si.join(''));
        si = undefined;
      }
    },
  });
  strings.flush();
  return strings;
}

/** A `<c>` being read: 1-based column, style index, type, `<v>` text and inline `<t>` texts. */
interface RawCell {
  col: number;
  s: number;
  t: string;
  v?: string;
  inline?: string[];
}

function cellValue(c: RawCell, strings: StringTable, isDateStyle: (s: number) => boolean, date1904: boolean): CellValue {
  if (c.t === 'inlineStr') return c.inline ? c.inline.join('') : (c.v ?? null);
  if (c.v === undefined) return null;
  switch (c.t) {
    case 's':
      return strings.get(Number.parseInt(c.v, 10)) ?? null;
    case 'str':
      return c.v;
    case 'b':
      return Number.parseInt(c.v, 10) !== 0;
    case 'e':
      return null;
    default: {
      const n = Number.parseFloat(c.v);
      // exceljs's excelToDate: serial days since 1899-12-30 (1904-01-01 in the 1904 system), UTC
      return isDateStyle(c.s) ? new Date(Math.round((n - 25569 + (date1904 ? 1462 : 0)) * 86_400_000)) : n;
    }
  }
}

/** 1-based column of a cell reference (`AB12` → 28); NaN when it has no letters. */
function columnOf(ref: string): number {
  let col = 0;
  for (const ch of ref.toUpperCase()) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    col = col * 26 + code - 64;
  }
  return col || Number.NaN;
}

/**
 * Rows of a sheet part, in batches. Rows without `r` follow the previous row, cells without `r` the
 * previous cell. Only the text of the first `cols` columns is kept.
 */
async function* sheetRows(stream: Readable, cols: number, value: (c: RawCell) => CellValue): AsyncGenerator<SheetRow[]> {
  let out: SheetRow[] = [];
  let inSheetData = false;
  let row: SheetRow | undefined;
  let cell: RawCell | undefined;
  let lastRow = 0;
  let lastCol = 0;
  let inInline = false;
  let phonetic = 0;
  let text: string[] | undefined;
  const handlers: XmlHandlers = {
    open(tag, a) {
      switch (tag) {
        case 'sheetData':
          inSheetData = true;
          break;
        case 'row':
          if (!inSheetData) break;
          lastRow = a.r && /^\d+$/.test(a.r) ? Number(a.r) : lastRow + 1;
          lastCol = 0;
          row = { r: lastRow, cells: new Array<CellValue>(cols).fill(null) };
          break;
        case 'c':
          if (!row) break;
          lastCol = a.r ? columnOf(a.r) : lastCol + 1;
          cell = { col: lastCol, s: Number.parseInt(a.s ?? '', 10) || 0, t: a.t ?? 'n' };
          break;
        case 'is':
          inInline = !!cell;
          break;
        case 'rPh':
          phonetic++;
          break;
        case 'v':
        case 't':
          if (cell && cell.col <= cols && (tag === 'v' || (inInline && !phonetic))) text = [];
          break;
      }
    },
    text(t) {
      text?.push(t);
    },
    close(tag) {
      switch (tag) {
        case 'v':
          if (cell && text) cell.v = text.join('');
          text = undefined;
          break;
        case 't':
          if (cell && text) (cell.inline ??= []).push(unescapeText(text.join('')));
          text = undefined;
          break;
        case 'rPh':
          phonetic--;
          break;
        case 'is':
          inInline = false;
          break;
        case 'c':
          if (row && cell && cell.col >= 1 && cell.col <= cols) row.cells[cell.col - 1] = value(cell);
          cell = undefined;
          break;
        case 'row':
          if (row) out.push(row);
          row = undefined;
          break;
        case 'sheetData':
          inSheetData = false;
          break;
      }
    },
  };
  for await (const _ of xmlChunks(stream, handlers)) {
    if (out.length === 0) continue;
    yield out;
    out = [];
  }
  if (out.length > 0) yield out;
}
