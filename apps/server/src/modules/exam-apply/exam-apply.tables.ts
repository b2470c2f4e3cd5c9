/** Tables of the exam-apply module: learners' applications to exams that need approval (SPEC §3 "Exam apply"). Owned by this module only. */
import type { Ms } from '../../db/schema';

export interface ElExamApplyTable {
  id: string;
  examId: string;
  userId: string;
  /** The applicant's account and real name when applying (the audit list shows and filters them). */
  userName: string;
  realName: string;
  /** The applicant's department when applying: the audit list's data scope. */
  deptCode: string;
  applyMsg: string;
  /** 0 pending, 1 approved, 2 rejected (ApplyState). At most one row in 0 or 1 per (exam, user). */
  state: number;
  auditMsg: string;
  /** The administrator who audited it ('' while pending). */
  auditBy: string;
  auditTime: Ms | null;
  createTime: Ms;
  updateTime: Ms;
}

declare module '../../db/schema' {
  interface DB {
    el_exam_apply: ElExamApplyTable;
  }
}
