/** Tables of the class-exam module (issue 13 "Classes: exams"): exams linked to training classes. Owned by this module only. */
import type { Flag } from '../../db/schema';

/** An exam linked to a class; UNIQUE (classId, examId). */
export interface ElClassExamTable {
  id: string;
  classId: string;
  examId: string;
  sort: number;
  /** 1: counts toward the class's requirement 'exam' (通过培训考试). */
  required: Flag;
}

declare module '../../db/schema' {
  interface DB {
    el_class_exam: ElClassExamTable;
  }
}
