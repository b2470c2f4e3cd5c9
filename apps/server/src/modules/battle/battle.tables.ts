/** Tables of the battle module (answer battles 答题竞赛, issue 10). Owned by this module only. */
import type { Ms } from '../../db/schema';

/** A battle. The list-valued fields are JSON arrays in text columns. */
export interface ElBattleTable {
  id: string;
  title: string;
  /** JSON array of bank ids. */
  repoIds: string;
  /** JSON array of question types (1, 2, 3). */
  quTypes: string;
  questionCount: number;
  secondsPerQuestion: number;
  /** When the first question opens (epoch ms). */
  startTime: Ms;
  /** After the last question's reveal (epoch ms), derived from the schedule at save. */
  endTime: Ms;
  /** Learners may join from this many minutes before startTime. */
  joinMinutes: number;
  /** 1 everybody, 2 the departments of deptCodes. */
  openType: number;
  /** JSON array of department codes (openType 2). */
  deptCodes: string;
  createBy: string;
  createTime: Ms;
  updateTime: Ms;
}

/** The questions drawn for a battle, in their order (sort 0…questionCount-1). */
export interface ElBattleQuTable {
  id: string;
  battleId: string;
  quId: string;
  sort: number;
}

/** A learner who joined a battle, with the running totals of the ranking. */
export interface ElBattlePlayerTable {
  id: string;
  battleId: string;
  userId: string;
  /** The learner's name and department at joining (no join of sys_user in lists). */
  realName: string;
  deptCode: string;
  points: number;
  rightCount: number;
  answerCount: number;
  /** Sum of the answer times (ms from each question's opening), the tie-break. */
  totalMs: number;
  joinTime: Ms;
}

/** One answer of one player to one question: unique per (battle, question, player), so it counts once. */
export interface ElBattleAnswerTable {
  id: string;
  battleId: string;
  quId: string;
  userId: string;
  /** JSON array of the chosen option ids. */
  answers: string;
  isRight: number;
  points: number;
  answerMs: number;
  createTime: Ms;
}

declare module '../../db/schema' {
  interface DB {
    el_battle: ElBattleTable;
    el_battle_qu: ElBattleQuTable;
    el_battle_player: ElBattlePlayerTable;
    el_battle_answer: ElBattleAnswerTable;
  }
}
