/**
 * The exam definitions of the exam room's hot path, held in memory (issue 9 "Scale"): the exam
 * row, its paper part (rules, fixed questions) and its open-to lists (departments, people), read
 * by create-paper, hand-in and scoring of thousands of papers of the same few exams.
 *
 * An entry lives EXAM_CACHE_MS at most and is dropped at once, in this process and through the bus
 * (topic `exam.changed`, message the exam id) in every other, by every write of module exam (save,
 * delete, state, people on the list). A drop replaces the exam's whole entry, so a read that
 * started before it cannot store into the new one. Reads on a miss go to `db`, which may be the caller's transaction
 * (on SQLite another connection would wait for it).
 */
import type { Executor } from '../../db';
import type { Bus } from '../../platform/bus';
import type { ElExamTable } from './exam.tables';
import * as repo from './exam.repository';

export const EXAM_CHANGED_TOPIC = 'exam.changed';
/** Upper bound of an entry's life (ms), in case a drop was lost (Redis down). */
export const EXAM_CACHE_MS = 60_000;

/** The paper part as module paper draws it (ExamService.paperPart). */
export interface CachedPart {
  paperMethod: number;
  ruleList: { repoId: string; quType: number; level: number; chapterId: string; quCount: number; quScore: number }[];
  quList: { quId: string; score: number }[];
  drawCount: number;
}

interface Entry {
  exam?: Promise<ElExamTable | undefined>;
  part?: Promise<CachedPart>;
  refs: Map<string, Promise<string[]>>;
  staleAt: number;
}

export class ExamCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly bus: Bus) {
    bus.subscribe(EXAM_CHANGED_TOPIC, (id) => this.forget(id));
  }

  /** The live exam `id` (undefined when missing or deleted). */
  exam(db: Executor, id: string): Promise<ElExamTable | undefined> {
    const e = this.entry(id);
    return (e.exam ??= this.guard(id, e, repo.findExam(db, id), (x) => (e.exam = x)));
  }

  /** The paper part of exam `exam` (its method and drawCount from the row given). */
  part(db: Executor, exam: Pick<ElExamTable, 'id' | 'paperMethod' | 'drawCount'>): Promise<CachedPart> {
    const e = this.entry(exam.id);
    const load = async (): Promise<CachedPart> => {
      const [rules, qus] = await Promise.all([repo.rulesOf(db, [exam.id]), repo.examQusOf(db, [exam.id])]);
      return {
        paperMethod: exam.paperMethod,
        ruleList: rules.map((r) => ({ repoId: r.repoId, quType: r.quType, level: r.level, chapterId: r.chapterId, quCount: r.quCount, quScore: r.quScore })),
        quList: qus.map((q) => ({ quId: q.quId, score: q.score })),
        drawCount: exam.drawCount,
      };
    };
    return (e.part ??= this.guard(exam.id, e, load(), (x) => (e.part = x)));
  }

  /** The department codes ('dept') or user ids ('user') the exam is open to. */
  refIds(db: Executor, id: string, refType: 'dept' | 'user'): Promise<string[]> {
    const e = this.entry(id);
    let p = e.refs.get(refType);
    if (!p) {
      p = this.guard(id, e, repo.refIdsOf(db, id, refType), (x) => (x ? e.refs.set(refType, x) : e.refs.delete(refType)));
      e.refs.set(refType, p);
    }
    return p;
  }

  /** Drops exam `id` here at once and in every other process (after its write committed). */
  async drop(ids: readonly string[]): Promise<void> {
    for (const id of ids) {
      this.forget(id);
      await this.bus.publish(EXAM_CHANGED_TOPIC, id);
    }
  }

  private entry(id: string): Entry {
    let e = this.entries.get(id);
    if (!e || e.staleAt <= performance.now()) {
      e = { refs: new Map(), staleAt: performance.now() + EXAM_CACHE_MS };
      this.entries.set(id, e);
    }
    return e;
  }

  /** `read`, forgotten again when it fails. (A drop replaces the whole entry: a read that started before it lands in the old one.) */
  private guard<T>(id: string, e: Entry, read: Promise<T>, set: (x: Promise<T> | undefined) => void): Promise<T> {
    read.catch(() => {
      if (this.entries.get(id) === e) set(undefined);
    });
    return read;
  }

  private forget(id: string): void {
    this.entries.delete(id);
  }
}
