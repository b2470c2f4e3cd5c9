/** The training statistics spreadsheet (xlsx, exceljs): one sheet of totals and one row per question. */
import ExcelJS from 'exceljs';
import type { TrainStat } from '@kaopei/contracts/train';
import { htmlText } from '../../lib/html-text';

/** Plain text of rich-text content (lib/html-text), cut to 500 characters. */
function plain(html: string): string {
  return htmlText(html).slice(0, 500);
}

/** Builds the xlsx of `stat`: sheet 训练统计 (totals), sheet 试题正确率 (序号, 题型, 题目, 作答次数, 答对次数, 正确率%). */
export async function statWorkbook(stat: TrainStat): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const total = wb.addWorksheet('训练统计');
  total.columns = [{ width: 16 }, { width: 40 }];
  total.addRows([
    ['题库', stat.title],
    ['训练人数', stat.learnerCount],
    ['训练次数', stat.trainCount],
    ['作答次数', stat.answerCount],
    ['答对次数', stat.rightCount],
    ['正确率(%)', stat.percent],
  ]);
  const ws = wb.addWorksheet('试题正确率');
  ws.columns = [{ width: 8 }, { width: 10 }, { width: 60 }, { width: 12 }, { width: 12 }, { width: 12 }];
  ws.addRow(['序号', '题型', '题目', '作答次数', '答对次数', '正确率(%)']);
  stat.quList.forEach((q, i) => ws.addRow([i + 1, q.quType_dictText, plain(q.content), q.answerCount, q.rightCount, q.percent]));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
