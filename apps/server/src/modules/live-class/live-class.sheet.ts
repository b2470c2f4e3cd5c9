/** The attendance spreadsheet of a live session (xlsx, exceljs). */
import ExcelJS from 'exceljs';
import type { LiveAttendRecord } from '@kaopei/contracts/live-class';

/** Builds the xlsx: sheet 直播考勤, a title row, then 序号, 账号, 姓名, 观看时长(秒), 首次心跳, 最后心跳. */
export async function attendWorkbook(title: string, rows: readonly LiveAttendRecord[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('直播考勤');
  ws.columns = [{ width: 8 }, { width: 20 }, { width: 16 }, { width: 14 }, { width: 22 }, { width: 22 }];
  ws.addRow(['直播', title]);
  ws.addRow(['序号', '账号', '姓名', '观看时长(秒)', '首次心跳', '最后心跳']);
  rows.forEach((r, i) => ws.addRow([i + 1, r.userName, r.realName, r.attendSec, r.firstTime, r.lastTime]));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
