/**
 * A tiny typed client of the Kaopei API for journey setup and for checks that read the server's
 * own records: the contracts' endpoint objects, POST JSON with header `token`, envelope
 * `{code, msg, data, success}`.
 */
import type { z } from 'zod';
import type { Envelope, JsonEndpoint } from '@kaopei/contracts';
import { paperApi, type PaperRecord } from '@kaopei/contracts/paper';
import { repoApi, type RepoRecord } from '@kaopei/contracts/repo';
import { userApi } from '@kaopei/contracts/sys-user';
import { parseTime } from '../../apps/server/src/lib/time';

export const DEMO_ADMIN = { username: 'admin', password: 'Admin@123456' } as const;
export const DEMO_LEARNER = { username: 'learner', password: 'Learner@123456' } as const;

export class ApiError extends Error {
  constructor(
    readonly path: string,
    readonly code: number,
    msg: string,
  ) {
    super(`${path} answered code ${code}: ${msg}`);
  }
}

export class Api {
  constructor(
    readonly baseUrl: string,
    readonly token = '',
  ) {}

  /** POSTs `body` to a path and answers `data`; throws ApiError when code ≠ 0. */
  private async post<T>(path: string, body: unknown): Promise<T> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.token ? { token: this.token } : {}) },
      body: JSON.stringify(body),
    });
    const env = (await res.json()) as Envelope<T>;
    if (env.code !== 0) throw new ApiError(path, env.code, env.msg);
    return env.data as T;
  }

  /** Calls a JSON endpoint and answers its `data`; throws ApiError when code ≠ 0. */
  call<E extends JsonEndpoint>(endpoint: E, body: z.input<E['body']>): Promise<z.output<E['data']>> {
    return this.post(endpoint.path, body);
  }

  /** Moves the server clock forward (servers started with KAOPEI_TEST_CLOCK=true); answers the server's now (epoch ms). */
  async advanceClock(ms: number): Promise<number> {
    return (await this.post<{ now: number }>('/api/test/clock/advance', { ms })).now;
  }

  /** Logs in and answers a client carrying the session token. */
  static async login(baseUrl: string, user: { username: string; password: string }): Promise<Api> {
    const session = await new Api(baseUrl).call(userApi.login, user);
    return new Api(baseUrl, session.token);
  }

  /** The bank titled exactly `title` (throws when there is none). */
  async repoByTitle(title: string): Promise<RepoRecord> {
    const page = await this.call(repoApi.paging, { current: 1, size: 100, params: { title } });
    const hit = page.records.find((r) => r.title === title);
    if (!hit) throw new Error(`no bank titled ${title} (have: ${page.records.map((r) => r.title).join(', ')})`);
    return hit;
  }

  /** The caller's papers, newest first as the server orders them. */
  async myPapers(examId?: string): Promise<PaperRecord[]> {
    const page = await this.call(paperApi.paging, { current: 1, size: 100, params: examId ? { examId } : {} });
    return page.records;
  }
}

/** A unique, valid learner user name (letters and digits, 2–32 chars). */
export function uniqueUserName(prefix = 'e2e'): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/** `yyyy-MM-dd HH:mm:ss` (Asia/Shanghai, as the API writes times) → epoch ms (the server's own parser). */
export function parseApiTime(s: string): number {
  const ms = parseTime(s);
  if (ms === null) throw new Error(`not an API time: ${s}`);
  return ms;
}
