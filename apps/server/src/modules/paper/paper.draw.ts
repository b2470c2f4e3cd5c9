/**
 * Random drawing for papers: `sample` picks n distinct items uniformly (partial Fisher–Yates),
 * `shuffle` permutes a copy. Both use crypto-grade randomness by default; tests may pass their own.
 */
import { randomInt } from 'node:crypto';

export type RandomInt = (maxExclusive: number) => number;
const defaultRandom: RandomInt = (max) => randomInt(max);

/** n distinct items of `items` in random order. Throws RangeError when n > items.length. */
export function sample<T>(items: readonly T[], n: number, rand: RandomInt = defaultRandom): T[] {
  if (n > items.length) throw new RangeError(`cannot draw ${n} of ${items.length}`);
  const a = [...items];
  for (let i = 0; i < n; i++) {
    const j = i + rand(a.length - i);
    [a[i], a[j]] = [a[j] as T, a[i] as T];
  }
  return a.slice(0, n);
}

/** A shuffled copy of `items`. */
export function shuffle<T>(items: readonly T[], rand: RandomInt = defaultRandom): T[] {
  return sample(items, items.length, rand);
}
