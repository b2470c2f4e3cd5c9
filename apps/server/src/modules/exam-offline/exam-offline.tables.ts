/** Tables of the exam-offline module: the register of offline exam scores (issue 8 "Offline exams"). Owned by this module only. */
import type { Ms } from '../../db/schema';

export interface ElExamOfflineTable {
  id: string;
  examId: string;
  userId: string;
  /** The learner's account and real name when the score was entered. */
  userName: string;
  realName: string;
  /** The learner's department when first entered: the results list's data scope. */
  deptCode: string;
  /** The learner's paper for this exam (el_paper, offline 1), written through PaperService.recordOffline. */
  paperId: string;
  userScore: number;
  /** When the exam was sat (epoch ms): the paper's hand time. */
  examTime: Ms;
  /** 1 imported, 2 typed in (OfflineSource). */
  source: number;
  createBy: string;
  createTime: Ms;
  updateBy: string;
  updateTime: Ms;
}

declare module '../../db/schema' {
  interface DB {
    el_exam_offline: ElExamOfflineTable;
  }
}
