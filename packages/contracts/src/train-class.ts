/**
 * Training classes, the class core (issue 13 "Classes"; SPEC §2 /web/webclassapply, /info?classId=,
 * /public; §7 "Training classes" /api/trainClass/*, /api/bjvrkc saveOrUpdate, detail, getPageList).
 *
 * A class (培训班) has a type, a sign-up window, a capacity (0 = unlimited), an open type (lib
 * open-to rules: 1 everybody, 2 departments, 3 named people), whether sign-ups need approval, its
 * dates, an organiser, the completion rule flags and an optional certificate / finish points. A
 * learner's seat is one row per (class, learner): 0 applied (waiting for approval), 1 enrolled,
 * 2 rejected, 3 withdrawn. Applied and enrolled rows hold a seat. Linked courses (bjvrkc) carry an
 * order and a required flag; progress = required linked courses finished / total.
 */
import { z } from 'zod';
import { idSchema, idsReq, pagingReq, pagingRes, stateReq, TIME_PATTERN, timeSchema } from './common';
import { defineErrors } from './errors';
import { defineNotifyEvent } from './notify-event';
import { json } from './endpoint';

/** Class type (SPEC issue 13): 1 网络班, 2 面授, 3 直播, 4 混合. */
export const CLASS_TYPE_LABEL: Record<number, string> = { 1: '网络班', 2: '面授', 3: '直播', 4: '混合' };
/** A learner's seat: 0 applied, 1 enrolled, 2 rejected, 3 withdrawn; -1 (views only) never signed up. */
export const ClassUserState = { NONE: -1, APPLIED: 0, ENROLLED: 1, REJECTED: 2, WITHDRAWN: 3 } as const;
export const CLASS_USER_STATE_LABEL: Record<number, string> = { [-1]: '未报名', 0: '待审核', 1: '已报名', 2: '已驳回', 3: '已退出' };
/** How a seat was taken. */
export const CLASS_USER_SOURCE_LABEL: Record<string, string> = { apply: '学员报名', assign: '管理员指派' };

const intIn = (label: string, min: number, max: number) =>
  z.number({ error: `${label}不能为空！` }).int(`${label}必须为整数！`).min(min, `${label}不能小于${min}！`).max(max, `${label}不能大于${max}！`);
const optionalId = z.string({ error: 'ID格式不正确！' }).trim().max(32, 'ID格式不正确！').nullish().transform((v) => v || null);
const optionalTime = timeSchema.nullish().transform((v) => v || null);

/** POST /api/trainClass/addOrUpdate: creates (no id) or updates a class with its open-to lists. */
export const classSaveReq = z
  .object({
    id: idSchema.optional(),
    title: z.string({ error: '培训班名称不能为空！' }).trim().min(1, '培训班名称不能为空！').max(200, '培训班名称不能超过200个字符'),
    classType: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: '培训类型不正确！' }),
    cover: z.string().trim().max(1000, '封面地址不能超过1000个字符').default(''),
    /** Rich text, sanitised at save. */
    content: z.string().max(50000, '培训介绍不能超过50000个字符').default(''),
    /** Sign-up window (yyyy-MM-dd HH:mm:ss); null: open from now / until the class starts. */
    signStart: optionalTime,
    signEnd: optionalTime,
    /** Seats; 0 = unlimited. */
    capacity: intIn('招生人数', 0, 100000).default(0),
    openType: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '开放类型不正确！' }).default(1),
    deptCodes: z.array(z.string().trim().min(1).max(64)).max(500).default([]),
    userIds: z.array(idSchema).max(5000).default([]),
    /** True: a sign-up waits for an administrator's approval. */
    needAudit: z.boolean({ error: '开关值不正确！' }).default(false),
    startTime: z.string({ error: '开始时间不能为空！' }).min(1, '开始时间不能为空！').regex(TIME_PATTERN, '时间格式应为 yyyy-MM-dd HH:mm:ss'),
    endTime: z.string({ error: '结束时间不能为空！' }).min(1, '结束时间不能为空！').regex(TIME_PATTERN, '时间格式应为 yyyy-MM-dd HH:mm:ss'),
    organiser: z.string().trim().max(100, '主办单位不能超过100个字符').default(''),
    /** Completion rule: every required linked course finished. */
    finishCourses: z.boolean({ error: '开关值不正确！' }).default(true),
    /** Completion rule: the class exams passed (a module registers the requirement 'exam'). */
    finishExam: z.boolean({ error: '开关值不正确！' }).default(false),
    /** Completion rule: the face-to-face sessions attended (requirement 'sessions'). */
    finishSessions: z.boolean({ error: '开关值不正确！' }).default(false),
    /** Completion rule: the class evaluations answered (requirement 'eval'). */
    finishEval: z.boolean({ error: '开关值不正确！' }).default(false),
    certId: optionalId,
    finishPoints: intIn('完成奖励积分', 0, 100_000).default(0),
    /** 0 open, 1 disabled; omitted: new classes open, others unchanged. */
    state: z.union([z.literal(0), z.literal(1)], { error: '状态不正确！' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.openType === 2 && v.deptCodes.length === 0) ctx.addIssue({ code: 'custom', path: ['deptCodes'], message: '请选择开放的部门！' });
    if (v.openType === 3 && v.userIds.length === 0) ctx.addIssue({ code: 'custom', path: ['userIds'], message: '请选择开放的人员！' });
    if (v.endTime <= v.startTime) ctx.addIssue({ code: 'custom', path: ['endTime'], message: '结束时间必须晚于开始时间！' });
    if (v.signStart && v.signEnd && v.signEnd <= v.signStart) ctx.addIssue({ code: 'custom', path: ['signEnd'], message: '报名截止时间必须晚于报名开始时间！' });
    if (v.signEnd && v.signEnd > v.endTime) ctx.addIssue({ code: 'custom', path: ['signEnd'], message: '报名截止时间不能晚于培训结束时间！' });
  });
