/** The attendance spreadsheet of a face-to-face lesson (xlsx, exceljs, like live-class.sheet.ts). */
import ExcelJS from 'exceljs';
import type { AttendRecord } from '@kaopei/contracts/class-session';

const HEADERS = ['序号', '账号', '姓名', '签到状态', '签到时间', '签到方式', '补签原因', '补签人', '距离(米)'];
const WIDTHS = [8, 20, 16, 10, 22, 12, 24, 16, 10];

/** Builds the xlsx: sheet 面授签到, title lines (课次, 开始时间, 已签到 n / total), then the columns of the attendance list. */
export async function attendWorkbook(title: string, startTime: string, rows: readonly AttendRecord[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('面授签到');
  ws.columns = WIDTHS.map((width) => ({ width }));
  ws.addRow(['课次', title]);
  ws.addRow(['开始时间', startTime]);
  ws.addRow(['已签到', `${rows.filter((r) => r.state === 1).length} / ${rows.length}`]);
  ws.addRow(HEADERS);
  rows.forEach((r, i) => ws.addRow([i + 1, r.userName, r.realName, r.state_dictText, r.signTime ?? '', r.source_dictText, r.reason, r.makeupBy, r.distance ?? '']));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
