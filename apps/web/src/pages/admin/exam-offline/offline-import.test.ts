import { describe, expect, it } from 'vitest';
import { JobState } from '@kaopei/contracts/sys-job';
import { offlineOutcomeOf } from './offline-import';

describe('offlineOutcomeOf', () => {
  it('reads a successful import, a refused one and a failed job', () => {
    expect(offlineOutcomeOf({ state: JobState.DONE, message: '', result: { imported: 2, unchanged: 1, errors: [], totalErrors: 0 } })).toEqual({ kind: 'ok', imported: 2, unchanged: 1 });
    expect(offlineOutcomeOf({ state: JobState.DONE, message: '', result: { imported: 0, unchanged: 0, errors: [{ row: 3, msg: '第3行：账号不存在：x！' }], totalErrors: 250 } })).toEqual({
      kind: 'refused',
      msg: '导入数据有误，共250处错误，未导入任何成绩！',
      errors: [{ row: 3, msg: '第3行：账号不存在：x！' }],
      total: 250,
    });
    expect(offlineOutcomeOf({ state: JobState.FAILED, message: '导入文件已过期，请重新上传！', result: null })).toEqual({ kind: 'error', msg: '导入文件已过期，请重新上传！' });
  });
});
