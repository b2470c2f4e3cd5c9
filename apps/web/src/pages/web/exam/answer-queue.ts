/**
 * The exam page's answer queue (issue 9 "Resume"; SPEC §4 exam flow), without React: every answer
 * the learner gives is appended to a queue kept in localStorage per paper (key
 * `kaopei.exam.queue.<paperId>`) and sent to /api/paper/paper/fill-answer strictly in order, one at
 * a time, so answers typed while the network is down survive a reload and reach the server in the
 * order they were given once it is back.
 *
 * - Per question the state shows what happened to its latest answer: 'queued' (待发送, waiting or
 *   waiting for the network), 'saving' (保存中, on the wire), 'saved' (已保存, the server
 *   acknowledged it), 'error' (the server refused it; `retry` sends it again).
 * - A newer answer to a question whose older answer is still waiting (not on the wire) replaces it
 *   in its place: the server keeps a question's whole answer, so only the latest matters, and
 *   answers to different questions do not interact.
 * - Server unreachable (no response: offline, refused, timeout, or a 5xx of a proxy): the entry
 *   stays first and is sent again after 2 s, 4 s, 8 s, then every 15 s (`backoffMs`); `kick()`
 *   (the browser's `online` event, hand-in) sends at once.
 * - The server refuses it (a business code): the entry is dropped, its question shows 'error'; a
 *   closed paper (handed in / time up: `isClosed`) empties the queue and calls `onClosed`.
 * - `flush()` (before hand-in) resolves when the queue is empty; it rejects with the error when a
 *   send made meanwhile finds the server unreachable (the queue keeps retrying on its own).
 */

/** One question's whole answer: `answers` option ids (1–3), `answer` text (4), `blanks` (5), `pairs` left-hand item id → item (6). */
export interface AnswerValue {
  answers?: string[];
  answer?: string;
  blanks?: string[];
  pairs?: Record<string, string>;
}

export type SaveState = 'queued' | 'saving' | 'saved' | 'error';

/** One answer waiting to be sent; `seq` grows by one per answer given (the order kept). */
export interface QueuedAnswer {
  seq: number;
  quId: string;
  value: AnswerValue;
}

/** The part of `localStorage` the queue uses. */
export type KeyStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface AnswerQueueDeps {
  storage: KeyStore;
  /** Sends one answer (fill-answer); resolves with whether the question now counts as answered. */
  send: (quId: string, value: AnswerValue) => Promise<{ answered: boolean }>;
  /** True for a failure worth sending again later (server unreachable). */
  isRetryable: (err: unknown) => boolean;
  /** True for a failure saying the paper is closed (handed in, time up). */
  isClosed: (err: unknown) => boolean;
  /** Called after every change of the states or the queue. */
  onChange?: () => void;
  /** Called once when the server says the paper is closed. */
  onClosed?: () => void;
}

/** Delay before the `attempt`-th resend (1-based) of an unreachable server: 2 s, 4 s, 8 s, then 15 s. */
export function backoffMs(attempt: number): number {
  return Math.min(15_000, 2_000 * 2 ** Math.max(0, attempt - 1));
}

/** localStorage key of a paper's queue. */
export function queueKey(paperId: string): string {
  return `kaopei.exam.queue.${paperId}`;
}

