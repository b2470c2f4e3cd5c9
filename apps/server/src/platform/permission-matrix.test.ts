/**
 * The permission matrix (SPEC §6), generated from every route the modules registered, so a new
 * domain is covered the moment it adds a call:
 * - every non-public call without a token answers 10010002 (JSON, uploads and downloads alike);
 * - every call that demands a permission code answers 10010004 to a learner, before its body is read,
 *   and to an administrator (a roleType 2 role) granted no menus, or granted every menu except the
 *   function menus carrying the call's codes;
 * - a learner cannot reach another learner's objects: each module declares the objects a learner
 *   owns and the calls that take their ids; learner A makes one, learner B is refused on every
 *   call, and A still can use it. Every learner call that takes an id must be declared either as
 *   such a call or as taking the id of something all learners may see (`sharedIds`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessCodes, CommonError, RoleType, type Endpoint } from '@kaopei/contracts';
import { menuApi, type MenuNode } from '@kaopei/contracts/sys-menu';
import { roleApi } from '@kaopei/contracts/sys-role';
import { userApi, type SessionUser } from '@kaopei/contracts/sys-user';
import { z } from 'zod';
import { newId } from '../lib/ids';
import { LEARNER, testApp, type TestApp } from '../test/app';
import { must, multipart, uniq } from '../test/builders';

let t: TestApp;
let learner: string;

beforeAll(async () => {
  t = await testApp();
  learner = await t.login(LEARNER);
});
afterAll(async () => {
  await t.close();
});

/** Calls an endpoint of any kind with `token` and a body that does not matter; answers the parsed JSON answer. */
async function hit(ep: Endpoint, token?: string): Promise<{ status: number; body: { code?: number; data?: unknown } }> {
  const headers: Record<string, string> = token ? { token } : {};
  let res;
  if (ep.kind === 'upload') {
    const { payload, contentType } = await multipart({}, { field: ep.file.field, name: `x${ep.file.accept[0] ?? ''}`, data: Buffer.from('x') });
    res = await t.app.inject({ method: 'POST', url: ep.path, payload, headers: { ...headers, 'content-type': contentType } });
  } else if (ep.kind === 'download' && ep.method === 'GET') {
    res = await t.app.inject({ method: 'GET', url: ep.path, headers });
  } else {
    res = await t.app.inject({ method: 'POST', url: ep.path, payload: {}, headers });
  }
  return { status: res.statusCode, body: res.json() as { code?: number; data?: unknown } };
}

describe('every registered route', () => {
  it('covers the routes of every module', () => {
    expect(t.endpoints.length).toBeGreaterThan(25);
    expect(new Set(t.endpoints.map((e) => e.module)).size).toBeGreaterThan(6);
  });

  it('answers 10010002 without a token unless it is public', async () => {
    for (const { module, endpoint } of t.endpoints.filter((e) => e.endpoint.access !== 'public')) {
      const res = await hit(endpoint);
      expect(res, `${module} ${endpoint.path}`).toEqual({ status: 200, body: { code: CommonError.NOT_LOGGED_IN.code, msg: CommonError.NOT_LOGGED_IN.msg, data: null, success: false } });
    }
  });

  it('answers 10010004 to a learner on every call that demands a permission code', async () => {
    const session = await t.call<{ permissions: string[] }>('/api/sys/user/info', {}, learner);
    const adminCalls = t.endpoints.filter((e) => accessCodes(e.endpoint.access).length > 0);
    expect(adminCalls.length).toBeGreaterThan(15);
    for (const { module, endpoint } of adminCalls) {
      expect(accessCodes(endpoint.access).some((c) => session.data?.permissions.includes(c)), `learners hold a code of ${endpoint.path}`).toBe(false);
      const res = await hit(endpoint, learner);
      expect(res, `${module} ${endpoint.path}`).toEqual({ status: 200, body: { code: CommonError.NO_PERMISSION.code, msg: CommonError.NO_PERMISSION.msg, data: null, success: false } });
    }
  });
});

