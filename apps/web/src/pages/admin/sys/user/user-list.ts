/**
 * The 用户管理 list's filters and state actions (pure, unit-tested; SPEC §4 user state, §7
 * /api/sys/user/paging params state, deptCode, userName).
 *
 * - The filter form (name, state) and the department tree make one set of params: the form's
 *   search keeps the tree's department, a click in the tree keeps the form's filters. A department
 *   means it and its sub-departments (the server matches the deptCode prefix).
 * - The export sends the same params as the list shows (SPEC §7 export "筛选条件同列表").
 * - State: 0 normal, 1 disabled, 2 pending review. The row action flips normal ↔ disabled and
 *   approves a pending user (→ normal); the batch actions 启用 / 禁用 set 0 / 1 (the contracts'
 *   UserState; SPEC §4's "enable sets 1, disable sets 0" reads the flag the other way round).
 */
import { UserState, type userPagingParams } from '@kaopei/contracts/sys-user-admin';
import type { z } from 'zod';

export type UserPagingParams = z.input<typeof userPagingParams>;

/** The filter form's values. */
export interface UserSearchValues {
  userName?: string;
  state?: number | null;
}

/** Options of the state filter from the user_state dictionary's entries (their values are the numeric states). */
export function stateOptions(items: readonly { value: string; title: string }[]): { value: number; label: string }[] {
  return items.filter((i) => /^\d$/.test(i.value)).map((i) => ({ value: Number(i.value), label: i.title }));
}

/** The list's params of the filter form's values and the tree's department (blank filters dropped). */
export function searchParams(v: UserSearchValues, deptCode: string | undefined): UserPagingParams {
  const userName = v.userName?.trim();
  return {
    ...(userName ? { userName } : {}),
    ...(v.state !== undefined && v.state !== null ? { state: v.state } : {}),
    ...(deptCode ? { deptCode } : {}),
  };
}

/** `params` with the department of the tree (none: every department). */
export function withDept(params: UserPagingParams, deptCode: string | undefined): UserPagingParams {
  const { deptCode: _old, ...rest } = params;
  return deptCode ? { ...rest, deptCode } : rest;
}

/** The state a row's state action sets: disabled → normal, pending → normal, normal → disabled. */
export function toggledState(state: number): 0 | 1 {
  return state === UserState.NORMAL ? UserState.DISABLED : UserState.NORMAL;
}

/** The label of a row's state action. */
export function stateActionLabel(state: number): string {
  if (state === UserState.NORMAL) return '禁用';
  if (state === UserState.PENDING) return '审核通过';
  return '启用';
}

/** Tag colour of a state. */
export function stateColor(state: number): string {
  if (state === UserState.NORMAL) return 'green';
  if (state === UserState.PENDING) return 'orange';
  return 'default';
}
