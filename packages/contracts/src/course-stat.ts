/**
 * Course statistics (admin CourseStat, route param courseId; issue 11 "CourseStat"): how many
 * learners the course is open to, how many started and finished it, the average credited study
 * time, the same per file, and the learners who started it (paged; all of them in the xlsx export).
 * Progress comes from the study module (courseStudy.statRows); times are seconds.
 */
import { z } from 'zod';
import { idReq, idSchema, pagingReq, pagingRes } from './common';
import { download, json } from './endpoint';
import { CoursePerm } from './course';

export const courseStatFile = z.object({
  fileId: z.string(),
  title: z.string(),
  fileType_dictText: z.string(),
  needSec: z.number().int(),
  startedCount: z.number().int(),
  finishedCount: z.number().int(),
  /** Average credited seconds of those who started the file. */
  avgLearnSec: z.number().int(),
});
export type CourseStatFile = z.infer<typeof courseStatFile>;

export const courseStat = z.object({
  courseId: z.string(),
  title: z.string(),
  openType_dictText: z.string(),
  /** Learners the course is open to (everybody, its departments' learners, its named people). */
  learnerCount: z.number().int(),
  startedCount: z.number().int(),
  finishedCount: z.number().int(),
  /** Average credited seconds over the learners who started it. */
  avgLearnSec: z.number().int(),
  /** Required seconds of the whole course. */
  totalSec: z.number().int(),
  files: z.array(courseStatFile),
});
export type CourseStat = z.infer<typeof courseStat>;

export const courseStatLearner = z.object({
  userId: z.string(),
  userName: z.string(),
  realName: z.string(),
  deptCode: z.string(),
  /** Percent of the course. */
  process: z.number().int(),
  learnSec: z.number().int(),
  finished: z.boolean(),
  finishTime: z.string().nullable(),
});
export type CourseStatLearner = z.infer<typeof courseStatLearner>;

export const courseStatLearnersReq = pagingReq(z.object({ courseId: idSchema, finished: z.boolean().optional() }));

/** Calls of CourseStat. */
export const courseStatApi = {
  stat: json({ path: '/api/course/course/stat', readOnly: true, summary: '课程统计：开放人数、已学、完成、平均学习时长与各课件情况', access: CoursePerm.STAT, body: idReq, data: courseStat, ours: true }),
  learners: json({ path: '/api/course/course/stat-learners', readOnly: true, summary: '课程统计：已开始学习的学员（分页）', access: CoursePerm.STAT, body: courseStatLearnersReq, data: pagingRes(courseStatLearner), ours: true }),
  export: download({ path: '/api/course/course/stat-export', summary: '导出课程统计（xlsx）', access: CoursePerm.STAT, method: 'POST', body: idReq, fileName: '课程统计.xlsx', ours: true }),
};
