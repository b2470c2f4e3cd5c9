/** The 用户管理 list's filters and state actions (user-list.ts). */
import { describe, expect, it } from 'vitest';
import { userPagingReq } from '@kaopei/contracts/sys-user-admin';
import { searchParams, stateActionLabel, stateOptions, toggledState, withDept } from './user-list';

describe('user list filters', () => {
  it('drops blank filters, trims the name and keeps the tree department', () => {
    expect(searchParams({}, undefined)).toEqual({});
    expect(searchParams({ userName: '  ', state: null }, undefined)).toEqual({});
    expect(searchParams({ userName: ' 张 ', state: 0 }, 'A01')).toEqual({ userName: '张', state: 0, deptCode: 'A01' });
    expect(searchParams({ state: 2 }, undefined)).toEqual({ state: 2 });
  });

  it('a click in the tree keeps the form filters; no department means every department', () => {
    expect(withDept({ userName: '张', state: 1 }, 'A01A02')).toEqual({ userName: '张', state: 1, deptCode: 'A01A02' });
    expect(withDept({ userName: '张', deptCode: 'A01' }, undefined)).toEqual({ userName: '张' });
    expect(withDept({ deptCode: 'A01' }, 'A02')).toEqual({ deptCode: 'A02' });
  });

  it('builds a paging request the contract accepts', () => {
    const params = searchParams({ userName: 'zs', state: 1 }, 'A01');
    expect(userPagingReq.safeParse({ current: 1, size: 10, params }).success).toBe(true);
  });

  it('offers the numeric states of the user_state dictionary', () => {
    expect(stateOptions([{ value: '0', title: '正常' }, { value: '1', title: '禁用' }, { value: '2', title: '待审核' }, { value: 'x', title: '坏值' }])).toEqual([
      { value: 0, label: '正常' },
      { value: 1, label: '禁用' },
      { value: 2, label: '待审核' },
    ]);
  });
});

describe('user state actions', () => {
  it('disables a normal user, enables a disabled one and approves a pending one', () => {
    expect([toggledState(0), stateActionLabel(0)]).toEqual([1, '禁用']);
    expect([toggledState(1), stateActionLabel(1)]).toEqual([0, '启用']);
    expect([toggledState(2), stateActionLabel(2)]).toEqual([0, '审核通过']);
  });
});
