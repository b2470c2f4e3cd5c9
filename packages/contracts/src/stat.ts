/**
 * Dashboard statistics (SPEC §2 Dashboard, §3 "Dashboard totals", user trend, course and exam rows,
 * exam overview, learning statistics; §7 /api/stat/*; §9 dashboard lists of 5). Every figure
 * counts only the users, papers and learning of the caller's data scope (sysRole.dataScopeOf).
 * Days are calendar days in Asia/Shanghai, `dateStr` `yyyy-MM-dd`, oldest first, today last.
 */
import { z } from 'zod';
import { pagingReq, pagingRes } from './common';
import { json } from './endpoint';

export const totalNumRes = z.object({
  repoCount: z.number().int(),
  quCount: z.number().int(),
  examCount: z.number().int(),
  /** Courses (not deleted; module course). */
  courseCount: z.number().int(),
  /** Course files (module courseFile). */
  fileCount: z.number().int(),
  /** Users (not deleted) of the caller's data scope. */
  userCount: z.number().int(),
  /** Certificates granted (valid, expired or revoked). */
  grantCount: z.number().int(),
  /** Message templates. */
  tmplCount: z.number().int(),
  /** Answer battles (module battle; the dashboard shows it only when the site's moduleBattle is on). */
  battleCount: z.number().int(),
});
export type TotalNum = z.infer<typeof totalNumRes>;

/** Number of days of the trend charts (today and the 6 before it). */
export const DASH_DAYS = 7;
/** Page size of the dashboard's in-progress lists (SPEC §9). */
export const DASH_LIST_SIZE = 5;

/**
 * User trend row: `newUser` accounts created that day, `activeUser` distinct users who logged in
 * that day (their first login of the day, any method), `allUser` accounts created up to the end of
 * that day and not deleted.
 */
export const userWeekRow = z.object({ dateStr: z.string(), newUser: z.number().int(), activeUser: z.number().int(), allUser: z.number().int() });
export type UserWeekRow = z.infer<typeof userWeekRow>;

/**
 * Exam overview row: over the papers handed in that day (online and offline results, hand time in
 * the day), `examCount` distinct exams, `examUser` distinct users who handed in, `passUser`
 * distinct users with a passed paper among them.
 */
export const examWeekRow = z.object({ dateStr: z.string(), examCount: z.number().int(), examUser: z.number().int(), passUser: z.number().int() });
export type ExamWeekRow = z.infer<typeof examWeekRow>;

/**
 * Learning statistics row: `learnUser` distinct learners whose last study of a course file was
 * that day, `finishUser` distinct learners who finished a course that day, `avgTime` the average
 * credited study time in MINUTES (one decimal) of those learners, over the files they studied that
 * day (the files' whole credited time: the study tables keep one row per learner and file).
 */
export const learnWeekRow = z.object({ dateStr: z.string(), learnUser: z.number().int(), finishUser: z.number().int(), avgTime: z.number() });
export type LearnWeekRow = z.infer<typeof learnWeekRow>;

const dashParams = z.object({ title: z.string().max(100, '标题不能超过100个字符！').optional() });
const dashBase = pagingReq(dashParams);
/** Paging request of a dashboard list: current, size (default 5), params.title (contains). */
export const dashPagingReq = dashBase.extend({ size: dashBase.shape.size.unwrap().default(DASH_LIST_SIZE) });

/** An enabled course with learners in progress: `procCount` learners started and not finished, `finishCount` learners who finished. */
export const dashCourseRow = z.object({ id: z.string(), title: z.string(), procCount: z.number().int(), finishCount: z.number().int() });
export type DashCourseRow = z.infer<typeof dashCourseRow>;

/** An enabled exam whose window holds now: `procCount` users with a paper in progress, `handCount` papers handed in. */
export const dashExamRow = z.object({ id: z.string(), title: z.string(), procCount: z.number().int(), handCount: z.number().int() });
export type DashExamRow = z.infer<typeof dashExamRow>;

/** Permission codes of statistics (SPEC §6). */
export const StatPerm = { DASHBOARD: 'sys:dashboard' } as const;

/** Calls of statistics (SPEC §7 "Certificates, points, statistics"). */
export const statApi = {
  totalNumAll: json({ path: '/api/stat/total/num/all', readOnly: true, summary: '控制台统计数字', access: StatPerm.DASHBOARD, data: totalNumRes }),
  userWeek: json({ path: '/api/stat/total/user/week', readOnly: true, summary: '近7天用户趋势', access: StatPerm.DASHBOARD, data: z.array(userWeekRow) }),
  examWeek: json({ path: '/api/stat/total/exam/week', readOnly: true, summary: '近7天考试概况', access: StatPerm.DASHBOARD, data: z.array(examWeekRow) }),
  learnWeek: json({ path: '/api/stat/total/learn/week', readOnly: true, summary: '近7天学习统计', access: StatPerm.DASHBOARD, data: z.array(learnWeekRow) }),
  dashCourseList: json({ path: '/api/stat/course/dash-course-list', readOnly: true, summary: '进行中的课程', access: StatPerm.DASHBOARD, body: dashPagingReq, data: pagingRes(dashCourseRow) }),
  dashExamList: json({ path: '/api/stat/exam/dash-exam-list', readOnly: true, summary: '进行中的考试', access: StatPerm.DASHBOARD, body: dashPagingReq, data: pagingRes(dashExamRow) }),
};
