/**
 * The simulated crowd (bench/load.mts): N learners over real HTTP and WebSockets, each phase open
 * loop (load/http.mts). Every fill-answer sent is logged with its outcome so that the end check
 * (load/check.mts) can tell whether each acknowledged answer was stored.
 */
import { performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import { Client, closedLoop, openLoop, sleep, Stats, timed, type Envelope } from './http.mts';

export interface Learner {
  i: number;
  userName: string;
  userId: string;
  token: string;
  paperId: string;
  /** The paper's questions in answer-card order. */
  qus: { quId: string; quType: number }[];
  /** Option ids of the questions whose qu-detail arrived. */
  options: Map<string, string[]>;
  /** Index of the next question to answer. */
  next: number;
  socket: WebSocket | null;
}

/** One fill-answer sent: the options chosen and what came back (`pending` until it answered). */
export interface SentAnswer {
  answers: string[];
  state: 'pending' | 'ok' | 'failed';
}

/** Every fill-answer sent, per `paperId|quId`, in sending order (at most one pending per key). */
export class AnswerLog {
  readonly byKey = new Map<string, SentAnswer[]>();

  busy(paperId: string, quId: string): boolean {
    return this.byKey.get(`${paperId}|${quId}`)?.at(-1)?.state === 'pending';
  }

  /** Logs a send; answers the entry to settle. */
  send(paperId: string, quId: string, answers: string[]): SentAnswer {
    const key = `${paperId}|${quId}`;
    const e: SentAnswer = { answers, state: 'pending' };
    const list = this.byKey.get(key);
    if (list) list.push(e);
    else this.byKey.set(key, [e]);
    return e;
  }
}

/** What every phase works with. */
export interface Crowd {
  client: Client;
  stats: Stats;
  learners: Learner[];
  answers: AnswerLog;
  examId: string;
  /** Hand-exam answers per paper id (state of each acknowledged answer). */
  handStates: Map<string, number[]>;
}

const spread = (start: number, seconds: number, n: number, k: number) => start + (seconds * 1000 * k) / Math.max(1, n);
const pick = <T,>(a: readonly T[]) => a[Math.floor(Math.random() * a.length)]!;

/** Logs in every learner over HTTP, spread evenly over `seconds` (open loop). Learners whose login failed keep an empty token. */
export async function loginPhase(c: Crowd, password: string, seconds: number): Promise<void> {
  const s = c.stats.of('login', 'login');
  const t0 = performance.now();
  await openLoop(
    c.learners.map((l, k) => ({
      at: spread(t0, seconds, c.learners.length, k),
      fn: async (intended: number) => {
        const res = await timed(s, () => c.client.post<{ token: string; userId: string }>('/api/sys/user/login', { username: l.userName, password }), intended);
        if (res?.code === 0) {
          l.token = res.data.token;
          l.userId = res.data.userId;
        }
      },
    })),
  );
}

/**
 * Logs in again, closed loop on 4 lanes (recorded as 'login-retry'), the learners whose login
 * failed (up to 5 tries each, 2 s apart): a burst of logins from one address can trip the per-IP
 * captcha threshold while the attempts in flight are counted. Answers how many needed it.
 */
export async function loginRetry(c: Crowd, password: string): Promise<number> {
  const s = c.stats.of('login', 'login-retry');
  const todo = c.learners.filter((l) => !l.token);
  for (let round = 0; round < 5 && todo.some((l) => !l.token); round++) {
    if (round) await sleep(2000);
    const left = todo.filter((l) => !l.token);
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < left.length) {
          const l = left[next++]!;
          const res = await timed(s, () => c.client.post<{ token: string; userId: string }>('/api/sys/user/login', { username: l.userName, password }));
          if (res?.code === 0) {
            l.token = res.data.token;
            l.userId = res.data.userId;
          }
        }
      }),
    );
  }
  return todo.length;
}

/**
 * Opens one exam socket per logged-in learner (`/api/socket/exam/{userId}/{examId}/pc?token=…`),
 * spread over `seconds`, each sending `ping` every 10 s (SPEC §9) from a random offset; records
 * the open time ('ws-open') and each ping's round trip ('ws-ping', phase tag from `phase()`).
 */