export type ClassSaveReq = z.infer<typeof classSaveReq>;

export const classPagingParams = z.object({
  title: z.string().max(200).optional(),
  classType: z.number().int().optional(),
  state: z.number().int().optional(),
});
export const CLASS_SORT = ['createTime', 'startTime'] as const;
export const classPagingReq = pagingReq(classPagingParams, { sort: CLASS_SORT });

/** Fields every class view has. */
export const classBase = z.object({
  id: z.string(),
  title: z.string(),
  classType: z.number().int(),
  classType_dictText: z.string(),
  cover: z.string(),
  signStart: z.string().nullable(),
  signEnd: z.string().nullable(),
  capacity: z.number().int(),
  /** Seats taken (applied + enrolled). */
  seats: z.number().int(),
  openType: z.number().int(),
  openType_dictText: z.string(),
  needAudit: z.boolean(),
  startTime: z.string(),
  endTime: z.string(),
  organiser: z.string(),
  finishCourses: z.boolean(),
  finishExam: z.boolean(),
  finishSessions: z.boolean(),
  finishEval: z.boolean(),
  certId: z.string().nullable(),
  finishPoints: z.number().int(),
  courseCount: z.number().int(),
});
export const classRecord = classBase.extend({ state: z.number().int(), state_dictText: z.string(), createTime: z.string() });
export type ClassRecord = z.infer<typeof classRecord>;
export const classAdminDetail = classRecord.extend({
  content: z.string(),
  deptCodes: z.array(z.string()),
  userList: z.array(z.object({ id: z.string(), userName: z.string(), realName: z.string() })),
  certId_dictText: z.string(),
});
export type ClassAdminDetail = z.infer<typeof classAdminDetail>;

/** The caller's standing with a class (learner views). */
export const classStanding = z.object({
  /** -1 未报名, else a ClassUserState. */
  myState: z.number().int(),
  myState_dictText: z.string(),
  auditMsg: z.string(),
  /** Whether the sign-up button is live now (window, capacity, open to the caller, not signed up). */
  canApply: z.boolean(),
  /** Why not, in the spec's words ('' when canApply). */
  applyTip: z.string(),
  canWithdraw: z.boolean(),
  finished: z.boolean(),
});
export const classLearnRecord = classBase.merge(classStanding);
export type ClassLearnRecord = z.infer<typeof classLearnRecord>;

/** A linked course as the learner's class page shows it. */
export const classCourseProgress = z.object({
  courseId: z.string(),
  title: z.string(),
  cover: z.string(),
  sort: z.number().int(),
  required: z.boolean(),
  /** Whether the caller finished it (false when not enrolled). */
  finished: z.boolean(),
});
/**
 * The completion requirements (issue 13 "required completion"): each is asked by a flag of the class
 * and measured by the module that owns it (courses: this module; sessions, exam, eval: modules that
 * register with trainClass). A class completes for an enrolled learner when it asks at least one and
 * every asked one is met.
 */
