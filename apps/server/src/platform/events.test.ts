/**
 * Domain events (platform/events.ts) on SQLite and PostgreSQL: an event exists only when the
 * emitter's transaction commits; each listener runs once per event with the payload; two
 * dispatchers (two processes) racing over the same outbox queue each event's listener once; an event
 * whose dispatcher died is dispatched again after its lease.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../lib/time';
import { testApp, type TestApp } from '../test/app';
import { EventOutbox, eventJobType, type EventType } from './events';

/** A type no module listens to, so the app's own dispatcher leaves its rows alone. */
const PROBE = 'test.probe' as EventType;

describe('domain events', () => {
  let t: TestApp;
  const seen: unknown[] = [];
  const outbox = () => new EventOutbox(t.db, t.config.dialect, t.jobs, new Map([[PROBE, ['probe']]]));
  const emit = (o: EventOutbox, trx: Parameters<EventOutbox['emit']>[0], n: number) => o.emit(trx, PROBE, { n } as never);
  const waiting = async () => Number((await t.db.selectFrom('sys_event').select((eb) => eb.fn.countAll().as('n')).where('type', '=', PROBE).where('state', '=', 0).executeTakeFirstOrThrow()).n);

  /** Waits until the jobs `ids` finished. */
  const finished = async (ids: string[]) => {
    for (const id of ids) while (((await t.jobs.get(id))?.state ?? 2) < 2) await new Promise((r) => setTimeout(r, 20));
  };

  beforeAll(async () => {
    t = await testApp();
    t.jobs.register(eventJobType(PROBE, 'probe'), async (payload) => {
      seen.push(payload);
      return null;
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores nothing when the transaction rolls back, and runs the listener once when it commits', async () => {
    const o = outbox();
    seen.length = 0;
    await expect(
      t.db.transaction().execute(async (trx) => {
        await emit(o, trx, 1);
        throw new Error('hand-in failed');
      }),
    ).rejects.toThrow('hand-in failed');
    await t.db.transaction().execute((trx) => emit(o, trx, 2));
    await o.settle();
    expect(seen).toEqual([{ n: 2 }]);
    expect(await waiting()).toBe(0);
    await o.settle();
    expect(seen).toHaveLength(1);
  });

  it('does not store an event nobody listens to', async () => {
    const deaf = new EventOutbox(t.db, t.config.dialect, t.jobs, new Map());
    await deaf.emit(t.db, PROBE, { n: 3 } as never);
    expect(await waiting()).toBe(0);
  });

  it('two dispatchers racing over 60 events queue each listener once', async () => {
    const a = outbox();
    const b = outbox();
    seen.length = 0;
    for (let n = 0; n < 60; n++) await emit(a, t.db, n);
    const [qa, qb] = await Promise.all([a.dispatch(), b.dispatch()]);
    expect(qa.length + qb.length).toBe(60);
    await finished([...qa, ...qb]);
    expect((seen as { n: number }[]).map((p) => p.n).sort((x, y) => x - y)).toEqual([...Array(60).keys()]);
  });

  it('dispatches again an event whose dispatcher died after claiming it', async () => {
    const o = outbox();
    seen.length = 0;
    await emit(o, t.db, 7);
    // A dispatcher claimed it and died: the lease is set and the row still waits.
    await t.db.updateTable('sys_event').set({ lockedUntil: now() + 60_000 }).where('type', '=', PROBE).where('state', '=', 0).execute();
    expect(await o.dispatch()).toEqual([]);
    await t.db.updateTable('sys_event').set({ lockedUntil: now() - 1 }).where('type', '=', PROBE).where('state', '=', 0).execute();
    await o.settle();
    expect(seen).toEqual([{ n: 7 }]);
  });
});
