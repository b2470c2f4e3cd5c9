/**
 * The permission matrix (SPEC §6), generated from every route the modules registered, so a new
 * domain is covered the moment it adds a call:
 * - every non-public call without a token answers 10010002 (JSON, uploads and downloads alike);
 * - every call that demands a permission code answers 10010004 to a learner, before its body is read;
 * - a learner cannot reach another learner's objects: each module declares the objects a learner
 *   owns and the calls that take their ids; learner A makes one, learner B is refused on every
 *   call, and A still can use it. Every learner call that takes an id must be declared either as
 *   such a call or as taking the id of something all learners may see (`sharedIds`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessCodes, CommonError, type Endpoint } from '@kaopei/contracts';
import { z } from 'zod';
import { LEARNER, testApp, type TestApp } from '../test/app';
import { multipart } from '../test/builders';

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