export async function openSockets(c: Crowd, port: number, seconds: number, phase: () => string): Promise<void> {
  const open = c.stats.of('sockets', 'ws-open');
  const t0 = performance.now();
  const ready: Promise<void>[] = [];
  await openLoop(
    c.learners.filter((l) => l.token).map((l, k, all) => ({
      at: spread(t0, seconds, all.length, k),
      fn: async (intended: number) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/api/socket/exam/${l.userId}/${c.examId}/pc?token=${encodeURIComponent(l.token)}`);
        l.socket = ws;
        ready.push(
          new Promise<void>((resolve) => {
            ws.once('open', () => {
              open.add(intended, 0);
              let sentAt = 0;
              ws.on('message', (data) => {
                if (data.toString() === 'pong' && sentAt) {
                  c.stats.of(phase(), 'ws-ping').add(sentAt, 0);
                  sentAt = 0;
                }
              });
              const ping = () => {
                if (ws.readyState !== WebSocket.OPEN) return;
                if (sentAt) c.stats.of(phase(), 'ws-ping').add(sentAt, -1); // the previous ping got no pong in 10 s
                sentAt = performance.now();
                ws.send('ping');
              };
              const first = setTimeout(() => {
                ping();
                const every = setInterval(ping, 10_000);
                ws.once('close', () => clearInterval(every));
              }, Math.random() * 10_000);
              ws.once('close', () => clearTimeout(first));
              resolve();
            });
            ws.once('error', () => {
              open.add(intended, -1);
              resolve();
            });
          }),
        );
      },
    })),
  );
  await Promise.all(ready);
}

/** Closes every socket. */
export function closeSockets(c: Crowd): void {
  for (const l of c.learners) l.socket?.terminate();
}

interface DetailGroup {
  quList: { quId: string; quType: number }[];
}

/** qu-detail of one question; keeps its option ids on the learner. */
async function quDetail(c: Crowd, l: Learner, quId: string, phase: string, intended?: number): Promise<boolean> {
  const res = await timed(c.stats.of(phase, 'qu-detail'), () => c.client.post<{ answerList: { id: string }[] }>('/api/paper/paper/qu-detail', { paperId: l.paperId, quId }, l.token), intended);
  if (res?.code !== 0) return false;
  l.options.set(quId, res.data.answerList.map((a) => a.id));
  return true;
}

/**
 * create-paper for every logged-in learner spread over `seconds` (open loop); each learner then
 * reads its answer card (paper-detail) and its first question (qu-detail) as the exam page does,
 * those two timed from when they were sent.
 */
export async function createPhase(c: Crowd, seconds: number): Promise<void> {
  const create = c.stats.of('create', 'create-paper');
  const detail = c.stats.of('create', 'paper-detail');
  const t0 = performance.now();
  const who = c.learners.filter((l) => l.token);
  await openLoop(
    who.map((l, k) => ({
      at: spread(t0, seconds, who.length, k),
      fn: async (intended: number) => {
        const res = await timed(create, () => c.client.post<{ id: string }>('/api/paper/paper/create-paper', { examId: c.examId }, l.token), intended);
        if (res?.code !== 0) return;
        l.paperId = res.data.id;
        const d: Envelope<{ groupList: DetailGroup[] }> | null = await timed(detail, () => c.client.post('/api/paper/paper/paper-detail', { id: l.paperId }, l.token));
        if (d?.code !== 0) return;
        l.qus = d.data.groupList.flatMap((g) => g.quList.map((q) => ({ quId: q.quId, quType: q.quType })));
        if (l.qus[0]) await quDetail(c, l, l.qus[0].quId, 'create');
      },
    })),
  );
}

/** A random answer for a choice question: one option (single, true/false) or one to two (multiple); null for other types. */
function chooseAnswer(quType: number, options: string[]): string[] | null {
  if (!options.length) return null;
  if (quType === 1 || quType === 3) return [pick(options)];
  if (quType === 2) return [...new Set([pick(options), pick(options)])];
  return null;
}

/** Sends one fill-answer and logs it; answers false when nothing was sent (no options known, or one in flight for that question). */
async function fill(c: Crowd, l: Learner, quId: string, quType: number, phase: string, intended?: number): Promise<boolean> {
  const answers = chooseAnswer(quType, l.options.get(quId) ?? []);
  if (!answers || c.answers.busy(l.paperId, quId)) return false;
  const entry = c.answers.send(l.paperId, quId, answers);
  const res = await timed(c.stats.of(phase, 'fill-answer'), () => c.client.post('/api/paper/paper/fill-answer', { paperId: l.paperId, quId, answers }, l.token), intended);
  entry.state = res?.code === 0 ? 'ok' : 'failed';
  return true;
}

/**
 * Human pace: every learner with a paper answers one question every `everySeconds` (from a random
 * offset) during `seconds`: qu-detail of the next question at its intended time, fill-answer one
 * second later (both timed from their intended times). N learners → N / everySeconds answers a second.
 */
export async function fillPhase(c: Crowd, seconds: number, everySeconds: number): Promise<void> {
  const t0 = performance.now();
  const jobs: { at: number; fn: (intended: number) => Promise<unknown> }[] = [];
  for (const l of c.learners) {
    if (!l.paperId || !l.qus.length) continue;
    for (let at = t0 + Math.random() * everySeconds * 1000; at < t0 + seconds * 1000; at += everySeconds * 1000) {
      jobs.push({
        at,
        fn: async (intended) => {
          const q = l.qus[l.next++ % l.qus.length]!;
          if (!(await quDetail(c, l, q.quId, 'fill', intended))) return;
          await sleep(intended + 1000 - performance.now());
          await fill(c, l, q.quId, q.quType, 'fill', intended + 1000);
        },
      });
    }
  }
  await openLoop(jobs);
}

/**
 * Max throughput, closed loop on `concurrency` lanes: after a 2 s warm-up of each, `rounds` pairs
 * of `seconds` each of the no-op (/api/bench/noop) and fill-answer, the order alternating so both
 * see the same machine. Answers the completed-OK rate of each round (per second).
 */
export async function throughputRounds(c: Crowd, rounds: number, seconds: number, concurrency: number): Promise<{ noop: number[]; fill: number[] }> {
  const ready = c.learners.filter((l) => l.paperId && l.qus[0] && l.options.has(l.qus[0].quId));
  const out = { noop: [] as number[], fill: [] as number[] };
  if (!ready.length) return out;
  let cursor = 0;
  const noopRound = async (phase: string, ms: number) => {
    const noop = c.stats.of(phase, 'noop');
    await closedLoop(concurrency, ms, () => timed(noop, () => c.client.post('/api/bench/noop', {}, pick(ready).token)));
    return noop.ok / (ms / 1000);
  };
  const fillRound = async (phase: string, ms: number) => {
    await closedLoop(concurrency, ms, async () => {
      for (let tries = 0; tries < 8; tries++) {
        const l = ready[cursor++ % ready.length]!;
        if (await fill(c, l, l.qus[0]!.quId, l.qus[0]!.quType, phase)) return;
      }
      await sleep(1); // every question tried is in flight: yield instead of spinning
    });
    return c.stats.of(phase, 'fill-answer').ok / (ms / 1000);
  };
  // Warm-up (listed as phase 'warmup', not counted): both paths hot before the first measured round.
  await noopRound('warmup', 2000);
  await fillRound('warmup', 2000);
  for (let r = 0; r < rounds; r++) {
    // Alternate which goes first, so neither always runs on a fresher machine.
    if (r % 2 === 0) {
      out.noop.push(await noopRound(`round${r + 1}`, seconds * 1000));
      out.fill.push(await fillRound(`round${r + 1}`, seconds * 1000));
    } else {
      out.fill.push(await fillRound(`round${r + 1}`, seconds * 1000));
      out.noop.push(await noopRound(`round${r + 1}`, seconds * 1000));
    }
  }
  return out;
}

/**
 * The hand-in burst: hand-exam of `sendShare` of the papers spread over the `seconds` before
 * `deadline` (performance.now() ms), a second hand-exam from `twiceShare` of them (a double click,
 * up to 300 ms later); the others are never sent (the server hands them in at the deadline).
 * Answers the ids of the papers not sent.
 */
export async function handInPhase(c: Crowd, deadline: number, seconds: number, sendShare: number, twiceShare: number): Promise<string[]> {
  const s = c.stats.of('hand-in', 'hand-exam');
  const withPaper = c.learners.filter((l) => l.paperId).sort(() => Math.random() - 0.5);
  const sent = withPaper.slice(0, Math.round(withPaper.length * sendShare));
  const twice = new Set(sent.slice(0, Math.round(withPaper.length * twiceShare)));
  const send = (l: Learner) => async (intended: number) => {
    const res = await timed(s, () => c.client.post<{ state: number }>('/api/paper/paper/hand-exam', { id: l.paperId }, l.token), intended);
    if (res?.code === 0) c.handStates.set(l.paperId, [...(c.handStates.get(l.paperId) ?? []), res.data.state]);
  };
  const jobs = sent.flatMap((l) => {
    const at = deadline - seconds * 1000 + Math.random() * seconds * 1000;
    return twice.has(l) ? [{ at, fn: send(l) }, { at: at + Math.random() * 300, fn: send(l) }] : [{ at, fn: send(l) }];
  });
  await openLoop(jobs);
  return withPaper.slice(sent.length).map((l) => l.paperId);
}
