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

/** A question that random rules may draw: its bank, type, level (1 normal, 2 hard) and chapter ('' none). */
export interface PoolQu {
  id: string;
  repoId: string;
  quType: number;
  level: number;
  chapterId: string;
}

/** A random rule as drawing sees it: level 0 = any level, chapterId '' = any chapter. */
export interface DrawRule {
  repoId: string;
  quType: number;
  level: number;
  chapterId: string;
  quCount: number;
}

/** Whether `q` is in the pool of `rule`. */
export function ruleMatches(rule: DrawRule, q: PoolQu): boolean {
  return q.repoId === rule.repoId && q.quType === rule.quType && (rule.level === 0 || q.level === rule.level) && (rule.chapterId === '' || q.chapterId === rule.chapterId);
}

/**
 * How many questions each rule can get when no question is drawn twice (rules may overlap: "any
 * level" and "hard" of the same bank and type share the hard questions). Exact: a maximum flow
 * source → rule (capacity quCount) → cell (questions with the same bank, type, level, chapter) →
 * sink (capacity the cell's size). Returns per rule the count it gets (= quCount for every rule iff
 * all rules can be satisfied together) and, per rule, the count taken from each cell key.
 */
export function ruleCapacity(rules: readonly DrawRule[], pool: readonly PoolQu[]): { got: number[]; byCell: Map<string, number>[] } {
  const cellKey = (q: PoolQu) => `${q.repoId}\u0000${q.quType}\u0000${q.level}\u0000${q.chapterId}`;
  const cells = new Map<string, { sample: PoolQu; size: number }>();
  for (const q of pool) {
    const k = cellKey(q);
    const c = cells.get(k);
    if (c) c.size++;
    else cells.set(k, { sample: q, size: 1 });
  }
  const cellList = [...cells.entries()];
  const edges = rules.map((r) => cellList.flatMap(([, c], ci) => (ruleMatches(r, c.sample) ? [ci] : [])));
  const cellLeft = cellList.map(([, c]) => c.size);
  const flow = rules.map(() => new Map<number, number>());
  const got = rules.map(() => 0);
  // Augmenting paths: rule r → cell c (free capacity) or rule r → cell c ← rule r2 (r2 gives up one unit of c and takes another cell).
  const augment = (r: number, seenRules: Set<number>): boolean => {
    seenRules.add(r);
    for (const c of edges[r] ?? []) {
      if ((cellLeft[c] ?? 0) > 0) {
        cellLeft[c] = (cellLeft[c] ?? 0) - 1;
        flow[r]?.set(c, (flow[r]?.get(c) ?? 0) + 1);
        return true;
      }
    }
    for (const c of edges[r] ?? []) {
      for (let r2 = 0; r2 < rules.length; r2++) {
        if (seenRules.has(r2) || !(flow[r2]?.get(c))) continue;
        if (augment(r2, seenRules)) {
          // r2 found another unit elsewhere; it hands one unit of c to r.
          flow[r2]?.set(c, (flow[r2]?.get(c) ?? 0) - 1);
          flow[r]?.set(c, (flow[r]?.get(c) ?? 0) + 1);
          return true;
        }
      }
    }
    return false;
  };
  rules.forEach((rule, r) => {
    while ((got[r] ?? 0) < rule.quCount && augment(r, new Set())) got[r] = (got[r] ?? 0) + 1;
  });
  const byCell = flow.map((m) => new Map([...m.entries()].filter(([, n]) => n > 0).map(([ci, n]) => [cellList[ci]?.[0] ?? '', n])));
  return { got, byCell };
}

/**
 * Draws every rule's questions from `pool` with no question twice, or null when the rules cannot
 * all be satisfied (see `ruleCapacity`). Rules with the smallest pools draw first, each uniformly
 * from what is left of its pool; if that greedy pass runs short although the rules are satisfiable
 * (crossing rules), the counts per cell of the exact flow are drawn instead. Each rule's questions
 * come in pool order (the caller shuffles when the exam says so).
 */
