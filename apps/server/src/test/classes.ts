/**
 * Test-only: training classes for the modules that hang off a class (discussions, tasks …): a class
 * created by the built-in admin (department of the admin, signing up open now), learners enrolled
 * through the sign-up call, and an admin-side account whose role sees only its own new department
 * (data scope 1) holding the given permission codes.
 */
import { expect } from 'vitest';
import { departApi } from '@kaopei/contracts/sys-depart';
import { menuApi, type MenuNode } from '@kaopei/contracts/sys-menu';
import { roleApi } from '@kaopei/contracts/sys-role';
import { userAdminApi } from '@kaopei/contracts/sys-user-admin';
import { trainClassApi } from '@kaopei/contracts/train-class';
import type { TestApp } from './app';
import { must, shanghaiTime, uniq } from './builders';

const DAY = 86_400_000;
const PW = 'Test@12345';

/** A new class (no approval, starting in 2 days); answers its id. */
export async function newClass(t: TestApp, admin: string): Promise<string> {
  return must(await t.call<{ id: string }>(trainClassApi.addOrUpdate, { title: uniq('培训班'), classType: 1, startTime: shanghaiTime(2 * DAY), endTime: shanghaiTime(30 * DAY) }, admin)).id;
}

/** A new learner enrolled in `classId` (signed up, no approval needed). */
export async function enrolledLearner(t: TestApp, classId: string): Promise<{ token: string; userId: string; userName: string }> {
  const u = await t.newLearner();
  expect(must(await t.call<{ state: number }>(trainClassApi.apply, { classId }, u.token))).toEqual({ state: 1 });
  return u;
}

/** An admin-side account in a new department whose role (data scope: own department) holds `perms`; answers its token. */
export async function scopedAdmin(t: TestApp, admin: string, perms: string[]): Promise<string> {
  const deptCode = must(await t.call<{ deptCode: string }>(departApi.save, { deptName: uniq('外部门') }, admin)).deptCode;
  const roleId = must(await t.call<{ id: string }>(roleApi.save, { roleName: uniq('部门管理员'), roleLevel: 5, roleType: 2, dataScope: 1 }, admin)).id;
  const flat = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
  const tree = flat(must(await t.call<MenuNode[]>(menuApi.tree, {}, admin)));
  must(await t.call(roleApi.saveMenus, { id: roleId, menuIds: perms.map((c) => tree.find((m) => m.permission === c)?.id) }, admin));
  const userName = uniq('scoped');
  must(await t.call(userAdminApi.save, { userName, realName: '部门管理员', deptCode, roles: [roleId], password: PW }, admin));
  return t.login({ username: userName, password: PW });
}
