/** Tables of the train module: training records and their questions (SPEC §3 "Train record", issue 10). Owned by this module only. */
import type { Flag, Ms } from '../../db/schema';

export interface ElTrainTable {
  id: string;
  userId: string;
  /** The learner's department when the record was made (data scope of admin statistics). */
  deptCode: string;
  repoId: string;
  /** TrainMode 1–6. */
  mode: number;
  /** Mode 4: the question type; 0 otherwise. */
  quType: number;
  /** Mode 6: the chapter; '' otherwise. */
  chapterId: string;
  /** Top-level questions drawn. */
  totalCount: number;
  /** Top-level questions checked. */
  answerCount: number;
  /** Top-level questions checked right (always 0 in mode 3). */
  rightCount: number;
  /** rightCount / answerCount in whole per cent (always 0 in mode 3). */
  percent: number;
  /** 0 ongoing, 1 ended (TrainState). */
  state: number;
  /**
   * `userId|repoId|mode|quType|chapterId` while the record is ongoing, null once ended: a unique
   * index on it lets one learner have at most one unfinished record per bank and mode (NULLs never
   * collide on SQLite or PostgreSQL).
   */
  openKey: string | null;
  createTime: Ms;
  updateTime: Ms;
}

export interface ElTrainQuTable {
  id: string;
  trainId: string;
  quId: string;
  /** The combined question (its quId) of a sub-question; '' for a top-level question. */
  parentQuId: string;
  quType: number;
  /** Order on the answer card (top-level, from 1); sub-questions keep their order within the parent. */
  sort: number;
  /** 1 once checked (mode 3: once shown with its answer). */
  answered: Flag;
  isRight: Flag;
  /**
   * The learner's answer: choice types a JSON array of option ids; 4 the text; 5 JSON
   * `["blank 1", …]`; 6 JSON `{ "<left-hand option id>": "<item>" }` (as el_paper_qu.answer).
   */
  answer: string;
  updateTime: Ms;
}

declare module '../../db/schema' {
  interface DB {
    el_train: ElTrainTable;
    el_train_qu: ElTrainQuTable;
  }
}
