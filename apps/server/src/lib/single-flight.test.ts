/** SingleFlight: concurrent calls for one key share one run; another key runs on its own; a failed run lets the joiners run themselves. */
import { describe, expect, it } from 'vitest';
import { SingleFlight } from './single-flight';

describe('SingleFlight', () => {
  it('runs the work once for calls that arrive while it runs; the joiners answer joined(result)', async () => {
    const sf = new SingleFlight<string, string>();
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const work = async () => {
      runs++;
      await gate;
      return 'done';
    };
    const calls = [sf.run('p1', work, (r) => `joined:${r}`), sf.run('p1', work, (r) => `joined:${r}`), sf.run('p2', work, (r) => `joined:${r}`)];
    expect(sf.size).toBe(2);
    release();
    expect(await Promise.all(calls)).toEqual(['done', 'joined:done', 'done']);
    expect(runs).toBe(2);
    expect(sf.size).toBe(0);
    // Once over, the next call runs again.
    expect(await sf.run('p1', work, () => 'joined')).toBe('done');
    expect(runs).toBe(3);
  });

  it('a joiner of a run that failed runs the work itself', async () => {
    const sf = new SingleFlight<string, number>();
    let runs = 0;
    const work = async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 5));
      if (runs === 1) throw new Error('database went away');
      return runs;
    };
    const [first, second] = await Promise.allSettled([sf.run('p', work, () => -1), sf.run('p', work, () => -1)]);
    expect(first).toMatchObject({ status: 'rejected' });
    expect(second).toEqual({ status: 'fulfilled', value: 2 });
    expect(sf.size).toBe(0);
  });
});