describe('an administrator whose role lacks the code', () => {
  const refused = { status: 200, body: { code: CommonError.NO_PERMISSION.code, msg: CommonError.NO_PERMISSION.msg, data: null, success: false } };
  let roleId: string;
  let token: string;
  let menus: MenuNode[];
  const flat = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
  const permissions = async () => must(await t.call<SessionUser>(userApi.info, {}, token)).permissions;

  beforeAll(async () => {
    const admin = await t.login();
    menus = flat(must(await t.call<MenuNode[]>(menuApi.tree, {}, admin)));
    roleId = must(await t.call<{ id: string }>(roleApi.save, { roleName: uniq('无权管理员'), roleLevel: 1, roleType: RoleType.ADMIN }, admin)).id;
    // A registered account whose only role becomes the new admin-side role (user administration is
    // another module's: its tables are written here directly, as a fixture).
    const u = await t.newLearner('noperm');
    await t.db.deleteFrom('sys_user_role').where('userId', '=', u.userId).execute();
    await t.db.insertInto('sys_user_role').values({ id: newId(), userId: u.userId, roleId }).execute();
    token = u.token;
  });

  it('answers 10010004 on every call that demands a code when the role is granted no menus', async () => {
    await t.services.sysRole.saveMenus(roleId, []);
    expect(must(await t.call<SessionUser>(userApi.info, {}, token))).toMatchObject({ roleType: RoleType.ADMIN, permissions: [] });
    for (const { module, endpoint } of t.endpoints.filter((e) => accessCodes(e.endpoint.access).length > 0)) {
      expect(await hit(endpoint, token), `${module} ${endpoint.path}`).toEqual(refused);
    }
  });

  it("answers 10010004 on every call that demands a code when the role is granted every menu but its codes' function menus", async () => {
    // Calls grouped by the codes they accept: one grant per group.
    const groups = new Map<string, Endpoint[]>();
    for (const { endpoint } of t.endpoints) {
      const codes = accessCodes(endpoint.access);
      if (!codes.length) continue;
      const key = [...codes].sort().join(' ');
      groups.set(key, [...(groups.get(key) ?? []), endpoint]);
    }
    expect(groups.size).toBeGreaterThan(15);
    const allCodes = new Set(menus.flatMap((m) => (m.permission ? [m.permission] : [])));
    for (const [key, endpoints] of groups) {
      const codes = key.split(' ');
      await t.services.sysRole.saveMenus(roleId, menus.filter((m) => !codes.includes(m.permission)).map((m) => m.id));
      const held = await permissions();
      // Everything else is held, so the refusal below is for exactly these codes.
      expect(held, key).toEqual([...allCodes].filter((c) => !codes.includes(c)).sort());
      for (const endpoint of endpoints) expect(await hit(endpoint, token), `${endpoint.path} without ${key}`).toEqual(refused);
    }
  });
});

describe("learner-owned objects (each module's `owned`)", () => {
  const owned = () => t.modules.flatMap((m) => (m.owned ?? []).map((o) => ({ module: m.name, ...o })));

  it('declares, for every learner call that takes an id, whether the id is of an owned object or of something shared', () => {
    const declared = new Set<Endpoint>([...owned().flatMap((o) => o.calls.map((c) => c.endpoint)), ...t.modules.flatMap((m) => m.sharedIds ?? [])]);
    for (const { module, endpoint } of t.endpoints) {
      if (endpoint.kind !== 'json' || endpoint.access !== 'user') continue;
      const shape = endpoint.body instanceof z.ZodObject ? Object.keys(endpoint.body.shape as object) : [];
      const ids = shape.filter((k) => k === 'id' || k === 'ids' || /Ids?$/.test(k));
      if (ids.length) expect(declared.has(endpoint), `${module} ${endpoint.path} takes ${ids.join(', ')}: declare it in owned[].calls or sharedIds`).toBe(true);
    }
  });

  it("refuses learner B on every call that takes learner A's object, and leaves it to A", async () => {
    const list = owned();
    expect(list.map((o) => o.kind)).toEqual(expect.arrayContaining(['paper', 'job']));
    const a = await t.newLearner('own');
    const b = await t.newLearner('oth');
    for (const o of list) {
      const id = await o.create({ services: t.services, jobs: t.jobs }, a.userId);
      for (const c of o.calls) {
        const res = await t.call(c.endpoint, c.body(id), b.token);
        expect(res, `${o.module} ${o.kind}: B on ${c.endpoint.path}`).toMatchObject({ success: false, data: null });
        expect([CommonError.NOT_FOUND.code, CommonError.NO_PERMISSION.code], `${c.endpoint.path} answered ${res.code} ${res.msg}`).toContain(res.code);
      }
      // The refusals changed nothing for the owner: A's first read call still answers.
      const read = o.calls[0];
      if (read) expect((await t.call(read.endpoint, read.body(id), a.token)).code, `${o.kind}: A on ${read.endpoint.path}`).toBe(0);
    }
  });
});
