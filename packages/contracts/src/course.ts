/**
 * Courses (课程; SPEC §3 "Course", §7 /api/course/course/*, /api/course/buy/init; issue 11 "Courses
 * (admin, ListCourse)" and "Learner"). A course is an ordered list of course files (chapters) with
 * study settings (videoDrag: seeking allowed; checkOn + checkSec: a captcha check every checkSec
 * SECONDS of study), who it is open to (openType 1 everybody, 2 departments with their
 * sub-departments, 3 named people), a price (costPoints paid with points; salePrice in yuan, shown
 * only: no payment gateway, such a course is applied for and the administrator approves), and what
 * finishing it earns (certId, finishPoints). Q&A: course-qa.ts.
 */
import { z } from 'zod';
import { idReq, idSchema, idsReq, pagingReq, pagingRes, stateReq } from './common';
import { json } from './endpoint';
import { defineErrors } from './errors';
import { defineNotifyEvent } from './notify-event';

/** Open type of a course (SPEC §4 open types without 9): 1 everybody, 2 departments, 3 named people. */
export const CourseOpenType = { PUBLIC: 1, DEPT: 2, PEOPLE: 3 } as const;

/** Default captcha check interval, seconds. */
export const COURSE_CHECK_SEC_DEFAULT = 600;
/** Default required study time of a document: seconds per page (at least DOC_MIN_SEC). */
export const COURSE_DOC_SEC_PER_PAGE = 30;
/** Default required study time of a document with few or unknown pages, of a link, and of a video whose length is not known yet. */
export const COURSE_DOC_MIN_SEC = 60;

/**
 * Required study seconds of one file of a course (SPEC §3 "Course"; docs/decisions.md "Courses"):
 * `needMinutes` × 60 when the administrator set it; otherwise a video's duration (seconds, at least
 * 60 while unknown), a document's pageCount × 30 s (at least 60 s), a link's 60 s.
 */
export function courseNeedSec(file: { fileType: number; duration: number; pageCount: number }, needMinutes: number | null | undefined): number {
  if (needMinutes) return needMinutes * 60;
  if (file.fileType === 33) return file.duration > 0 ? file.duration : COURSE_DOC_MIN_SEC;
  if (file.fileType === 22) return Math.max(COURSE_DOC_MIN_SEC, file.pageCount * COURSE_DOC_SEC_PER_PAGE);
  return COURSE_DOC_MIN_SEC;
}

/** How a price is shown (SPEC §3: money, points, or both). */
export function coursePriceText(c: { costPoints: number; salePrice: number }): string {
  const parts = [c.salePrice > 0 ? `￥${c.salePrice.toFixed(2)}` : '', c.costPoints > 0 ? `${c.costPoints}积分` : ''].filter(Boolean);
  return parts.length ? parts.join(' / ') : '免费';
}

