/** The evaluation result spreadsheet (xlsx, exceljs): averages and anonymous answers. */
import ExcelJS from 'exceljs';
import { PJ_ITEM_TYPE_LABEL, type PjResult } from '@kaopei/contracts/pj';

/**
 * Builds the xlsx: sheet 评价汇总 (问卷, counts, then per item 序号, 评价项, 类型, 评价人数, 平均分,
 * 1星..5星) and sheet 评价明细 (序号 and one column per item: the stars or the text; no author).
 * `answers`: per answer, itemId → score or text.
 */
export async function resultWorkbook(r: PjResult, answers: readonly Map<string, string | number>[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sum = wb.addWorksheet('评价汇总');
  sum.columns = [{ width: 8 }, { width: 40 }, { width: 10 }, { width: 10 }, { width: 10 }, { width: 8 }, { width: 8 }, { width: 8 }, { width: 8 }, { width: 8 }];
  sum.addRow(['问卷', r.title]);
  sum.addRow(['评价人数', r.answerCount, '班级人数', r.enrolledCount]);
  sum.addRow(['序号', '评价项', '类型', '回答数', '平均分', '1星', '2星', '3星', '4星', '5星']);
  r.items.forEach((it, i) => sum.addRow([i + 1, it.title, PJ_ITEM_TYPE_LABEL[it.itemType], it.count, it.average ?? '', ...it.distribution]));

  const detail = wb.addWorksheet('评价明细');
  detail.columns = [{ width: 8 }, ...r.items.map((it) => ({ width: it.itemType === 'text' ? 40 : 12 }))];
  detail.addRow(['序号', ...r.items.map((it) => it.title)]);
  answers.forEach((a, i) => detail.addRow([i + 1, ...r.items.map((it) => a.get(it.id) ?? '')]));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
