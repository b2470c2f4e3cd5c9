import { describe, expect, it } from 'vitest';
import { sample, shuffle } from './paper.draw';

describe('sample', () => {
  it('draws n distinct items of the pool', () => {
    const pool = Array.from({ length: 30 }, (_, i) => `q${i}`);
    for (let run = 0; run < 50; run++) {
      const drawn = sample(pool, 10);
      expect(drawn).toHaveLength(10);
      expect(new Set(drawn).size).toBe(10);
      for (const d of drawn) expect(pool).toContain(d);
    }
  });

  it('refuses to draw more than the pool holds', () => {
    expect(() => sample([1, 2, 3], 4)).toThrow(RangeError);
  });

  it('uses the random source it is given (deterministic with a fixed source)', () => {
    const alwaysLast = (max: number) => max - 1;
    // i=0 swaps a[0]↔a[3] → [4,2,3,1]; i=1 swaps a[1]↔a[3] → [4,1,3,2]
    expect(sample([1, 2, 3, 4], 2, alwaysLast)).toEqual([4, 1]);
    expect(sample([1, 2, 3, 4], 4, () => 0)).toEqual([1, 2, 3, 4]);
  });

  it('is roughly uniform: every item is drawn first about equally often', () => {
    const counts = new Map<number, number>();
    const runs = 8000;
    for (let i = 0; i < runs; i++) {
      const [first] = sample([0, 1, 2, 3], 1);
      counts.set(first as number, (counts.get(first as number) ?? 0) + 1);
    }
    for (const k of [0, 1, 2, 3]) expect(counts.get(k) ?? 0).toBeGreaterThan(runs / 4 - 300);
  });
});

describe('shuffle', () => {
  it('keeps every item and does not modify its input', () => {
    const input = ['A', 'B', 'C', 'D', 'E'];
    const out = shuffle(input);
    expect([...out].sort()).toEqual(input);
    expect(input).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('produces different orders over many runs', () => {
    const orders = new Set(Array.from({ length: 60 }, () => shuffle([1, 2, 3, 4]).join('')));
    expect(orders.size).toBeGreaterThan(5);
  });
});
