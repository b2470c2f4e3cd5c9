/**
 * Load harness plumbing (bench/load.mts): JSON calls over one keep-alive HTTP agent, open-loop
 * scheduling, and per-call latency records.
 *
 * Open loop: every request has an intended send time; its latency is measured from that time to
 * the end of its answer, so a server (or harness) that falls behind shows up in the figures instead
 * of silently slowing the offered load down (no coordinated omission).
 */
import http from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

/** The parsed envelope `{code, msg, data}`, or null on a network error, timeout or non-JSON answer. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** A JSON client for one server: POST `path` with a body and an optional token; 60 s timeout like the web client. */
export class Client {
  readonly agent: http.Agent;

  /** `maxSockets`: connections the agent may open at once (each a file descriptor on both sides). */
  constructor(readonly port: number, maxSockets: number) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets, scheduling: 'fifo' });
  }

  /** POSTs JSON; resolves the parsed envelope, or null on a transport failure (never rejects). */
  post<T = unknown>(path: string, body: object, token?: string): Promise<Envelope<T> | null> {
    return new Promise((resolve) => {
      const payload = JSON.stringify(body);
      const headers: http.OutgoingHttpHeaders = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) };
      if (token) headers.token = token;
      const req = http.request({ host: '127.0.0.1', port: this.port, path, method: 'POST', agent: this.agent, timeout: 60_000, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Envelope<T>);
          } catch {
            resolve(null);
          }
        });
        res.on('error', () => resolve(null));
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => resolve(null));
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** Latencies (ms) and outcomes of one call in one phase. */
export class CallStats {
  readonly latencies: number[] = [];
  ok = 0;
  /** Non-zero codes by code (business refusals), and transport failures under code -1. */
  readonly errors = new Map<number, number>();
  firstAt = Infinity;
  lastAt = 0;

  constructor(readonly name: string) {}

  /** Records one answer: `intended` the intended send time (performance.now() ms), `code` -1 for a transport failure. */
  add(intended: number, code: number): void {
    const end = performance.now();
    this.latencies.push(end - intended);
    this.firstAt = Math.min(this.firstAt, intended);
    this.lastAt = Math.max(this.lastAt, end);
    if (code === 0) this.ok++;
    else this.errors.set(code, (this.errors.get(code) ?? 0) + 1);
  }

  get count(): number {
    return this.latencies.length;
  }

  /** p-th percentile latency in ms (nearest rank), 0 when empty. */
  pct(p: number): number {
    if (!this.latencies.length) return 0;
    const s = [...this.latencies].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
  }

  get max(): number {
    return this.latencies.reduce((m, v) => Math.max(m, v), 0);
  }

  /** Answers per second between the first intended send and the last answer. */
  get throughput(): number {
    return this.count && this.lastAt > this.firstAt ? (this.count * 1000) / (this.lastAt - this.firstAt) : 0;
  }

  errorText(): string {
    return [...this.errors].map(([c, n]) => `${c === -1 ? 'net' : c}×${n}`).join(' ') || '0';
  }
}

/** Every CallStats of a run, keyed `phase/call`, in creation order. */
export class Stats {
  readonly all = new Map<string, CallStats>();

  of(phase: string, call: string): CallStats {
    const key = `${phase}/${call}`;
    let s = this.all.get(key);
    if (!s) this.all.set(key, (s = new CallStats(key)));
    return s;
  }
}

/** Calls `post` and records it in `stats` from `intended` (default: now); answers the envelope (null on transport failure). */
export async function timed<T>(stats: CallStats, send: () => Promise<Envelope<T> | null>, intended = performance.now()): Promise<Envelope<T> | null> {
  const res = await send();
  stats.add(intended, res ? res.code : -1);
  return res;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)));

/**
 * Runs `jobs` open loop: each job's `fn` is called at its time `at` (performance.now() ms) with
 * that intended time, without waiting for earlier jobs to finish. Resolves when every job has
 * finished. Jobs need not be sorted.
 */
export async function openLoop(jobs: { at: number; fn: (intended: number) => Promise<unknown> }[]): Promise<void> {
  const sorted = [...jobs].sort((a, b) => a.at - b.at);
  const running: Promise<unknown>[] = [];
  let i = 0;
  while (i < sorted.length) {
    const nowMs = performance.now();
    while (i < sorted.length && sorted[i]!.at <= nowMs) {
      const job = sorted[i++]!;
      running.push(job.fn(job.at).catch(() => undefined));
    }
    if (i < sorted.length) await sleep(Math.min(sorted[i]!.at - performance.now(), 20));
  }
  await Promise.all(running);
}

/**
 * Runs `worker` closed loop on `concurrency` lanes for `ms` milliseconds (a lane starts its next
 * call when the previous one answered); answers the calls completed. Used for max-throughput rounds.
 */
export async function closedLoop(concurrency: number, ms: number, worker: (lane: number) => Promise<unknown>): Promise<number> {
  const end = performance.now() + ms;
  let done = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, lane) => {
      while (performance.now() < end) {
        await worker(lane).catch(() => undefined);
        done++;
      }
    }),
  );
  return done;
}

/** The harness's own event-loop delay (a stalled harness inflates every latency it measures). */
export class LoopWatch {
  private readonly h = monitorEventLoopDelay({ resolution: 10 });

  constructor() {
    this.h.enable();
  }

  /** Max delay (ms) since the previous read, then resets. */
  take(): number {
    const max = this.h.max / 1e6;
    this.h.reset();
    return Number.isFinite(max) ? max : 0;
  }
}
