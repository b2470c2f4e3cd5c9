/** Tables of the book module: the wrong book (错题本) and the answers that fed it. Owned by this module only. */
import type { Ms, Flag } from '../../db/schema';

/** One question a learner got wrong in one exam (unique user + exam + question). */
export interface ElUserBookTable {
  id: string;
  userId: string;
  examId: string;
  quId: string;
  quType: number;
  /** Where it was first recorded (contracts BookSource: 1 exam, 2 training). */
  source: number;
  /** Wrong answers counted (exam papers, training, practice). */
  wrongCount: number;
  /** Right answers in a row since the last wrong one. */
  rightStreak: number;
  createTime: Ms;
  updateTime: Ms;
}

/**
 * One answer that fed the book. (source, refId, quId) is unique: source 1 refId = the paper id,
 * 2 = the training record id, 0 (practice) a new id per check.
 */
export interface ElUserBookLogTable {
  id: string;
  userId: string;
  examId: string;
  quId: string;
  source: number;
  refId: string;
  isRight: Flag;
  createTime: Ms;
}

declare module '../../db/schema' {
  interface DB {
    el_user_book: ElUserBookTable;
    el_user_book_log: ElUserBookLogTable;
  }
}
