/** The user-select dialog's logic (user-selection.ts). */
import { describe, expect, it } from 'vitest';
import { userPagingReq } from '@kaopei/contracts/sys-user-admin';
import { addPicked, briefOf, dialogParams, mergePageSelection, SELECT_USER_MSG, unknownIds, USER_DIALOG_SIZE, userLabel, withoutId } from './user-selection';

const u = (id: string) => ({ id, userName: `u${id}`, realName: `用户${id}`, deptCode: 'A01', deptCode_dictText: '默认部门' });
const ids = (m: ReadonlyMap<string, unknown>) => [...m.keys()];

describe('user-select dialog params', () => {
  it('asks for normal users only, without the excluded ones, in a department and by name', () => {
    expect(dialogParams({})).toEqual({ state: 0 });
    expect(dialogParams({ deptCode: 'A01', userName: ' 张 ', excludes: ['1', '2', '1'] })).toEqual({ state: 0, excludes: ['1', '2'], deptCode: 'A01', userName: '张' });
    expect(dialogParams({ userName: '  ', excludes: [] })).toEqual({ state: 0 });
    expect(userPagingReq.safeParse({ current: 1, size: USER_DIALOG_SIZE, params: dialogParams({ excludes: ['1234567890123456789'] }) }).success).toBe(true);
    expect(USER_DIALOG_SIZE).toBe(10);
    expect(SELECT_USER_MSG).toBe('请至少勾选一个用户！!');
  });
});

describe('selection across pages', () => {
  it('keeps the ticks of other pages when one page changes', () => {
    const page1 = [u('1'), u('2'), u('3')];
    const page2 = [u('4'), u('5')];
    let s = mergePageSelection(new Map(), page1, ['1', '3']);
    expect(ids(s)).toEqual(['1', '3']);
    s = mergePageSelection(s, page2, ['5']);
    expect(ids(s)).toEqual(['1', '3', '5']);
    // back on page 1, unticking 1 and ticking 2 leaves page 2 alone
    s = mergePageSelection(s, page1, ['2', '3']);
    expect(ids(s)).toEqual(['3', '5', '2']);
    // antd passes the preserved keys of other pages too: they change nothing
    s = mergePageSelection(s, page2, ['3', '2']);
    expect(ids(s)).toEqual(['3', '2']);
    expect(ids(withoutId(s, '3'))).toEqual(['2']);
  });

  it('never mutates the selection it was given', () => {
    const before = new Map([['1', u('1')]]);
    mergePageSelection(before, [u('1')], []);
    expect(ids(before)).toEqual(['1']);
  });
});

describe('the user field', () => {
  it('appends picked users once, in order', () => {
    expect(addPicked(['1'], [u('2'), u('1'), u('3')])).toEqual(['1', '2', '3']);
  });

  it('asks the server only for the names it does not know', () => {
    expect(unknownIds(['1', '2', '3'], new Map([['2', u('2')]]))).toEqual(['1', '3']);
  });

  it('shows real name and user name', () => {
    expect(userLabel(u('7'))).toBe('用户7（u7）');
    expect(userLabel({ userName: 'zs', realName: '' })).toBe('zs');
    expect(userLabel({ userName: 'zs', realName: 'zs' })).toBe('zs');
    expect(briefOf({ ...u('8'), mobile: '1', email: '', state: 0, state_dictText: '正常', roleNames: [], createTime: '' } as never)).toEqual(u('8'));
  });
});
