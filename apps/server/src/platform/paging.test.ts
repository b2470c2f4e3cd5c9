/**
 * Every paging call (SPEC §3 list query), found among the registered routes: an absurd page
 * (`{"current":9007199254740991,"size":5000}`, which used to answer HTTP 500 from an offset
 * overflow), booleans, fractions and sizes over 5000 answer 10010001 with a message; `orders` may name
 * only the columns the endpoint allows; the last possible page answers an empty page, not an error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommonError, MAX_PAGE, type JsonEndpoint } from '@kaopei/contracts';
import { z } from 'zod';
import { configApi, type SwitchConfig } from '@kaopei/contracts/sys-config';
import { testApp, type TestApp } from '../test/app';
import { must } from '../test/builders';

let t: TestApp;
let admin: string;
let pagingCalls: JsonEndpoint[];

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
  // Every optional module on (answer battles are off by default and then refuse their calls).
  const switches = must(await t.call<SwitchConfig>(configApi.switchDetail, {}, admin));
  must(await t.call(configApi.switchSave, { ...switches, moduleBattle: true }, admin));
  pagingCalls = t.endpoints
    .map((e) => e.endpoint)
    .filter((e): e is JsonEndpoint => e.kind === 'json' && e.body instanceof z.ZodObject && 'current' in (e.body.shape as object) && 'size' in (e.body.shape as object));
});
afterAll(async () => {
  await t.close();
});

describe('paging calls', () => {
  it('are found among the routes', () => {
    expect(pagingCalls.map((e) => e.path)).toEqual(expect.arrayContaining(['/api/repo/paging', '/api/qu/qu/paging', '/api/exam/exam/paging', '/api/paper/paper/paging', '/api/sys/notice/paging']));
  });

  it('refuse absurd pages, booleans, fractions and oversized pages with 10010001, never HTTP 500', async () => {
    const bad: [object, string][] = [
      [{ current: 9007199254740991, size: 5000 }, `页码必须是1-${MAX_PAGE}之间的整数！`],
      [{ current: true, size: 10 }, `页码必须是1-${MAX_PAGE}之间的整数！`],
      [{ current: 1, size: false }, '每页条数必须是1-5000之间的整数！'],
      [{ current: 1.5 }, `页码必须是1-${MAX_PAGE}之间的整数！`],
      [{ current: 0 }, `页码必须是1-${MAX_PAGE}之间的整数！`],
      [{ size: 5001 }, '每页条数必须是1-5000之间的整数！'],
      [{ size: '1e3' }, '每页条数必须是1-5000之间的整数！'],
      [{ orders: [{ column: 'password', asc: true }] }, ''],
      [{ orders: [{ column: 'id', asc: 'yes' }] }, ''],
    ];
    for (const ep of pagingCalls) {
      for (const [body, msg] of bad) {
        const res = await t.call(ep, body, admin);
        expect(res, `${ep.path} ${JSON.stringify(body)}`).toMatchObject({ status: 200, code: CommonError.BAD_PARAMS.code, success: false });
        if (msg) expect(res.msg, ep.path).toBe(msg);
      }
    }
  });

  it('answer the last possible page, digit strings included, as an empty page', async () => {
    for (const ep of pagingCalls) {
      const res = await t.call<{ records: unknown[]; current: number; size: number }>(ep, { current: String(MAX_PAGE), size: '5000' }, admin);
      expect(res, ep.path).toMatchObject({ code: 0, data: { records: [], current: MAX_PAGE, size: 5000 } });
    }
  });
});
