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
  sort: number;
}

declare module '../../db/schema' {
  interface DB {
    el_exam: ElExamTable;
    el_exam_rule: ElExamRuleTable;
  }
}
