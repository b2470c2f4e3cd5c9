/**
 * Exams of training classes (issue 13 "Classes": class content "exams", required completion "exam
 * passed"). An administrator links live exams to a class with an order and a required flag
 * (`/api/trainClass/exam/*`, ours: SPEC §7 shows no payload). Enrolled learners may sit a linked
 * exam even when its open type would not let them in (a grant registered with module exam); the
 * class's requirement 'exam' = required linked exams passed / required total.
 */
import { z } from 'zod';
import { idSchema, pagingReq, pagingRes } from './common';
import { json } from './endpoint';
import { TrainClassPerm } from './train-class';

/** Permission code of 培训管理 → 培训班 → 培训班考试 (edit the linked exams). */
export const ClassExamPerm = {
  EXAM: 'train:class:exam',
} as const;

/** One linked exam of the save call. */
export const classExamItem = z.object({
  examId: z.string({ error: '请选择考试！' }).trim().min(1, '请选择考试！').max(32, 'ID格式不正确！'),
  sort: z.number({ error: '排序必须为整数！' }).int('排序必须为整数！').min(0, '排序不能小于0！').max(100000, '排序不能大于100000！').default(0),
  required: z.boolean({ error: '开关值不正确！' }).default(true),
});
/** POST /api/trainClass/exam/save: replaces the class's exams (order = sort, else list order). */
export const classExamSaveReq = z.object({
  classId: idSchema,
  examList: z.array(classExamItem, { error: '考试列表格式不正确！' }).max(100, '考试不能超过100个！'),
});
export type ClassExamSaveReq = z.infer<typeof classExamSaveReq>;

/** A linked exam as the admin sees it. */
export const classExamRecord = z.object({
  id: z.string(),
  classId: z.string(),
  examId: z.string(),
  /** The exam's title ('' when it was deleted since). */
  examId_dictText: z.string(),
  sort: z.number().int(),
  required: z.boolean(),
});
export type ClassExamRecord = z.infer<typeof classExamRecord>;
export const classExamPagingReq = pagingReq(z.object({ classId: idSchema }));

/** A linked exam on the learner's class page, with his standing. */
export const classMyExam = z.object({
  examId: z.string(),
  title: z.string(),
  sort: z.number().int(),
  required: z.boolean(),
  /** Window (yyyy-MM-dd HH:mm:ss, Asia/Shanghai), null = open-ended. */
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  /** Minutes. */
  totalTime: z.number().int(),
  totalScore: z.number().int(),
  qualifyScore: z.number().int(),
  /** Attempts allowed (0 unlimited) and used. */
  chance: z.number().int(),
  tryCount: z.number().int(),
  /** The caller's best score over his marked papers; null before the first marked paper. */
  bestScore: z.number().nullable(),
  passed: z.boolean(),
  /** Whether the exam may be started (or resumed) now: enabled, online, inside its window, attempts left. */
  canStart: z.boolean(),
  /** Why not ('' when canStart). */
  startTip: z.string(),
  /** The exam check page to go to (/web/exam/check/{examId}). */
  checkPath: z.string(),
});
export type ClassMyExam = z.infer<typeof classMyExam>;

/** Calls of class exams (all ours). */
export const classExamApi = {
  save: json({ path: '/api/trainClass/exam/save', summary: '保存培训班考试（顺序与必考）', access: ClassExamPerm.EXAM, body: classExamSaveReq, data: z.object({ count: z.number().int() }), ours: true }),
  detail: json({ path: '/api/trainClass/exam/detail', readOnly: true, summary: '培训班考试列表（管理）', access: TrainClassPerm.LIST, body: z.object({ classId: idSchema }), data: z.array(classExamRecord), ours: true }),
  paging: json({ path: '/api/trainClass/exam/paging', readOnly: true, summary: '分页查询培训班考试（管理）', access: TrainClassPerm.LIST, body: classExamPagingReq, data: pagingRes(classExamRecord), ours: true }),
  myList: json({ path: '/api/trainClass/exam/my-list', readOnly: true, summary: '我的培训班考试（成绩、是否通过、能否开考）', access: 'user', body: z.object({ classId: idSchema }), data: z.array(classMyExam), ours: true }),
};
