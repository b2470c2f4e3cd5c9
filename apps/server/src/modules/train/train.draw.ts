/**
 * Which questions a training record draws, one function per mode (issue 10). A drawer answers the
 * ids of live top-level questions of the bank in the order of the answer card; the service adds a
 * combined question's sub-questions. Mode 5 draws the questions of the bank that are in the
 * learner's wrong book (from exams and training), most often wrong first.
 */
import { randomInt } from 'node:crypto';
import { TrainMode } from '@kaopei/contracts/train';

/** A live top-level question of the bank (module qu's drawPool row). */
export interface PoolQu {
  id: string;
  quType: number;
  chapterId: string;
}

/** What a drawer knows: the bank's pool (card order: question order) and its chapters in order. */
export interface DrawContext {
  userId: string;
  repoId: string;
  quType: number;
  chapterId: string;
  pool: readonly PoolQu[];
  chapterOrder: string[];
  /** The learner's wrong-book questions (any list), most often wrong first (module book). */
  wrongQuIds: () => Promise<string[]>;
}

export type Drawer = (c: DrawContext) => Promise<string[]> | string[];

/** Chapter order (the bank's chapters as ordered), then question order; questions of no chapter last. */
export function inChapterOrder(c: DrawContext): string[] {
  const rank = new Map(c.chapterOrder.map((id, i) => [id, i]));
  const last = c.chapterOrder.length;
  return c.pool
    .map((q, i) => ({ q, i, r: rank.get(q.chapterId) ?? last }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.q.id);
}

/** Fisher–Yates with a cryptographic source. */
export function shuffled<T>(list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The drawer of each mode that can be started; a mode without one answers 20080003. */
export const DRAWERS: Partial<Record<number, Drawer>> = {
  [TrainMode.ORDER]: inChapterOrder,
  [TrainMode.RANDOM]: (c) => shuffled(c.pool.map((q) => q.id)),
  [TrainMode.MEMORISE]: inChapterOrder,
  [TrainMode.TYPE]: (c) => inChapterOrder({ ...c, pool: c.pool.filter((q) => q.quType === c.quType) }),
  [TrainMode.CHAPTER]: (c) => c.pool.filter((q) => q.chapterId === c.chapterId).map((q) => q.id),
  [TrainMode.WRONG]: async (c) => {
    const inBank = new Set(c.pool.map((q) => q.id));
    return (await c.wrongQuIds()).filter((id) => inBank.has(id));
  },
};
