/** Tables of the exam module: Exams and their drawing rules (SPEC §3 "Exam"). Owned by this module only. */
import type { Ms, Flag } from '../../db/schema';

export interface ElExamTable {
  id: string;
  title: string;
  content: string;
  openType: number;
  state: number;
  startTime: Ms | null;
  endTime: Ms | null;
  totalTime: number;
  totalScore: number;
  qualifyScore: number;
  chance: number;
  /** Certificate template granted to those who pass (module cert), null for none. */
  certId: string | null;
  /** 1 formal, 2 mock (SPEC §3 exam list row examType). */
  examType: number;
  /** Open type 9: the password asked at create-paper; '' otherwise. */
  password: string;
  /** Points spent to sit it (module points), 0 = free. */
  pointsCost: number;
  /** Earliest hand-in, minutes after the paper started (0 = any time). */
  handMinMinutes: number;
  /** Latest start, minutes after the window opens (0 = until the window ends). */
  lateMaxMinutes: number;
  /** 1 thanks text only, 2 thanks and score, 3 the full paper with answers. */
  resultShow: number;
  /** Shown after hand-in (result_show 1 and 2). */
  thanksText: string;
  shuffleQu: Flag;
  shuffleOption: Flag;
  /** Multiple choice: half the score for a strict subset of the right options and no wrong one. */
  partialCredit: Flag;
  /** Proctoring settings used by the exam page (issue 12): camera, capture interval (minutes), face check, leave monitoring. */
  camOn: Flag;
  camInterval: number;
  faceOn: Flag;
  /** Consecutive failed captures before a forced hand-in (issue 12). */
  faceChance: number;
  leaveOn: Flag;
  /** Seconds away that count as a leave. */
  leaveCheck: number;
  /** Leaves allowed before the paper is handed in. */
  leaveCount: number;
  pasteOff: Flag;
  fullscreenOn: Flag;
  /** 1: create-paper needs an approved application (module exam-apply). */
  needApply: Flag;
  /** 1 random rules, 2 selected questions (el_exam_qu), 3 draw `drawCount` from the pool el_exam_qu. */
  paperMethod: number;
  drawCount: number;
  /** 1 one marker, 2 double-blind; `markDiff`: a larger difference between the two goes to an arbiter. */
  markMode: number;
  markDiff: number;
  /** 1: held on paper; results typed in or imported (no online paper). */
  offline: Flag;
  deleted: Flag;
  createBy: string;
  createTime: Ms;
  updateTime: Ms;
}
export interface ElExamRuleTable {
  id: string;
  examId: string;
  repoId: string;
  quType: number;
  quCount: number;
  quScore: number;
  /** 0 any level, 1 normal, 2 hard. */
  level: number;
  /** '' any chapter. */
  chapterId: string;
  sort: number;
}
/** A fixed question of an exam (paper methods 2 select and 3 draw), with its score. */
export interface ElExamQuTable {
  id: string;
  examId: string;
  quId: string;
  score: number;
  sort: number;
}
/** Who an exam is open to: departments (refType 'dept', refId a deptCode; sub-departments included) or people ('user', a userId). */
export interface ElExamRefTable {
  id: string;
  examId: string;
  refType: string;
  refId: string;
}

declare module '../../db/schema' {
  interface DB {
    el_exam: ElExamTable;
    el_exam_rule: ElExamRuleTable;
    el_exam_qu: ElExamQuTable;
    el_exam_ref: ElExamRefTable;
  }
}