/** The queue stored for a paper (empty when none or unreadable). */
export function loadQueue(storage: KeyStore, paperId: string): QueuedAnswer[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(queueKey(paperId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((e): e is QueuedAnswer => typeof e === 'object' && e !== null && typeof (e as QueuedAnswer).quId === 'string') : [];
  } catch {
    return [];
  }
}

export interface AnswerQueue {
  /** Queue the learner's whole answer to one question and start sending. */
  push(quId: string, value: AnswerValue): void;
  /** Send the waiting head now (network back, hand-in), without waiting for the backoff. */
  kick(): void;
  /** Resolves when everything queued has been acknowledged (see the module comment). */
  flush(): Promise<void>;
  /** Queue the last answer of a question whose send was refused again. */
  retry(quId: string): void;
  /** Each question's save state (questions never answered here are absent). */
  states(): Readonly<Record<string, SaveState>>;
  /** The server's `answered` of each question acknowledged here. */
  answered(): Readonly<Record<string, boolean>>;
  /** The answers still waiting, in sending order (on a reload: what the page shows over the server's). */
  pending(): readonly QueuedAnswer[];
  /** Stop timers; the stored queue stays for the next page load. */
  dispose(): void;
  /** Forget the stored queue (the paper is handed in). */
  clear(): void;
}

/** The queue of one paper, resumed from storage (sending starts at once when something is stored). */
export function createAnswerQueue(paperId: string, deps: AnswerQueueDeps): AnswerQueue {
  let entries = loadQueue(deps.storage, paperId);
  let seq = entries.reduce((m, e) => Math.max(m, e.seq), 0);
  const states: Record<string, SaveState> = {};
  const answered: Record<string, boolean> = {};
  const last = new Map<string, AnswerValue>();
  for (const e of entries) {
    states[e.quId] = 'queued';
    last.set(e.quId, e.value);
  }
  let sending = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;
  let closed = false;
  let waiters: { resolve: () => void; reject: (err: unknown) => void }[] = [];

  const persist = () => {
    if (entries.length) deps.storage.setItem(queueKey(paperId), JSON.stringify(entries));
    else deps.storage.removeItem(queueKey(paperId));
  };
  const changed = () => deps.onChange?.();
  const settleWaiters = (err?: unknown) => {
    const ws = waiters;
    waiters = [];
    for (const w of ws) if (err === undefined) w.resolve();
    else w.reject(err);
  };

  const pump = async () => {
    if (sending || disposed || closed) return;
    if (!entries.length) {
      settleWaiters();
      return;
    }
    clearTimeout(timer);
    timer = undefined;
    sending = true;
    const head = entries[0];
    states[head.quId] = 'saving';
    changed();
    try {
      const res = await deps.send(head.quId, head.value);
      attempt = 0;
      entries = entries.filter((e) => e !== head);
      persist();
      answered[head.quId] = res.answered;
      states[head.quId] = entries.some((e) => e.quId === head.quId) ? 'queued' : 'saved';
    } catch (err) {
      if (deps.isRetryable(err)) {
        attempt += 1;
        states[head.quId] = 'queued';
        sending = false;
        changed();
        settleWaiters(err);
        if (!disposed) timer = setTimeout(() => void pump(), backoffMs(attempt));
        return;
      }
      entries = entries.filter((e) => e !== head);
      if (deps.isClosed(err)) {
        closed = true;
        entries = [];
      }
      persist();
      states[head.quId] = entries.some((e) => e.quId === head.quId) ? 'queued' : 'error';
      if (closed) {
        sending = false;
        changed();
        settleWaiters(err);
        deps.onClosed?.();
        return;
      }
    }
    sending = false;
    changed();
    void pump();
  };

  const push = (quId: string, value: AnswerValue) => {
    if (closed) return;
    last.set(quId, value);
    // The head is on the wire while sending: only a later waiting entry of the question may be replaced.
    const waiting = entries.findIndex((e, i) => e.quId === quId && !(sending && i === 0));
    if (waiting >= 0) entries[waiting] = { ...entries[waiting], value };
    else entries.push({ seq: ++seq, quId, value });
    persist();
    states[quId] = 'queued';
    changed();
    if (!timer) void pump();
  };

  if (entries.length) void pump();

  return {
    push,
    kick() {
      attempt = 0;
      void pump();
    },
    flush() {
      if (closed) return Promise.reject(new Error('paper closed'));
      if (!entries.length) return Promise.resolve();
      const done = new Promise<void>((resolve, reject) => waiters.push({ resolve, reject }));
      attempt = 0;
      void pump();
      return done;
    },
    retry(quId) {
      const value = last.get(quId);
      if (value) push(quId, value);
    },
    states: () => states,
    answered: () => answered,
    pending: () => entries,
    dispose() {
      disposed = true;
      clearTimeout(timer);
    },
    clear() {
      entries = [];
      deps.storage.removeItem(queueKey(paperId));
    },
  };
}