export function drawRules(rules: readonly DrawRule[], pool: readonly PoolQu[], rand: RandomInt = defaultRandom): string[][] | null {
  const index = indexOf(pool);
  const { got, byCell } = index.capacity(rules);
  if (rules.some((r, i) => (got[i] ?? 0) < r.quCount)) return null;
  const order = (ids: Set<string>) => index.inPoolOrder(ids);
  const pools = rules.map((r) => index.ofRule(r));
  const taken = new Set<string>();
  const out: string[][] = rules.map(() => []);
  const byPoolSize = rules.map((_, i) => i).sort((a, b) => (pools[a]?.length ?? 0) - (pools[b]?.length ?? 0));
  let greedyOk = true;
  for (const i of byPoolSize) {
    const left = (pools[i] ?? []).filter((q) => !taken.has(q.id));
    const need = rules[i]?.quCount ?? 0;
    if (left.length < need) {
      greedyOk = false;
      break;
    }
    const picked = sample(left, need, rand).map((q) => q.id);
    picked.forEach((id) => taken.add(id));
    out[i] = order(new Set(picked));
  }
  if (greedyOk) return out;
  const cellKey = (q: PoolQu) => `${q.repoId}\u0000${q.quType}\u0000${q.level}\u0000${q.chapterId}`;
  const cellItems = new Map<string, PoolQu[]>();
  for (const q of pool) cellItems.set(cellKey(q), [...(cellItems.get(cellKey(q)) ?? []), q]);
  const shuffled = new Map([...cellItems.entries()].map(([k, items]) => [k, shuffle(items, rand)]));
  return rules.map((_, i) => {
    const ids = new Set<string>();
    for (const [k, n] of byCell[i] ?? []) for (const q of (shuffled.get(k) ?? []).splice(0, n)) ids.add(q.id);
    return order(ids);
  });
}

type Capacity = ReturnType<typeof ruleCapacity>;
const ruleKey = (r: DrawRule) => `${r.repoId}\u0000${r.quType}\u0000${r.level}\u0000${r.chapterId}`;
/** Rule lists whose capacity one index keeps (more: it starts over). */
const CAPACITIES_MAX = 64;

/**
 * The in-memory index of one pool (issue 9 "the draw uses an in-memory index of the pool per rule"):
 * each rule's questions, each list of rules' capacity (`ruleCapacity`) and each question's place,
 * computed on first use. QuService.drawPool answers the same frozen array while its banks are
 * unchanged, so the index lives as long as that array (`indexOf`: a WeakMap); a pool that is not
 * frozen gets a new index each time (it may have been changed).
 */
export class PoolIndex {
  private readonly byRule = new Map<string, readonly PoolQu[]>();
  private readonly capacities = new Map<string, Capacity>();
  private positions: Map<string, number> | null = null;

  constructor(private readonly pool: readonly PoolQu[]) {}

  /** The questions of `rule` in pool order. */
  ofRule(rule: DrawRule): readonly PoolQu[] {
    const key = ruleKey(rule);
    let list = this.byRule.get(key);
    if (!list) {
      list = this.pool.filter((q) => ruleMatches(rule, q));
      this.byRule.set(key, list);
    }
    return list;
  }

  /** `ruleCapacity(rules, pool)`, computed once per list of rules (and counts). */
  capacity(rules: readonly DrawRule[]): Capacity {
    const key = rules.map((r) => `${ruleKey(r)}\u0000${r.quCount}`).join('\u0001');
    let c = this.capacities.get(key);
    if (!c) {
      c = ruleCapacity(rules, this.pool);
      if (this.capacities.size >= CAPACITIES_MAX) this.capacities.clear();
      this.capacities.set(key, c);
    }
    return c;
  }

  /** The ids `ids` (of this pool) in pool order. */
  inPoolOrder(ids: ReadonlySet<string>): string[] {
    this.positions ??= new Map(this.pool.map((q, i) => [q.id, i]));
    const at = this.positions;
    return [...ids].sort((a, b) => (at.get(a) ?? 0) - (at.get(b) ?? 0));
  }
}

const indexes = new WeakMap<readonly PoolQu[], PoolIndex>();

/** The index of `pool`: kept with a frozen pool (QuService.drawPool), new for any other. */
export function indexOf(pool: readonly PoolQu[]): PoolIndex {
  if (!Object.isFrozen(pool)) return new PoolIndex(pool);
  let index = indexes.get(pool);
  if (!index) {
    index = new PoolIndex(pool);
    indexes.set(pool, index);
  }
  return index;
}

/** `total` split over `n` parts as evenly as whole numbers allow, larger parts first (a combined question's score over its sub-questions). */
export function splitScore(total: number, n: number): number[] {
  if (n <= 0) return [];
  const base = Math.floor(total / n);
  const extra = total - base * n;
  return Array.from({ length: n }, (_, i) => base + (i < extra ? 1 : 0));
}
