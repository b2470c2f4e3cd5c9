/** The exam page's answer queue: order, replacement, retry with backoff, persistence across a reload, closed paper. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffMs, createAnswerQueue, loadQueue, queueKey, type AnswerQueueDeps, type AnswerValue, type KeyStore } from './answer-queue';

class MemoryStore implements KeyStore {
  readonly map = new Map<string, string>();
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

const OFFLINE = new Error('offline');
const CLOSED = new Error('closed');
const REFUSED = new Error('refused');

/** A fake server: records what arrived, in order; `down` makes every send fail as unreachable. */
function fakeServer() {
  const received: { quId: string; value: AnswerValue }[] = [];
  const server = {
    down: false,
    refuse: new Set<string>(),
    closed: false,
    received,
    send: vi.fn(async (quId: string, value: AnswerValue) => {
      await Promise.resolve();
      if (server.down) throw OFFLINE;
      if (server.closed) throw CLOSED;
      if (server.refuse.has(quId)) throw REFUSED;
      received.push({ quId, value });
      return { answered: Boolean(value.answers?.length || value.answer) };
    }),
  };
  return server;
}

function deps(store: KeyStore, server: ReturnType<typeof fakeServer>, extra: Partial<AnswerQueueDeps> = {}): AnswerQueueDeps {
  return { storage: store, send: server.send, isRetryable: (e) => e === OFFLINE, isClosed: (e) => e === CLOSED, ...extra };
}

/** Lets queued promise continuations run (the fake server answers in a microtask). */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('backoffMs', () => {
  it('waits 2 s, 4 s, 8 s, then 15 s between resends', () => {
    expect([1, 2, 3, 4, 5, 9].map(backoffMs)).toEqual([2000, 4000, 8000, 15000, 15000, 15000]);
  });
});

