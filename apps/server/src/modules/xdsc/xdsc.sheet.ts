/** The submissions spreadsheet of one form (xlsx, exceljs). */
import ExcelJS from 'exceljs';
import type { XdscAnswerRecord, XdscStoredField } from '@kaopei/contracts/xdsc';

/**
 * Builds the xlsx: sheet 信息采集, a title row, then the header 序号, (账号, 姓名 unless anonymous),
 * 提交时间 and one column per field (its label); one row per submission. Checkbox values are joined
 * with '、'; file fields are their urls.
 */
export async function answersWorkbook(title: string, fields: readonly XdscStoredField[], anonymous: boolean, rows: readonly XdscAnswerRecord[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('信息采集');
  const who = anonymous ? [] : ['账号', '姓名'];
  ws.columns = [{ width: 8 }, ...who.map(() => ({ width: 16 })), { width: 22 }, ...fields.map(() => ({ width: 24 }))];
  ws.addRow(['信息采集', title]);
  ws.addRow(['序号', ...who, '提交时间', ...fields.map((f) => f.label)]);
  rows.forEach((r, i) => {
    const byField = new Map(r.values.map((v) => [v.fieldId, v.value]));
    const cells = fields.map((f) => {
      const v = byField.get(f.id) ?? '';
      return Array.isArray(v) ? v.join('、') : v;
    });
    ws.addRow([i + 1, ...(anonymous ? [] : [r.userName, r.realName]), r.submitTime, ...cells]);
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
