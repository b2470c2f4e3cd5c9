/**
 * Completion requirements of training classes (issue 13 "required completion: courses finished,
 * sessions attended, exam passed, evaluation done"; contracts CLASS_REQUIREMENT_TITLE).
 *
 * Each requirement is asked by a flag of the class (finishCourses, finishSessions, finishExam,
 * finishEval) and measured by the module that owns its data: 'courses' by this module, the others by
 * modules that call `trainClass.requirements.register(key, measure)` in their `start`. A class
 * completes for an enrolled learner when it asks at least one requirement and every asked one is met;
 * an asked requirement whose module is absent is never met (the class cannot complete, rather than
 * complete without it). A requirement with nothing to do (total 0) is met, except 'courses', where a
 * class asking for courses without a required one cannot complete (the rule of the first slice).
 *
 * Modules whose data moves a requirement (a sign-in, a passed exam, an answered evaluation) call
 * `trainClass.settle(classId, userId)` after their transaction commits.
 */
import { CLASS_REQUIREMENT_TITLE, type ClassRequirement, type ClassRequirementKey } from '@kaopei/contracts/train-class';
import type { TrainClass } from './train-class.view';

/** The learner's standing in one requirement: items done / asked. */
export interface RequirementStanding {
  done: number;
  total: number;
}

/** Measures a requirement for one learner of one class (called only for enrolled learners). */
export type RequirementMeasure = (c: TrainClass, userId: string) => Promise<RequirementStanding>;

const FLAG: Record<ClassRequirementKey, (c: TrainClass) => boolean> = {
  courses: (c) => c.finishCourses === 1,
  sessions: (c) => c.finishSessions === 1,
  exam: (c) => c.finishExam === 1,
  eval: (c) => c.finishEval === 1,
};
const ORDER = Object.keys(CLASS_REQUIREMENT_TITLE) as ClassRequirementKey[];

export class ClassRequirements {
  private readonly measures = new Map<ClassRequirementKey, RequirementMeasure>();

  /** Registers the module measuring `key`; a second registration of one key is a programming error. */
  register(key: ClassRequirementKey, measure: RequirementMeasure): void {
    if (this.measures.has(key)) throw new Error(`class requirement ${key} registered twice`);
    this.measures.set(key, measure);
  }

  /**
   * The requirements the class asks, with the learner's standing, in the order of
   * CLASS_REQUIREMENT_TITLE. `known`: standings the caller has already measured (the class page
   * counts the courses anyway), used instead of measuring again.
   */
  async of(c: TrainClass, userId: string, known: Partial<Record<ClassRequirementKey, RequirementStanding>> = {}): Promise<ClassRequirement[]> {
    const asked = ORDER.filter((key) => FLAG[key](c));
    return Promise.all(
      asked.map(async (key) => {
        const measure = this.measures.get(key);
        const s = measure ? (known[key] ?? (await measure(c, userId))) : { done: 0, total: 0 };
        const met = measure !== undefined && s.done >= s.total && (key !== 'courses' || s.total > 0);
        return { key, title: CLASS_REQUIREMENT_TITLE[key], done: s.done, total: s.total, met };
      }),
    );
  }

  /** The registered requirements in the fixed order, with whether the class asks each. */
  keysOf(c: TrainClass): { key: ClassRequirementKey; title: string; asked: boolean }[] {
    return ORDER.filter((key) => this.measures.has(key)).map((key) => ({ key, title: CLASS_REQUIREMENT_TITLE[key], asked: FLAG[key](c) }));
  }

  /**
   * Every registered requirement (asked by the class or not) with the learner's standing, in the fixed
   * order: the class statistics show them all.
   */
  async measureAll(c: TrainClass, userId: string): Promise<{ key: ClassRequirementKey; title: string; done: number; total: number; asked: boolean }[]> {
    return Promise.all(
      this.keysOf(c).map(async (k) => {
        const s = await (this.measures.get(k.key) as RequirementMeasure)(c, userId);
        return { ...k, done: s.done, total: s.total };
      }),
    );
  }

  /** Whether the listed requirements complete the class: at least one, all met. */
  static complete(list: readonly ClassRequirement[]): boolean {
    return list.length > 0 && list.every((r) => r.met);
  }
}