export const CLASS_REQUIREMENT_TITLE = { courses: '完成必修课程', sessions: '参加面授培训', exam: '通过培训考试', eval: '完成培训评估' } as const;
export type ClassRequirementKey = keyof typeof CLASS_REQUIREMENT_TITLE;
export const classRequirement = z.object({
  key: z.enum(['courses', 'sessions', 'exam', 'eval']),
  title: z.string(),
  /** Items done / asked (courses finished, sessions attended, exams passed, evaluations answered). */
  done: z.number().int(),
  total: z.number().int(),
  met: z.boolean(),
});
export type ClassRequirement = z.infer<typeof classRequirement>;

export const classLearnDetail = classLearnRecord.extend({
  /** The asked completion requirements with the caller's standing (empty when not enrolled). */
  requirements: z.array(classRequirement),
  content: z.string(),
  courses: z.array(classCourseProgress),
  /** Required linked courses finished / total, as a percent (100 when none are required). */
  progress: z.number().int(),
  requiredDone: z.number().int(),
  requiredTotal: z.number().int(),
});
export type ClassLearnDetail = z.infer<typeof classLearnDetail>;

export const classLearnPagingReq = pagingReq(z.object({ title: z.string().max(200).optional(), classType: z.number().int().optional() }));
export const classIdReq = z.object({ classId: idSchema });

/** Admin list of a class's sign-ups. */
export const studentPagingReq = pagingReq(
  z.object({ classId: idSchema, state: z.number().int().min(0).max(3).optional(), userName: z.string().max(100).optional() }),
);
export const studentRecord = z.object({
  id: z.string(),
  classId: z.string(),
  userId: z.string(),
  userName: z.string(),
  realName: z.string(),
  deptCode: z.string(),
  state: z.number().int(),
  state_dictText: z.string(),
  source: z.string(),
  source_dictText: z.string(),
  auditMsg: z.string(),
  finished: z.boolean(),
  createTime: z.string(),
  auditTime: z.string().nullable(),
});
export type StudentRecord = z.infer<typeof studentRecord>;

export const classAuditReq = z
  .object({
    ids: z.array(idSchema, { error: '请至少选择一条数据！' }).min(1, '请至少选择一条数据！').max(1000),
    /** 1 approve, 2 reject. */
    state: z.union([z.literal(1), z.literal(2)], { error: '审核结果不正确！' }),
    msg: z.string().trim().max(500, '审核意见不能超过500个字符！').default(''),
  })
  .refine((v) => v.state !== 2 || v.msg !== '', { message: '驳回时请填写审核意见！', path: ['msg'] });
export type ClassAuditReq = z.infer<typeof classAuditReq>;

export const classAssignReq = z.object({
  classId: idSchema,
  userIds: z.array(idSchema, { error: '请选择学员！' }).min(1, '请选择学员！').max(1000),
});

/** /api/bjvrkc: one linked course. */
export const classCourseItem = z.object({
  courseId: z.string({ error: '请选择课程！' }).trim().min(1, '请选择课程！').max(32, 'ID格式不正确！'),
  sort: z.number().int().min(0).max(100000).default(0),
  required: z.boolean({ error: '开关值不正确！' }).default(true),
});
export const classCourseSaveReq = z.object({ classId: idSchema, courseList: z.array(classCourseItem).max(500, '课程不能超过500个！') });
export const classCourseRecord = z.object({
  id: z.string(),
  classId: z.string(),
  courseId: z.string(),
  courseId_dictText: z.string(),
  sort: z.number().int(),
  required: z.boolean(),
});
export type ClassCourseRecord = z.infer<typeof classCourseRecord>;
export const classCoursePagingReq = pagingReq(z.object({ classId: idSchema }));

/** Errors of training classes (block 20130001…). */
export const TrainClassError = defineErrors({
  NOT_OPEN: { code: 20130001, msg: '报名尚未开始！' },
  SIGN_CLOSED: { code: 20130002, msg: '报名已截止！' },
  FULL: { code: 20130003, msg: '报名人数已满！' },
  ALREADY: { code: 20130004, msg: '您已报名该培训班，请勿重复报名！' },
  DISABLED: { code: 20130005, msg: '培训班已停用！' },
  NOT_SIGNED: { code: 20130006, msg: '您尚未报名该培训班！' },
  STARTED: { code: 20130007, msg: '培训已开始，不能退出！' },
  COURSE_MISSING: { code: 20130008, msg: '课程不存在或已被删除！' },
});

/** Permission codes of 培训管理 → 培训班. */
export const TrainClassPerm = {
  LIST: 'train:class:list',
  ADD: 'train:class:add',
  UPDATE: 'train:class:update',
  DELETE: 'train:class:delete',
  STATE: 'train:class:state',
  STUDENTS: 'train:class:students',
  AUDIT: 'train:class:audit',
  ASSIGN: 'train:class:assign',
  COURSE: 'train:class:course',
  STAT: 'train:class:stat',
} as const;

