/**
 * Spreadsheets the server hands out (attendance, statistics, answers …; exceljs): a workbook of
 * sheets, each with optional lines above the table (a title, totals), a header row with column widths
 * and the data rows. Cell values are written as they are (strings, numbers, null → empty).
 */
import ExcelJS from 'exceljs';

/** One sheet: `name` (≤ 31 characters, Excel's limit), `above` lines, then `columns` headers and `rows`. */
export interface SheetSpec {
  name: string;
  above?: readonly (readonly (string | number)[])[];
  columns: readonly { header: string; width?: number }[];
  rows: readonly (readonly (string | number | null)[])[];
}

/** Builds the xlsx of `sheets` in order; answers its bytes. */
export async function writeWorkbook(...sheets: SheetSpec[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const s of sheets) {
    const ws = wb.addWorksheet(s.name.slice(0, 31));
    ws.columns = s.columns.map((c) => ({ width: c.width ?? 16 }));
    for (const line of s.above ?? []) ws.addRow([...line]);
    ws.addRow(s.columns.map((c) => c.header));
    for (const row of s.rows) ws.addRow(row.map((v) => v ?? ''));
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
