/**
 * Training-class statistics and export (issue 13 "Class statistics and exports: sign-ups, attendance,
 * study progress, exam results, evaluation averages"): seat counts by state and completion, then one
 * row per enrolled learner with his standing in every registered completion requirement (courses
 * finished, sessions attended, exams passed, evaluations answered — whichever modules measure them),
 * whether or not the class asks for it; the same as an xlsx. Evaluation averages are the evaluation
 * module's result view.
 */
import { z } from 'zod';
import { idSchema, pagingReq, pagingRes } from './common';
import { download, json } from './endpoint';
import { classIdReq, TrainClassPerm } from './train-class';

export const CLASS_STAT_FILE = '培训班统计.xlsx';

export const classStatSummary = z.object({
  classId: z.string(),
  title: z.string(),
  /** Seat rows by state (ClassUserState). */
  applied: z.number().int(),
  enrolled: z.number().int(),
  rejected: z.number().int(),
  withdrawn: z.number().int(),
  /** Enrolled learners who completed the class. */
  finished: z.number().int(),
  /** finished / enrolled, percent (0 when nobody is enrolled). */
  finishRate: z.number().int(),
});
export type ClassStatSummary = z.infer<typeof classStatSummary>;

export const classStanding = z.object({ key: z.string(), title: z.string(), done: z.number().int(), total: z.number().int(), asked: z.boolean() });
export const classStatUser = z.object({
  /** The seat's id (el_class_user). */
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  realName: z.string(),
  deptCode: z.string(),
  deptCode_dictText: z.string(),
  finished: z.boolean(),
  finishTime: z.string().nullable(),
  /** Every registered requirement in the fixed order; `asked` when the class's rule includes it. */
  standings: z.array(classStanding),
});
export type ClassStatUser = z.infer<typeof classStatUser>;

export const classStatUsersReq = pagingReq(
  z.object({ classId: idSchema.optional(), finished: z.boolean().optional(), userName: z.string().max(100).optional() }),
);

/** Calls of the class statistics (培训班 → 管理 → 培训统计). */
export const classStatApi = {
  summary: json({ path: '/api/trainClass/stat/summary', readOnly: true, summary: '培训班统计：报名、结业人数与结业率', access: TrainClassPerm.STAT, body: classIdReq, data: classStatSummary, ours: true }),
  users: json({ path: '/api/trainClass/stat/users', readOnly: true, summary: '培训班统计：学员学习、考勤、考试与评估情况', access: TrainClassPerm.STAT, body: classStatUsersReq, data: pagingRes(classStatUser), ours: true }),
  export: download({ path: '/api/trainClass/stat/export', summary: '导出培训班统计', access: TrainClassPerm.STAT, method: 'POST', body: classIdReq, fileName: CLASS_STAT_FILE, ours: true }),
};
