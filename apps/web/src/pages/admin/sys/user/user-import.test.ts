/** What the user import dialog shows for a finished job (user-import.ts). */
import { describe, expect, it } from 'vitest';
import { JobState } from '@kaopei/contracts/sys-job';
import { outcomeOf } from './user-import';

describe('user import outcome', () => {
  it('counts the imported users', () => {
    expect(outcomeOf({ state: JobState.DONE, message: '', result: { imported: 12, errors: [], totalErrors: 0 } })).toEqual({ kind: 'ok', imported: 12 });
  });

  it('lists the bad rows: nothing was imported', () => {
    const errors = [
      { row: 3, msg: '部门编码不存在：A99' },
      { row: 5, msg: '用户名已存在！' },
    ];
    expect(outcomeOf({ state: JobState.DONE, message: '', result: { imported: 0, errors, totalErrors: 250 } })).toEqual({
      kind: 'refused',
      msg: '导入数据有误，共250处错误，未导入任何用户！',
      errors,
      total: 250,
    });
  });

  it("shows a failed job's message, or a default when it has none or an unreadable result", () => {
    expect(outcomeOf({ state: JobState.FAILED, message: '文件不是有效的xlsx', result: null })).toEqual({ kind: 'error', msg: '文件不是有效的xlsx' });
    expect(outcomeOf({ state: JobState.DONE, message: '', result: { what: 1 } })).toEqual({ kind: 'error', msg: '导入失败！' });
  });
});