/** Calls of training classes. */
export const trainClassApi = {
  addOrUpdate: json({ path: '/api/trainClass/addOrUpdate', summary: '添加或修改培训班', access: [TrainClassPerm.ADD, TrainClassPerm.UPDATE], body: classSaveReq, data: z.object({ id: z.string() }) }),
  detail: json({ path: '/api/trainClass/detail', readOnly: true, summary: '培训班详情（管理）', access: TrainClassPerm.LIST, body: z.object({ id: idSchema }), data: classAdminDetail, ours: true }),
  list: json({ path: '/api/trainClass/list', readOnly: true, summary: '分页查询培训班（按数据范围）', access: TrainClassPerm.LIST, body: classPagingReq, data: pagingRes(classRecord) }),
  delete: json({ path: '/api/trainClass/delete', summary: '删除培训班', access: TrainClassPerm.DELETE, body: idsReq, data: z.null(), ours: true }),
  state: json({ path: '/api/trainClass/state', summary: '启用或停用培训班', access: TrainClassPerm.STATE, body: stateReq, data: z.null(), ours: true }),
  apply: json({ path: '/api/trainClass/apply', summary: '学员报名培训班（名额、报名时间、开放范围）', access: 'user', body: classIdReq, data: z.object({ state: z.number().int() }), ours: true }),
  withdraw: json({ path: '/api/trainClass/withdraw', summary: '学员在开班前退出培训班', access: 'user', body: classIdReq, data: z.null(), ours: true }),
  students: json({ path: '/api/trainClass/students', readOnly: true, summary: '培训班学员与报名列表', access: TrainClassPerm.STUDENTS, body: studentPagingReq, data: pagingRes(studentRecord) }),
  audit: json({ path: '/api/trainClass/audit', summary: '审核报名（1通过 2驳回，附审核意见并发送消息）', access: TrainClassPerm.AUDIT, body: classAuditReq, data: z.object({ audited: z.number().int(), skipped: z.number().int() }), ours: true }),
  assign: json({ path: '/api/trainClass/assign', summary: '指派学员直接入班（名额仍然有效）', access: TrainClassPerm.ASSIGN, body: classAssignReq, data: z.object({ assigned: z.number().int() }), ours: true }),
  myPaging: json({ path: '/api/trainClass/my-paging', readOnly: true, summary: '我的培训班（已报名）', access: 'user', body: classLearnPagingReq, data: pagingRes(classLearnRecord), ours: true }),
  openPaging: json({ path: '/api/trainClass/open-paging', readOnly: true, summary: '可报名的培训班（向我开放）', access: 'user', body: classLearnPagingReq, data: pagingRes(classLearnRecord), ours: true }),
  publicPaging: json({ path: '/api/trainClass/public-paging', readOnly: true, summary: '公开培训班列表', access: 'user', body: classLearnPagingReq, data: pagingRes(classLearnRecord), ours: true }),
  info: json({ path: '/api/trainClass/info', readOnly: true, summary: '学员查看培训班详情与学习进度', access: 'user', body: z.object({ id: idSchema }), data: classLearnDetail, ours: true }),
};

/** Calls of class↔course links (SPEC §7 /api/bjvrkc). */
export const classCourseApi = {
  saveOrUpdate: json({ path: '/api/bjvrkc/saveOrUpdate', summary: '保存培训班课程（顺序与必修）', access: TrainClassPerm.COURSE, body: classCourseSaveReq, data: z.object({ count: z.number().int() }) }),
  detail: json({ path: '/api/bjvrkc/detail', readOnly: true, summary: '培训班课程列表', access: TrainClassPerm.LIST, body: z.object({ classId: idSchema }), data: z.array(classCourseRecord) }),
  getPageList: json({ path: '/api/bjvrkc/getPageList', readOnly: true, summary: '分页查询培训班课程', access: TrainClassPerm.LIST, body: classCoursePagingReq, data: pagingRes(classCourseRecord) }),
};

/** Message event of a class notice to its learners (module trainClass). */
export const classNoticeEvent = defineNotifyEvent({
  key: 'class.notice',
  label: '培训班通知',
  vars: { className: { label: '培训班名称', sample: '2026年第一期新员工培训班' }, noticeTitle: { label: '通知标题', sample: '开班通知' } },
  template: { title: '培训班通知：{noticeTitle}', content: '<p>{realName}，您好！培训班“{className}”发布了通知：{noticeTitle}。</p>' },
});
