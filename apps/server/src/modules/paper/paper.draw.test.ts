import { describe, expect, it } from 'vitest';
import { drawRules, indexOf, ruleCapacity, sample, shuffle, splitScore, type DrawRule, type PoolQu } from './paper.draw';

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

describe('drawing by rules (level × chapter, overlapping rules)', () => {
  const q = (id: string, level: number, chapterId = ''): PoolQu => ({ id, repoId: 'r', quType: 1, level, chapterId });
  const rule = (level: number, quCount: number, chapterId = ''): DrawRule => ({ repoId: 'r', quType: 1, level, chapterId, quCount });
  // 2 hard in chapter c1, 2 normal in c1, 2 hard in c2.
  const pool = [q('h1', 2, 'c1'), q('h2', 2, 'c1'), q('n1', 1, 'c1'), q('n2', 1, 'c1'), q('h3', 2, 'c2'), q('h4', 2, 'c2')];

  it('gives every rule its count when they fit together, and the exact maximum otherwise', () => {
    expect(ruleCapacity([rule(0, 2), rule(2, 4)], pool).got).toEqual([2, 4]);
    // "any" takes 3 and "hard" 4 of 6 questions: one rule must fall short by one.
    const { got } = ruleCapacity([rule(0, 3), rule(2, 4)], pool);
    expect(got[0]! + got[1]!).toBe(6);
    expect(ruleCapacity([rule(2, 1, 'c9')], pool).got).toEqual([0]);
  });

  it('crossing rules (chapter c1 any level × hard any chapter) are drawn without a question twice', () => {
    const rules = [rule(0, 3, 'c1'), rule(2, 3)];
    for (let i = 0; i < 200; i++) {
      const drawn = drawRules(rules, pool);
      expect(drawn).not.toBeNull();
      const [a, b] = drawn as [string[], string[]];
      expect(a).toHaveLength(3);
      expect(b).toHaveLength(3);
      expect(new Set([...a, ...b]).size).toBe(6);
      for (const id of a) expect(['h1', 'h2', 'n1', 'n2']).toContain(id);
      for (const id of b) expect(['h1', 'h2', 'h3', 'h4']).toContain(id);
    }
    expect(drawRules([rule(0, 4, 'c1'), rule(2, 3)], pool)).toBeNull();
  });

  it('keeps the index of a frozen pool (QuService.drawPool) and draws from it as from any pool, in pool order', () => {
    const frozen = Object.freeze(pool.map((x) => Object.freeze({ ...x })));
    const index = indexOf(frozen);
    expect(indexOf(frozen)).toBe(index);
    expect(indexOf(pool)).not.toBe(indexOf(pool)); // a pool that may change is indexed anew
    expect(index.ofRule(rule(2, 1, 'c1')).map((x) => x.id)).toEqual(['h1', 'h2']);
    expect(index.ofRule(rule(2, 9, 'c1'))).toBe(index.ofRule(rule(2, 1, 'c1'))); // per rule, whatever its count
    const rules = [rule(0, 3, 'c1'), rule(2, 3)];
    expect(index.capacity(rules)).toBe(index.capacity([...rules]));
    expect(index.capacity(rules).got).toEqual(ruleCapacity(rules, pool).got);
    expect(index.inPoolOrder(new Set(['h4', 'n1', 'h1']))).toEqual(['h1', 'n1', 'h4']);
    for (let i = 0; i < 100; i++) {
      const [a, b] = drawRules(rules, frozen) as [string[], string[]];
      expect(new Set([...a, ...b]).size).toBe(6);
      // Each rule's questions come in pool order.
      for (const list of [a, b]) expect(list).toEqual([...list].sort((x, y) => pool.findIndex((p) => p.id === x) - pool.findIndex((p) => p.id === y)));
    }
    expect(drawRules([rule(0, 4, 'c1'), rule(2, 3)], frozen)).toBeNull();
  });

  it('splits a combined score over its sub-questions, larger parts first', () => {
    expect(splitScore(10, 3)).toEqual([4, 3, 3]);
    expect(splitScore(2, 3)).toEqual([1, 1, 0]);
    expect(splitScore(5, 0)).toEqual([]);
  });
});
