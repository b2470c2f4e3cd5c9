/** The request helper tells a server that cannot be reached from a server that answered (the exam's answer queue resends only the first). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paperApi } from '@kaopei/contracts/paper';

const notified: string[] = [];
vi.mock('../utils/feedback', () => ({ notifyError: (msg: string) => void notified.push(msg) }));
vi.mock('../utils/token', () => ({ getToken: () => 't', removeToken: () => undefined }));

const { ApiError, call, isUnreachable } = await import('./request');

const body = { paperId: 'p', quId: 'q', answers: [], answer: '' };

function answer(status: number, json: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  notified.length = 0;
});

describe('call: unreachable vs answered', () => {
  it('no response (network down) → code -1, status 0, unreachable, SPEC §8 message unless quietUnreachable', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const err: unknown = await call(paperApi.fillAnswer, body).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: -1, status: 0, message: '服务器无法连接或无法响应！' });
    expect(isUnreachable(err)).toBe(true);
    expect(notified).toEqual(['服务器无法连接或无法响应！']);
    await call(paperApi.fillAnswer, body, { quietUnreachable: true }).catch(() => undefined);
    expect(notified).toHaveLength(1);
  });

  it('an HTTP error or a business code is an answer of the server, not unreachable', async () => {
    vi.stubGlobal('fetch', answer(502, {}));
    const bad = await call(paperApi.fillAnswer, body, { quietUnreachable: true }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ code: -1, status: 502, message: '无法连接到服务器。' });
    expect(isUnreachable(bad)).toBe(false);
    expect(notified).toEqual(['无法连接到服务器。']);

    vi.stubGlobal('fetch', answer(200, { code: 20010005, msg: '试卷已交卷', data: null, success: false }));
    const refused = await call(paperApi.fillAnswer, body, { quiet: true }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 20010005, status: 200 });
    expect(isUnreachable(refused)).toBe(false);
  });
});