describe('createAnswerQueue', () => {
  it('sends answers one at a time in the order given and marks each saved', async () => {
    const store = new MemoryStore();
    const server = fakeServer();
    const q = createAnswerQueue('p1', deps(store, server));
    q.push('a', { answers: ['x'] });
    q.push('b', { answer: 'text' });
    expect(q.states()).toEqual({ a: 'saving', b: 'queued' });
    await q.flush();
    expect(server.received.map((r) => r.quId)).toEqual(['a', 'b']);
    expect(q.states()).toEqual({ a: 'saved', b: 'saved' });
    expect(q.answered()).toEqual({ a: true, b: true });
    expect(store.map.has(queueKey('p1'))).toBe(false);
  });

  it('while offline keeps answers queued (待发送) in storage, then sends them in order when the network is back', async () => {
    const store = new MemoryStore();
    const server = fakeServer();
    server.down = true;
    const q = createAnswerQueue('p1', deps(store, server));
    q.push('a', { answers: ['1'] });
    q.push('b', { answers: ['2'] });
    q.push('c', { answers: ['3'] });
    await settle();
    expect(q.states()).toEqual({ a: 'queued', b: 'queued', c: 'queued' });
    expect(loadQueue(store, 'p1').map((e) => e.quId)).toEqual(['a', 'b', 'c']);
    // A newer answer of a waiting question replaces it in its place.
    q.push('a', { answers: ['1b'] });
    expect(loadQueue(store, 'p1').map((e) => [e.quId, e.value.answers?.[0]])).toEqual([['a', '1b'], ['b', '2'], ['c', '3']]);

    server.down = false;
    q.kick();
    await settle();
    await settle();
    expect(server.received).toEqual([
      { quId: 'a', value: { answers: ['1b'] } },
      { quId: 'b', value: { answers: ['2'] } },
      { quId: 'c', value: { answers: ['3'] } },
    ]);
    expect(q.states()).toEqual({ a: 'saved', b: 'saved', c: 'saved' });
    expect(q.pending()).toEqual([]);
  });

  it('resends after 2 s, 4 s, 8 s, 15 s of unreachable server and not before', async () => {
    const server = fakeServer();
    server.down = true;
    const q = createAnswerQueue('p1', deps(new MemoryStore(), server));
    q.push('a', { answers: ['1'] });
    await settle();
    expect(server.send).toHaveBeenCalledTimes(1);
    const expectCallsAfter = async (ms: number, calls: number) => {
      await vi.advanceTimersByTimeAsync(ms - 1);
      expect(server.send).toHaveBeenCalledTimes(calls - 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(server.send).toHaveBeenCalledTimes(calls);
    };
    await expectCallsAfter(2000, 2);
    await expectCallsAfter(4000, 3);
    await expectCallsAfter(8000, 4);
    await expectCallsAfter(15000, 5);
    await expectCallsAfter(15000, 6);
    server.down = false;
    await vi.advanceTimersByTimeAsync(15000);
    expect(q.states().a).toBe('saved');
    expect(server.received).toHaveLength(1);
  });

  it('an answer given while the previous one of the same question is on the wire is sent after it (the last one wins)', async () => {
    const server = fakeServer();
    const q = createAnswerQueue('p1', deps(new MemoryStore(), server));
    q.push('a', { answers: ['1'] });
    expect(q.states().a).toBe('saving');
    q.push('a', { answers: ['2'] });
    await q.flush();
    expect(server.received.map((r) => r.value.answers)).toEqual([['1'], ['2']]);
    expect(q.states().a).toBe('saved');
  });

  it('survives a reload: a new queue of the same paper resumes the stored answers and sends them in order', async () => {
    const store = new MemoryStore();
    const server = fakeServer();
    server.down = true;
    const first = createAnswerQueue('p1', deps(store, server));
    first.push('a', { answers: ['1'] });
    first.push('b', { blanks: ['x'] });
    await settle();
    first.dispose();
    // Another paper's queue is separate.
    expect(createAnswerQueue('p2', deps(store, server)).pending()).toEqual([]);

    server.down = false;
    const second = createAnswerQueue('p1', deps(store, server));
    expect(second.pending().map((e) => e.quId)).toEqual(['a', 'b']);
    await second.flush();
    expect(server.received.map((r) => r.quId)).toEqual(['a', 'b']);
    expect(store.map.has(queueKey('p1'))).toBe(false);
    // Later answers keep counting after the stored ones.
    second.push('c', { answers: ['3'] });
    await second.flush();
    expect(server.received.map((r) => r.quId)).toEqual(['a', 'b', 'c']);
  });

  it('flush rejects while the server is unreachable and the queue keeps the answers', async () => {
    const store = new MemoryStore();
    const server = fakeServer();
    server.down = true;
    const q = createAnswerQueue('p1', deps(store, server));
    q.push('a', { answers: ['1'] });
    await settle();
    await expect(q.flush()).rejects.toBe(OFFLINE);
    expect(loadQueue(store, 'p1')).toHaveLength(1);
    server.down = false;
    await q.flush();
    expect(server.received).toHaveLength(1);
  });

  it('drops an answer the server refuses (state error, retry sends it again) and goes on with the next', async () => {
    const server = fakeServer();
    server.refuse.add('a');
    const q = createAnswerQueue('p1', deps(new MemoryStore(), server));
    q.push('a', { answers: ['1'] });
    q.push('b', { answers: ['2'] });
    await q.flush();
    expect(q.states()).toEqual({ a: 'error', b: 'saved' });
    server.refuse.clear();
    q.retry('a');
    await q.flush();
    expect(server.received.map((r) => r.quId)).toEqual(['b', 'a']);
    expect(q.states().a).toBe('saved');
  });

  it('a closed paper empties the queue and calls onClosed once', async () => {
    const store = new MemoryStore();
    const server = fakeServer();
    server.closed = true;
    const onClosed = vi.fn();
    const q = createAnswerQueue('p1', deps(store, server, { onClosed }));
    q.push('a', { answers: ['1'] });
    q.push('b', { answers: ['2'] });
    await settle();
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(server.send).toHaveBeenCalledTimes(1);
    expect(store.map.has(queueKey('p1'))).toBe(false);
    await expect(q.flush()).rejects.toThrow();
  });
});
