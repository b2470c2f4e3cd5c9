/**
 * The user-select dialog's logic (pure, unit-tested; SPEC §2 "user-select dialog", §9 "User dialog:
 * size 10, default state filter '0'", §5 "User selection needs at least one ticked"):
 * - the paging params of the dialog: normal users only (state 0), minus `excludes`, in a department
 *   (with its sub-departments) and matching a name;
 * - a selection that survives paging: ticking on one page never forgets what was ticked on another;
 * - the brief form of a user the dialog answers (what the field control shows).
 */
import { UserState, type UserRecord, type userBrief, type userPagingParams } from '@kaopei/contracts/sys-user-admin';
import type { z } from 'zod';

export type UserBrief = z.infer<typeof userBrief>;

/** SPEC §5 message when the dialog is confirmed with nobody ticked (the spec's text, '！!' included). */
export const SELECT_USER_MSG = '请至少勾选一个用户！!';
/** SPEC §9: the dialog's page size. */
export const USER_DIALOG_SIZE = 10;

/** The paging params of the dialog (state 0 always; blank filters and an empty excludes list dropped). */
export function dialogParams(opts: { deptCode?: string; userName?: string; excludes?: readonly string[] }): z.input<typeof userPagingParams> {
  const userName = opts.userName?.trim();
  return {
    state: UserState.NORMAL,
    ...(opts.excludes?.length ? { excludes: [...new Set(opts.excludes)] } : {}),
    ...(opts.deptCode ? { deptCode: opts.deptCode } : {}),
    ...(userName ? { userName } : {}),
  };
}

/**
 * The selection after the ticks of one page changed: rows of `pageRows` are in it exactly when their
 * id is in `tickedOnPage`; rows of other pages keep their state. Order: earlier picks first.
 */
export function mergePageSelection<T extends { id: string }>(selected: ReadonlyMap<string, T>, pageRows: readonly T[], tickedOnPage: readonly string[]): Map<string, T> {
  const ticked = new Set(tickedOnPage);
  const next = new Map(selected);
  for (const row of pageRows) {
    if (ticked.has(row.id)) {
      if (!next.has(row.id)) next.set(row.id, row);
    } else next.delete(row.id);
  }
  return next;
}

/** The selection without `id`. */
export function withoutId<T>(selected: ReadonlyMap<string, T>, id: string): Map<string, T> {
  const next = new Map(selected);
  next.delete(id);
  return next;
}

/** The brief form of a row of the user list. */
export function briefOf(r: Pick<UserRecord, 'id' | 'userName' | 'realName' | 'deptCode' | 'deptCode_dictText'>): UserBrief {
  return { id: r.id, userName: r.userName, realName: r.realName, deptCode: r.deptCode, deptCode_dictText: r.deptCode_dictText };
}

/** How a chosen user is shown: real name (user name); the user name alone when both are the same or the name is blank. */
export function userLabel(u: Pick<UserBrief, 'userName' | 'realName'>): string {
  return u.realName && u.realName !== u.userName ? `${u.realName}（${u.userName}）` : u.userName;
}

/** `ids` with the users picked in the dialog appended (no duplicates, order kept). */
export function addPicked(ids: readonly string[], picked: readonly { id: string }[]): string[] {
  const out = [...ids];
  for (const p of picked) if (!out.includes(p.id)) out.push(p.id);
  return out;
}

/** The ids among `ids` whose brief is not in `known` yet (to ask /api/sys/user/userList for). */
export function unknownIds(ids: readonly string[], known: ReadonlyMap<string, unknown>): string[] {
  return ids.filter((id) => !known.has(id));
}