const intIn = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label}不能为空！` })
    .int(`${label}必须为整数！`)
    .min(min, `${label}不能小于${min}！`)
    .max(max, `${label}不能大于${max}！`);

/** One file of a course: the file, its chapter title, its order, the required minutes (null: the default, see courseNeedSec). */
export const courseFileItem = z.object({
  fileId: z.string({ error: '请选择课件！' }).trim().min(1, '请选择课件！').max(32, 'ID格式不正确！'),
  chapter: z.string().trim().max(100, '章节名称不能超过100个字符').default(''),
  sort: z.number().int().min(0).max(100000).default(0),
  needMinutes: intIn('要求学习时长', 1, 10000).nullish().transform((v) => v ?? null),
});
export type CourseFileItem = z.infer<typeof courseFileItem>;

const optionalId = z
  .string({ error: 'ID格式不正确！' })
  .trim()
  .max(32, 'ID格式不正确！')
  .nullish()
  .transform((v) => v || null);

/** POST /api/course/course/save: creates (no id) or updates a course with its files and open-to lists. */
export const courseSaveReq = z
  .object({
    id: idSchema.optional(),
    title: z.string({ error: '课程名称不能为空！' }).trim().min(1, '课程名称不能为空！').max(200, '课程名称不能超过200个字符'),
    cover: z.string().trim().max(1000, '封面地址不能超过1000个字符').default(''),
    /** Rich text, sanitised at save. */
    content: z.string().max(50000, '课程介绍不能超过50000个字符').default(''),
    catId: z.string().trim().max(64, '课程分类不正确！').default(''),
    /** True: the learner may seek freely; false: seeking forward is locked (SPEC §4 video player). */
    videoDrag: z.boolean({ error: '开关值不正确！' }).default(true),
    checkOn: z.boolean({ error: '开关值不正确！' }).default(false),
    /** Seconds of study between two captcha checks (60 … 7200). */
    checkSec: intIn('验证间隔', 60, 7200).default(COURSE_CHECK_SEC_DEFAULT),
    /** Face checks during study (issue 12): a camera capture every faceInterval minutes compared with the learner's real-name face. */
    faceOn: z.boolean({ error: '开关值不正确！' }).default(false),
    /** SPEC §9 "Study face check interval" (minutes, 1 … 120). */
    faceInterval: intIn('人脸验证间隔', 1, 120).default(10),
    /** Consecutive failed captures that end the study (1 … 10). */
    faceChance: intIn('人脸失败次数', 1, 10).default(3),
    openType: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '开放类型不正确！' }).default(1),
    /** Open type 2: the departments (codes; sub-departments included). Replaces the course's list. */
    deptCodes: z.array(z.string().trim().min(1).max(64)).max(500).default([]),
    /** Open type 3: the people. Replaces the course's list. */
    userIds: z.array(idSchema).max(5000).default([]),
    costPoints: intIn('所需积分', 0, 1_000_000).default(0),
    /** Yuan, at most two decimals (display only). */
    salePrice: z
      .number({ error: '课程价格不正确！' })
      .min(0, '课程价格不能小于0！')
      .max(1_000_000, '课程价格不能大于1000000！')
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, '课程价格最多两位小数！')
      .default(0),
    /** Certificate template granted on finishing, null for none. */
    certId: optionalId,
    finishPoints: intIn('完成奖励积分', 0, 100_000).default(0),
    /** 0 open, 1 disabled; omitted: new courses open, others unchanged. */
    state: z.union([z.literal(0), z.literal(1)], { error: '状态不正确！' }).optional(),
    fileList: z.array(courseFileItem, { error: '请至少添加一个课件！' }).min(1, '请至少添加一个课件！').max(500, '课件不能超过500个！'),
  })
  .superRefine((v, ctx) => {
    if (v.openType === 2 && v.deptCodes.length === 0) ctx.addIssue({ code: 'custom', path: ['deptCodes'], message: '请选择开放的部门！' });
    if (v.openType === 3 && v.userIds.length === 0) ctx.addIssue({ code: 'custom', path: ['userIds'], message: '请选择开放的人员！' });
    const seen = new Set<string>();
    v.fileList.forEach((f, i) => {
      if (seen.has(f.fileId)) ctx.addIssue({ code: 'custom', path: ['fileList', i], message: '课件不能重复添加！' });
      seen.add(f.fileId);
    });
  });
export type CourseSaveReq = z.infer<typeof courseSaveReq>;

/** A file of a course as both the admin form and the learner's detail show it. */
export const courseFileRow = z.object({
  fileId: z.string(),
  title: z.string(),
  fileType: z.number().int(),
  fileType_dictText: z.string(),
  /** Seconds (0 none). */
  duration: z.number().int(),
  pageCount: z.number().int(),
  chapter: z.string(),
  sort: z.number().int(),
  /** Required study seconds (courseNeedSec). */
  needSec: z.number().int(),
});
export type CourseFileRow = z.infer<typeof courseFileRow>;

/** Fields every course view has. */
const courseBase = {
  id: z.string(),
  title: z.string(),
  cover: z.string(),
  catId: z.string(),
  openType: z.number().int(),
  openType_dictText: z.string(),
  costPoints: z.number().int(),
  /** Yuan. */
  salePrice: z.number(),
  /** '￥12.00 / 100积分', '免费' … (coursePriceText). */
  priceText: z.string(),
  videoDrag: z.boolean(),
  checkOn: z.boolean(),
  checkSec: z.number().int(),
  faceOn: z.boolean(),
  faceInterval: z.number().int(),
  faceChance: z.number().int(),
  finishPoints: z.number().int(),
  certId: z.string().nullable(),
  fileCount: z.number().int(),
  /** Σ needSec of its files. */
  totalSec: z.number().int(),
};

/** A course as the admin list shows it. */
export const courseRecord = z.object({
  ...courseBase,
  state: z.number().int(),
  state_dictText: z.string(),
  createBy_dictText: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type CourseRecord = z.infer<typeof courseRecord>;

/** POST /api/course/course/admin/detail: everything the edit dialog needs. */
export const courseAdminDetail = courseRecord.extend({
  content: z.string(),
  deptCodes: z.array(z.string()),
  userList: z.array(z.object({ id: z.string(), userName: z.string(), realName: z.string() })),
  certId_dictText: z.string(),
  fileList: z.array(courseFileRow.extend({ needMinutes: z.number().int().nullable() })),
});
export type CourseAdminDetail = z.infer<typeof courseAdminDetail>;

/**
 * The caller's standing with a course: `free` (no price), `owned` (bought or approved), `applyState`
 * (-1 never applied, 0 waiting, 2 rejected), `canStudy` (open to them and free or owned).
 */
const learnerFields = {
  free: z.boolean(),
  owned: z.boolean(),
  applyState: z.number().int(),
  canStudy: z.boolean(),
};

/** A course in the learner's lists (my courses, public courses). */
export const courseLearnRecord = z.object({ ...courseBase, ...learnerFields });
export type CourseLearnRecord = z.infer<typeof courseLearnRecord>;

/** POST /api/course/course/detail: the learner's detail with its chapters (never anybody's progress). */
export const courseLearnDetail = courseLearnRecord.extend({
  content: z.string(),
  certId_dictText: z.string(),
  fileList: z.array(courseFileRow),
});
export type CourseLearnDetail = z.infer<typeof courseLearnDetail>;

/** POST /api/course/course/simple-detail: what the purchase dialog and list rows name. */
export const courseSimple = z.object({
  id: z.string(),
  title: z.string(),
  cover: z.string(),
  costPoints: z.number().int(),
  salePrice: z.number(),
  priceText: z.string(),
  ...learnerFields,
});
export type CourseSimple = z.infer<typeof courseSimple>;

/**
 * Admin list filters; `type` 1 asks for the course select (SPEC §7 "Course paging for selects:
 * size 100, params openType, title, type 1"): enabled courses only.
 */
export const coursePagingParams = z.object({
  title: z.string().max(200).optional(),
  openType: z.number().int().optional(),
  state: z.number().int().optional(),
  catId: z.string().max(64).optional(),
  type: z.number().int().optional(),
  excludes: z.array(idSchema).max(1000).optional(),
});
export const COURSE_SORT = ['title', 'createTime', 'updateTime'] as const;
export const coursePagingReq = pagingReq(coursePagingParams, { sort: COURSE_SORT, select: true });
export const coursePagingRes = pagingRes(courseRecord);

/** Learner lists: title and category filters. */
export const courseLearnPagingReq = pagingReq(z.object({ title: z.string().max(200).optional(), catId: z.string().max(64).optional() }));
export const courseLearnPagingRes = pagingRes(courseLearnRecord);

/** Ownership rows (el_course_user.state): 0 application waiting, 1 owned, 2 application rejected. */
export const CourseOwnState = { APPLIED: 0, OWNED: 1, REJECTED: 2 } as const;
export const COURSE_OWN_STATE_LABEL: Record<number, string> = { 0: '待审核', 1: '已拥有', 2: '已驳回' };
/** How an ownership row came to be. */
export const COURSE_OWN_SOURCE_LABEL: Record<string, string> = { points: '积分购买', apply: '申请', grant: '管理员授权' };

/** POST /api/course/buy/init answer: `owned` (paid with points now) or `applied` (a priced course without points: waits for approval). */
export const courseBuyRes = z.object({
  state: z.enum(['owned', 'applied']),
  /** Points spent now (0 for an application). */
  points: z.number().int(),
  /** The caller's balance after it. */
  balance: z.number().int(),
});
export type CourseBuyRes = z.infer<typeof courseBuyRes>;

export const courseBuyPagingReq = pagingReq(z.object({ courseId: idSchema.optional(), state: z.number().int().optional() }));
export const courseBuyRecord = z.object({
  id: z.string(),
  courseId: z.string(),
  courseId_dictText: z.string(),
  userId: z.string(),
  userId_dictText: z.string(),
  state: z.number().int(),
  state_dictText: z.string(),
  source: z.string(),
  source_dictText: z.string(),
  points: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type CourseBuyRecord = z.infer<typeof courseBuyRecord>;
export const courseBuyPagingRes = pagingRes(courseBuyRecord);

/** Permission codes of courses (SPEC §6 names course:add). */
export const CoursePerm = {
  LIST: 'course:list',
  ADD: 'course:add',
  UPDATE: 'course:update',
  DELETE: 'course:delete',
  STATE: 'course:state',
  /** Approve or reject applications for priced courses. */
  BUY_AUDIT: 'course:buy:audit',
  /** Reply to learners' questions (course Q&A). */
  QA_REPLY: 'course:qa:reply',
  /** CourseStat and its export. */
  STAT: 'course:stat',
} as const;

/** Errors of courses (block 2011). */
export const CourseError = defineErrors({
  DISABLED: { code: 20110001, msg: '课程已被禁用！' },
  NEED_BUY: { code: 20110002, msg: '请先购买该课程！' },
  ALREADY_OWNED: { code: 20110003, msg: '您已拥有该课程，无需重复购买！' },
  FREE_COURSE: { code: 20110004, msg: '该课程免费，无需购买！' },
  APPLY_PENDING: { code: 20110005, msg: '您已提交申请，请等待管理员审核！' },
  FILE_MISSING: { code: 20110006, msg: '课件不存在或已被删除！' },
});

/** Calls of courses (SPEC §7 "Courses"). */
export const courseApi = {
  paging: json({ path: '/api/course/course/paging', readOnly: true, summary: '分页查询课程（管理；params.type=1 为课程选择框：仅启用的课程）', access: CoursePerm.LIST, body: coursePagingReq, data: coursePagingRes }),
  adminDetail: json({ path: '/api/course/course/admin/detail', readOnly: true, summary: '课程详情（管理，编辑用）', access: CoursePerm.LIST, body: idReq, data: courseAdminDetail }),
  save: json({ path: '/api/course/course/save', summary: '新增或修改课程', access: [CoursePerm.ADD, CoursePerm.UPDATE], body: courseSaveReq, data: z.object({ id: z.string() }) }),
  delete: json({ path: '/api/course/course/delete', summary: '删除课程', access: CoursePerm.DELETE, body: idsReq, data: z.null(), ours: true }),
  state: json({
    path: '/api/course/course/state',
    summary: '启用（0）或禁用（1）课程',
    access: CoursePerm.STATE,
    body: stateReq.extend({ state: z.union([z.literal(0), z.literal(1)], { error: '状态不正确！' }) }),
    data: z.null(),
    ours: true,
  }),
  prepareNotify: json({
    path: '/api/course/course/prepare-notify',
    summary: '向课程开放的学员发送课程通知（course.publish 模板或 tmplId；后台任务，答 jobId）',
    access: [CoursePerm.ADD, CoursePerm.UPDATE],
    body: idReq.extend({ tmplId: idSchema.optional() }),
    data: z.object({ jobId: z.string() }),
  }),
  userPaging: json({ path: '/api/course/course/user-paging', readOnly: true, summary: '我的课程（开放给我且免费或已拥有的课程）', access: 'user', body: courseLearnPagingReq, data: courseLearnPagingRes }),
  openUserPaging: json({ path: '/api/course/course/openuserPaging', readOnly: true, summary: '公开课程（完全公开且启用的课程）', access: 'user', body: courseLearnPagingReq, data: courseLearnPagingRes }),
  simpleDetail: json({ path: '/api/course/course/simple-detail', readOnly: true, summary: '课程简要信息（购买对话框）', access: 'user', body: idReq, data: courseSimple }),
  detail: json({ path: '/api/course/course/detail', readOnly: true, summary: '课程详情（学员，含章节与课件）', access: 'user', body: idReq, data: courseLearnDetail }),
  buy: json({ path: '/api/course/buy/init', summary: '购买课程：积分课程扣积分（仅一次），仅标价课程提交申请', access: 'user', body: z.object({ courseId: idSchema }), data: courseBuyRes }),
  buyPaging: json({ path: '/api/course/buy/paging', readOnly: true, summary: '课程购买与申请记录（管理）', access: CoursePerm.BUY_AUDIT, body: courseBuyPagingReq, data: courseBuyPagingRes, ours: true }),
  buyAudit: json({
    path: '/api/course/buy/audit',
    summary: '审核课程申请：1 通过，2 驳回',
    access: CoursePerm.BUY_AUDIT,
    body: idsReq.extend({ state: z.union([z.literal(1), z.literal(2)], { error: '审核结果不正确！' }) }),
    data: z.object({ changed: z.number().int() }),
    ours: true,
  }),
};

/** {courseTitle} of the course messages (also course-study's course.finish). */
export const COURSE_TITLE_VAR = { courseTitle: { label: '课程名称', sample: '安全生产法解读' } } as const;
/** Message event of POST /api/course/course/prepare-notify (the course's learners are told it is online). */
export const coursePublishEvent = defineNotifyEvent({
  key: 'course.publish',
  label: '课程发布',
  vars: COURSE_TITLE_VAR,
  template: { title: '课程通知：{courseTitle}', content: '<p>{realName}，您好！课程“{courseTitle}”已上线，欢迎学习。</p>' },
});
