/** Tables of the pj module: evaluation questionnaires and their anonymous answers (issue 13 "Evaluations"). Owned by this module only. */
import type { Ms } from '../../db/schema';

/** One questionnaire (评估问卷) of a class, optionally of one lesson of it. */
export interface ElPjTable {
  id: string;
  /** The training class (a reference by id). */
  classId: string;
  /** A face-to-face lesson of the class ('' class-level; a plain reference, no foreign key). */
  lessonId: string;
  title: string;
  description: string;
  /** The answer window (0: no bound). */
  startTime: Ms;
  endTime: Ms;
  /** JSON `[{id, itemType: 'rate'|'text', title, required}]` (contracts PjItem). */
  items: string;
  /** contracts PjState: 0 enabled, 1 disabled. */
  state: number;
  createBy: string;
  createTime: Ms;
  updateTime: Ms;
}

/** One learner's answer to a questionnaire (unique pj + user). The user id serves the once-rule and the requirement; results never read it. */
export interface ElPjAnswerTable {
  id: string;
  pjId: string;
  classId: string;
  userId: string;
  createTime: Ms;
}

/** One item of an answer: `score` 1–5 for rate items (0 none), `text` for text items ('' none). No user id. */
export interface ElPjAnswerItemTable {
  id: string;
  answerId: string;
  pjId: string;
  itemId: string;
  score: number;
  text: string;
  createTime: Ms;
}

declare module '../../db/schema' {
  interface DB {
    el_pj: ElPjTable;
    el_pj_answer: ElPjAnswerTable;
    el_pj_answer_item: ElPjAnswerItemTable;
  }
}
