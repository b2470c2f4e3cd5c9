/** The attendance spreadsheet of a live session (xlsx through lib/xlsx-write). */
import type { LiveAttendRecord } from '@kaopei/contracts/live-class';
import { writeWorkbook } from '../../lib/xlsx-write';

/** Builds the xlsx: sheet 直播考勤, a title row, then 序号, 账号, 姓名, 观看时长(秒), 首次心跳, 最后心跳. */
export function attendWorkbook(title: string, rows: readonly LiveAttendRecord[]): Promise<Buffer> {
  return writeWorkbook({
    name: '直播考勤',
    above: [['直播', title]],
    columns: [{ header: '序号', width: 8 }, { header: '账号', width: 20 }, { header: '姓名' }, { header: '观看时长(秒)', width: 14 }, { header: '首次心跳', width: 22 }, { header: '最后心跳', width: 22 }],
    rows: rows.map((r, i) => [i + 1, r.userName, r.realName, r.attendSec, r.firstTime, r.lastTime]),
  });
}
