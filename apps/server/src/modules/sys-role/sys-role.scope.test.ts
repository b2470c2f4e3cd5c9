/**
 * Data scope of roles (issue 6 "dept-subtree data scope"): the role field through the API (save,
 * detail, list, bad values refused with '数据范围不正确！' and nothing written), `dataScopeOf` for
 * every mix of roles (all data, own department subtree, both, learner only, no role), and its
 * cache: a role change shows at once in this process (also when a load was under way) and, through
 * the bus, in a second server
 * process on the same database (with TEST_REDIS_URL: at once; without Redis: after ROLE_CACHE_MS at
 * the latest).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@kaopei/contracts';
import { DataScope, roleApi, type RoleRecord } from '@kaopei/contracts/sys-role';
import { testApp, type TestApp } from '../../test/app';
import { must, uniq } from '../../test/builders';
import { newId } from '../../lib/ids';
import { advanceClock } from '../../lib/time';
import { ROLE_ADMIN_ID, ROLE_STUDENT_ID } from './sys-role.constants';
import { ROLE_CACHE_MS } from './sys-role.service';

const REDIS = process.env.TEST_REDIS_URL;
let t: TestApp;
/** A second server process on the same database (and the same Redis when TEST_REDIS_URL is set). */
let t2: TestApp;
let admin: string;

const save = async (body: object) => must(await t.call<{ id: string }>(roleApi.save, body, admin)).id;
const detail = async (id: string) => must(await t.call<RoleRecord>(roleApi.detail, { id }, admin));
const list = async () => must(await t.call<RoleRecord[]>(roleApi.list, {}, admin));
const newRole = (roleType: 1 | 2, dataScope?: number) => save({ roleName: uniq('范围'), roleLevel: 1, roleType, ...(dataScope === undefined ? {} : { dataScope }) });
const scopeOf = (roleIds: string[], deptCode = 'A01A02', app: TestApp = t) => app.services.sysRole.dataScopeOf({ roleIds, deptCode });

beforeAll(async () => {
  const redis: Record<string, string> = REDIS ? { REDIS_URL: REDIS, REDIS_PREFIX: `kt${randomBytes(5).toString('hex')}` } : {};
  t = await testApp(redis);
  const shared: Record<string, string> = t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : { DATA_DIR: t.config.dataDir };
  t2 = await testApp({ ...redis, ...shared });
  admin = await t.login();
});
afterAll(async () => {
  await t2?.close();
  await t?.close();
});

describe('the role field dataScope', () => {
  it('is saved, detailed and listed with its label; absent, it is 0 for a new role and unchanged on update', async () => {
    const id = await newRole(2, DataScope.DEPT);
    expect(await detail(id)).toMatchObject({ dataScope: 1, dataScope_dictText: '本部门及下级部门' });
    expect((await list()).find((r) => r.id === id)).toMatchObject({ dataScope: 1, dataScope_dictText: '本部门及下级部门' });
    const { roleName } = await detail(id);
    await save({ id, roleName, roleLevel: 3, roleType: 2 });
    expect(await detail(id)).toMatchObject({ roleLevel: 3, dataScope: 1 });
    await save({ id, roleName, roleLevel: 3, roleType: 2, dataScope: 0 });
    expect(await detail(id)).toMatchObject({ dataScope: 0, dataScope_dictText: '全部数据' });
    expect(await detail(await newRole(2))).toMatchObject({ dataScope: 0, dataScope_dictText: '全部数据' });
    // The built-in roles start with all data.
    expect(await detail(ROLE_ADMIN_ID)).toMatchObject({ dataScope: 0 });
    expect(await detail(ROLE_STUDENT_ID)).toMatchObject({ dataScope: 0 });
  });

  it("refuses bad values with '数据范围不正确！' and writes nothing", async () => {
    const id = await newRole(2, DataScope.DEPT);
    const before = await list();
    const current = await detail(id);
    for (const dataScope of [2, -1, 0.5, '1', '', null, true, [1], { v: 1 }]) {
      const create = { roleName: uniq('坏范围'), roleLevel: 1, roleType: 2, dataScope };
      expect(await t.call(roleApi.save, create, admin), JSON.stringify(dataScope)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '数据范围不正确！', success: false });
      const update = { id, roleName: `${current.roleName}改`, roleLevel: 2, roleType: 2, dataScope };
      expect(await t.call(roleApi.save, update, admin), JSON.stringify(dataScope)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '数据范围不正确！', success: false });
    }
    expect(await list()).toEqual(before);
    expect(await detail(id)).toEqual(current);
  });
});

