/**
 * Learning statistics by department (issue 14 "Statistics": per course and per class, progress and
 * completion by department; per department, who has not finished what, with a "send reminder"
 * action through the message service). Admin page 统计分析 → 学习统计 (/admin/stat/study).
 *
 * People are the learners (learner role, live, state 0) of a department subtree: `deptCode` of a
 * request (absent: the caller's data scope, or every department). An administrator whose role is
 * limited to his department may only name a department inside it (10010004 otherwise). Times are
 * seconds, rates integer percents (floor).
 */
import { z } from 'zod';
import { defineErrors } from './errors';
import { idSchema, pagingReq, pagingRes } from './common';
import { download, json } from './endpoint';
import { defineNotifyEvent } from './notify-event';

/** Permission codes of 学习统计. */
export const StudyStatPerm = {
  VIEW: 'stat:study:view',
  REMIND: 'stat:study:remind',
} as const;

/** What the unfinished list is about. */
export const StudyTargetKind = { COURSE: 'course', CLASS: 'class', EXAM: 'exam' } as const;
export const STUDY_TARGET_KIND_LABEL: Record<string, string> = { course: '课程', class: '培训班', exam: '考试' };
export const studyTargetKind = z.enum(['course', 'class', 'exam'], { error: '请选择统计对象类型！' });

/** Why a person is on the unfinished list. */
export const UnfinishedState = { NOT_STARTED: 0, IN_PROGRESS: 1, NOT_HANDED: 2, WAIT_MARK: 3, NOT_PASSED: 4 } as const;
export const UNFINISHED_STATE_LABEL: Record<number, string> = { 0: '未开始', 1: '学习中', 2: '未交卷', 3: '待阅卷', 4: '未通过' };

export const StudyStatError = defineErrors({
  /** A reminder with nobody to reach (no one selected, or nobody on the list). */
  NO_ONE: { code: 20260001, msg: '没有需要提醒的人员！' },
});

/** A department subtree: absent means the caller's whole data scope. */
const deptCodeField = z.string().trim().max(64, '部门编码格式不正确！').optional();

export const studyCourseReq = z.object({ courseId: idSchema, deptCode: deptCodeField });
export const studyClassReq = z.object({ classId: idSchema, deptCode: deptCodeField });

/** One department of the subtree; every figure counts the department AND the departments under it. */
export const studyCourseDeptRow = z.object({
  deptCode: z.string(),
  deptName: z.string(),
  /** Parent department code ('' for the subtree's root row). */
  parentCode: z.string(),
  /** Learners the course is open to. */
  openCount: z.number().int(),
  /** Of those, who started it (a study record) … */
  startedCount: z.number().int(),
  /** … and who finished it. */
  finishedCount: z.number().int(),
  /** finished / open, percent. */
  finishRate: z.number().int(),
  /** Average credited seconds over those who started it. */
  avgLearnSec: z.number().int(),
});
export type StudyCourseDeptRow = z.infer<typeof studyCourseDeptRow>;
export const studyCourseStat = z.object({ courseId: z.string(), title: z.string(), rows: z.array(studyCourseDeptRow) });
export type StudyCourseStat = z.infer<typeof studyCourseStat>;

export const studyClassDeptRow = z.object({
  deptCode: z.string(),
  deptName: z.string(),
  parentCode: z.string(),
  enrolledCount: z.number().int(),
  finishedCount: z.number().int(),
  /** finished / enrolled, percent. */
  finishRate: z.number().int(),
});
export type StudyClassDeptRow = z.infer<typeof studyClassDeptRow>;
export const studyClassStat = z.object({ classId: z.string(), title: z.string(), rows: z.array(studyClassDeptRow) });
export type StudyClassStat = z.infer<typeof studyClassStat>;

export const unfinishedParams = z.object({
  kind: studyTargetKind,
  targetId: idSchema,
  deptCode: deptCodeField,
  /** Part of the account or real name. */
  userName: z.string().trim().max(100).optional(),
});
export const unfinishedPagingReq = pagingReq(unfinishedParams.partial());

export const unfinishedRecord = z.object({
  /** The user's id (row key). */
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  realName: z.string(),
  deptCode: z.string(),
  deptCode_dictText: z.string(),
  /** UnfinishedState. */
  state: z.number().int(),
  state_dictText: z.string(),
  /** Percent: course progress, class requirements done; exams 0. */
  process: z.number().int(),
});
export type UnfinishedRecord = z.infer<typeof unfinishedRecord>;

/**
 * A reminder: to `userIds` (one or the selected) or, with `all`, to everybody on the list. Sent
 * once per (target, user, requestId): a repeated request with the same requestId sends nothing.
 */
export const studyRemindReq = unfinishedParams.omit({ userName: true }).extend({
  requestId: z.string({ error: '请求标识不能为空！' }).trim().min(8, '请求标识格式不正确！').max(64, '请求标识格式不正确！'),
  userIds: z.array(idSchema).max(5000).optional(),
  all: z.boolean().optional(),
});
export type StudyRemindReq = z.infer<typeof studyRemindReq>;
export const studyRemindRes = z.object({
  /** The background job (more than 200 people), polled at /api/sys/job/detail; else null. */
  jobId: z.string().nullable(),
  /** Messages written by this call (0 when it went as a job or was a repeat). */
  sent: z.number().int(),
  /** People the reminder was for. */
  total: z.number().int(),
});
export type StudyRemindRes = z.infer<typeof studyRemindRes>;

/** The reminder message ({targetType}: 课程/培训班/考试). */
export const studyRemindEvent = defineNotifyEvent({
  key: 'study.remind',
  label: '学习提醒',
  vars: {
    targetType: { label: '对象类型', sample: '课程' },
    targetTitle: { label: '名称', sample: '安全生产培训' },
    stateText: { label: '当前状态', sample: '学习中' },
  },
  template: { title: '学习提醒：{targetTitle}', content: '<p>{realName}，您好！您的{targetType}“{targetTitle}”尚未完成（{stateText}），请尽快完成。</p>' },
});

const xlsx = <B extends z.ZodType>(path: string, summary: string, body: B, fileName: string) =>
  download({ path, summary, access: StudyStatPerm.VIEW, method: 'POST', body, fileName, ours: true });

/** Calls of 学习统计. */
export const studyStatApi = {
  course: json({ path: '/api/stat/study/course', readOnly: true, summary: '学习统计：课程按部门的开放、开始、完成人数、完成率与平均学习时长', access: StudyStatPerm.VIEW, body: studyCourseReq, data: studyCourseStat, ours: true }),
  courseExport: xlsx('/api/stat/study/course-export', '导出课程按部门统计（xlsx）', studyCourseReq, '课程学习统计.xlsx'),
  trainClass: json({ path: '/api/stat/study/class', readOnly: true, summary: '学习统计：培训班按部门的报名、结业人数与结业率', access: StudyStatPerm.VIEW, body: studyClassReq, data: studyClassStat, ours: true }),
  classExport: xlsx('/api/stat/study/class-export', '导出培训班按部门统计（xlsx）', studyClassReq, '培训班学习统计.xlsx'),
  unfinished: json({ path: '/api/stat/study/unfinished', readOnly: true, summary: '学习统计：部门内未完成课程、培训班或考试的人员（分页）', access: StudyStatPerm.VIEW, body: unfinishedPagingReq, data: pagingRes(unfinishedRecord), ours: true }),
  remind: json({ path: '/api/stat/study/remind', summary: '学习统计：向未完成人员发送学习提醒（同一请求只发送一次）', access: StudyStatPerm.REMIND, body: studyRemindReq, data: studyRemindRes, ours: true }),
};
