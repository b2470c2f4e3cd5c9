/**
 * The periodic task scheduler (platform/tasks.ts): start() does not wait for a first run (a long
 * start-up sweep must not keep the server from starting), runs of one task never overlap, a failing
 * run is reported and the next tick runs again, stop() waits for the run in flight.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { TaskScheduler } from './tasks';

/** A promise with its resolve function. */
function gate() {
  let open!: () => void;
  const promise = new Promise<void>((r) => (open = r));
  return { promise, open };
}

describe('TaskScheduler', () => {
  let scheduler: TaskScheduler | null = null;
  afterEach(async () => {
    await scheduler?.stop();
    scheduler = null;
  });

  it('starts the first runs without waiting for them, and idle() answers when they are done', async () => {
    const slow = gate();
    const done: [string, number][] = [];
    scheduler = new TaskScheduler({ onDone: (name, n) => done.push([name, n]) });
    let started = 0;
    scheduler.start([
      {
        name: 'sweep',
        everyMs: 60_000,
        run: async () => {
          started++;
          await slow.promise;
          return 1375;
        },
      },
    ]);
    expect(started).toBe(1); // the first run began at start …
    expect(done).toEqual([]); // … and start() returned while it is still running
    let idle = false;
    const waiting = scheduler.idle().then(() => (idle = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(idle).toBe(false);
    slow.open();
    await waiting;
    expect(done).toEqual([['sweep', 1375]]);
  });

  it('never runs one task twice at the same time, and runs it again on the next tick after a failure', async () => {
    const errors: string[] = [];
    scheduler = new TaskScheduler({ onError: (name, err) => errors.push(`${name}: ${(err as Error).message}`) });
    const slow = gate();
    let runs = 0;
    const task = {
      name: 'job',
      everyMs: 60_000,
      run: async () => {
        runs++;
        await slow.promise;
        if (runs === 1) throw new Error('boom');
      },
    };
    const first = scheduler.tick(task);
    const second = scheduler.tick(task); // still running: answers the same run
    expect(runs).toBe(1);
    slow.open();
    await Promise.all([first, second]);
    expect(errors).toEqual(['job: boom']);
    await scheduler.tick(task);
    expect(runs).toBe(2);
    expect(errors).toHaveLength(1);
  });

  it('runs a task again every everyMs, and stop() waits for the run in flight and starts no other', async () => {
    scheduler = new TaskScheduler();
    let runs = 0;
    let inFlight = false;
    scheduler.start([
      {
        name: 'tick',
        everyMs: 10,
        run: async () => {
          runs++;
          inFlight = true;
          await new Promise((r) => setTimeout(r, 15));
          inFlight = false;
        },
      },
    ]);
    await expect.poll(() => runs, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
    await scheduler.stop();
    expect(inFlight).toBe(false);
    const after = runs;
    await new Promise((r) => setTimeout(r, 50));
    expect(runs).toBe(after);
  });
});