describe('sysRole.dataScopeOf', () => {
  it('answers null for all data, the user department for a limited admin, and the widest of several roles', async () => {
    const all = await newRole(2, DataScope.ALL);
    const dept = await newRole(2, DataScope.DEPT);
    const dept2 = await newRole(2, DataScope.DEPT);
    const learnerDept = await newRole(1, DataScope.DEPT);
    expect(await scopeOf([all])).toBeNull();
    expect(await scopeOf([dept])).toBe('A01A02');
    expect(await scopeOf([dept, dept2], 'A03')).toBe('A03');
    expect(await scopeOf([dept, all])).toBeNull();
    expect(await scopeOf([all, dept])).toBeNull();
    expect(await scopeOf([ROLE_ADMIN_ID, dept])).toBeNull();
    // Learner-side roles have no data scope: they neither limit nor widen an admin role.
    expect(await scopeOf([ROLE_STUDENT_ID])).toBeNull();
    expect(await scopeOf([learnerDept])).toBeNull();
    expect(await scopeOf([dept, ROLE_STUDENT_ID])).toBe('A01A02');
    expect(await scopeOf([dept, learnerDept])).toBe('A01A02');
    // No role, or only roles that do not exist (any more): nothing to limit.
    expect(await scopeOf([])).toBeNull();
    expect(await scopeOf(['1234567890123456789'])).toBeNull();
    expect(await scopeOf([dept, '1234567890123456789'])).toBe('A01A02');
    // A limited admin without a department: '' (deptScope keeps nothing).
    expect(await scopeOf([dept], '')).toBe('');
  });

  it("answers the session user's department for a logged-in limited administrator", async () => {
    const role = await newRole(2, DataScope.DEPT);
    const u = await t.newLearner('scope');
    await t.db.deleteFrom('sys_user_role').where('userId', '=', u.userId).execute();
    await t.db.insertInto('sys_user_role').values({ id: newId(), userId: u.userId, roleId: role }).execute();
    await t.db.updateTable('sys_user').set({ deptCode: 'A01A07' }).where('id', '=', u.userId).execute();
    const user = await t.services.sysUser.resolveSession(u.token);
    expect(user).toMatchObject({ roleType: 2, roleIds: [role], deptCode: 'A01A07' });
    expect(await t.services.sysRole.dataScopeOf(user as NonNullable<typeof user>)).toBe('A01A07');
    const learner = await t.services.sysUser.resolveSession((await t.newLearner('scope')).token);
    expect(await t.services.sysRole.dataScopeOf(learner as NonNullable<typeof learner>)).toBeNull();
  });
});

describe('the data scope cache', () => {
  it('is served from the role cache and follows every role save at once', async () => {
    const id = await newRole(2, DataScope.DEPT);
    const { roleName } = await detail(id);
    expect(await scopeOf([id])).toBe('A01A02');
    // A change behind the service's back (another process without Redis) waits for the cache bound.
    await t.db.updateTable('sys_role').set({ dataScope: DataScope.ALL }).where('id', '=', id).execute();
    expect(await scopeOf([id])).toBe('A01A02');
    advanceClock(ROLE_CACHE_MS + 1);
    expect(await scopeOf([id])).toBeNull();
    // Saves through the service drop the cache at once: scope, then type.
    await save({ id, roleName, roleLevel: 1, roleType: 2, dataScope: DataScope.DEPT });
    expect(await scopeOf([id])).toBe('A01A02');
    await save({ id, roleName, roleLevel: 1, roleType: 1 });
    expect(await scopeOf([id])).toBeNull();
    await save({ id, roleName, roleLevel: 1, roleType: 2 });
    expect(await scopeOf([id])).toBe('A01A02');
  });

  it('does not keep what a load read before a role change that happened while it ran', async () => {
    const id = await newRole(2, DataScope.DEPT);
    const menus = t.services.sysMenu;
    const original = menus.permissionsByRole.bind(menus);
    let release = () => {};
    let entered = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const inside = new Promise<void>((r) => (entered = r));
    menus.permissionsByRole = async (ids) => {
      entered();
      await gate;
      return original(ids);
    };
    try {
      const pending = scopeOf([id]);
      await inside;
      // The role row is read meanwhile (DataScope.DEPT); then the role changes and the caches drop.
      await new Promise((r) => setTimeout(r, 200));
      await t.db.updateTable('sys_role').set({ dataScope: DataScope.ALL }).where('id', '=', id).execute();
      await t.services.sysRole.grantsChanged();
      release();
      expect(await pending).toBe('A01A02');
    } finally {
      menus.permissionsByRole = original;
    }
    expect(await scopeOf([id])).toBeNull();
  });

  it(`reaches a second server process on the same database ${REDIS ? 'at once (Redis bus)' : `within ROLE_CACHE_MS (${ROLE_CACHE_MS} ms; no Redis)`}`, async () => {
    const id = await newRole(2, DataScope.DEPT);
    const { roleName } = await detail(id);
    expect(await scopeOf([id], 'A05', t2)).toBe('A05');
    await save({ id, roleName, roleLevel: 1, roleType: 2, dataScope: DataScope.ALL });
    if (REDIS) {
      // Pub/sub is asynchronous: the message reaches the other process within moments.
      await expect.poll(() => scopeOf([id], 'A05', t2), { timeout: 5000, interval: 20 }).toBeNull();
    } else {
      expect(await scopeOf([id], 'A05', t2)).toBe('A05');
      advanceClock(ROLE_CACHE_MS + 1);
      expect(await scopeOf([id], 'A05', t2)).toBeNull();
    }
    await save({ id, roleName, roleLevel: 1, roleType: 2, dataScope: DataScope.DEPT });
    if (REDIS) await expect.poll(() => scopeOf([id], 'A05', t2), { timeout: 5000, interval: 20 }).toBe('A05');
  });
});
