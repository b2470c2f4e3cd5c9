/**
 * Face-to-face sessions of training classes with QR sign-in (issue 13 "Face-to-face training"; SPEC
 * §2 /web/faceTeach, /m/info/bjInfo). A lesson (面授课次) belongs to one class: teacher, venue,
 * schedule, a sign-in window (default start − 30 min … end), whether it counts for the class
 * requirement 'sessions', and an optional geofence (WGS84 centre, radius in metres; 0 = none).
 *
 * Sign-in: the admin's QR modal shows a URL carrying a token that rotates every SIGN_SLOT_MS (an
 * HMAC of the lesson id and the slot number `floor(now / SIGN_SLOT_MS)` keyed with a per-lesson
 * server-side secret); the learner's phone opens it and signs in (one row per lesson and learner).
 * An admin may record a make-up sign-in with a reason. Attendance lists every enrolled learner.
 */
import { z } from 'zod';
import { idSchema, idsReq, pagingReq, pagingRes, TIME_PATTERN } from './common';
import { download, json } from './endpoint';
import { defineErrors } from './errors';

/** Length of one QR slot (ms): the token changes every 30 s. */
export const SIGN_SLOT_MS = 30_000;
/** A token is still accepted this long after its slot ended (ms). */
export const SIGN_GRACE_MS = 5_000;
/** Default opening of the sign-in window before the start (minutes). */
export const SIGN_EARLY_MIN = 30;
/** The learner's phone page the QR code opens. */
export const SIGN_PAGE_PATH = '/m/info/bjInfo';
/** The attendance export's file name. */
export const SIGN_EXPORT_FILE = '面授签到.xlsx';

/** How a sign-in was recorded. */
export const SIGN_SOURCE_LABEL: Record<string, string> = { qr: '扫码签到', makeup: '补签' };
/** Attendance filter: 1 signed, 0 not signed. */
export const SIGN_STATE_LABEL: Record<number, string> = { 0: '未签到', 1: '已签到' };

/** Messages of the lesson form and sign-in. */
export const LESSON_MSG = {
  title: '课次名称不能为空！',
  startTime: '开始时间不能为空！',
  endTime: '结束时间不能为空！',
  timeFormat: '时间格式应为 yyyy-MM-dd HH:mm:ss',
  timeOrder: '结束时间必须晚于开始时间！',
  signOrder: '签到结束时间必须晚于签到开始时间！',
  geo: '请设置签到位置的经纬度！',
  reason: '请填写补签原因！',
  saved: '课次保存成功！',
  signed: '签到成功！',
} as const;

const time = (msg: string) => z.string({ error: msg }).trim().min(1, msg).regex(TIME_PATTERN, LESSON_MSG.timeFormat);
const optionalTime = z.string().trim().regex(TIME_PATTERN, LESSON_MSG.timeFormat).nullish().or(z.literal('')).transform((v) => v || null);
const lat = z.number({ error: '纬度不正确！' }).min(-90, '纬度不正确！').max(90, '纬度不正确！');
const lng = z.number({ error: '经度不正确！' }).min(-180, '经度不正确！').max(180, '经度不正确！');

/** POST /api/trainClass/lesson/save: add (no id) or update a lesson of a class. */
export const lessonSaveReq = z
  .object({
    id: idSchema.optional(),
    classId: idSchema,
    title: z.string({ error: LESSON_MSG.title }).trim().min(1, LESSON_MSG.title).max(200, '课次名称不能超过200个字符！'),
    teacher: z.string().trim().max(100, '授课讲师不能超过100个字符！').default(''),
    place: z.string().trim().max(200, '培训地点不能超过200个字符！').default(''),
    startTime: time(LESSON_MSG.startTime),
    endTime: time(LESSON_MSG.endTime),
    /** Sign-in window; null: startTime − SIGN_EARLY_MIN … endTime. */
    signStart: optionalTime,
    signEnd: optionalTime,
    /** Counts for the class requirement 'sessions'. */
    required: z.boolean({ error: '开关值不正确！' }).default(true),
    /** Geofence centre (WGS84 decimal degrees); needed when radius > 0. */
    lat: lat.nullish().transform((v) => v ?? null),
    lng: lng.nullish().transform((v) => v ?? null),
    /** Geofence radius (m); 0 = no geofence. */
    radius: z.number({ error: '签到范围不正确！' }).int('签到范围必须为整数！').min(0, '签到范围不能小于0！').max(100_000, '签到范围不能大于100000米！').default(0),
  })
  .superRefine((v, ctx) => {
    if (v.endTime <= v.startTime) ctx.addIssue({ code: 'custom', path: ['endTime'], message: LESSON_MSG.timeOrder });
    const s = v.signStart ?? v.startTime;
    const e = v.signEnd ?? v.endTime;
    if ((v.signStart || v.signEnd) && e <= s) ctx.addIssue({ code: 'custom', path: ['signEnd'], message: LESSON_MSG.signOrder });
    if (v.radius > 0 && (v.lat === null || v.lng === null)) ctx.addIssue({ code: 'custom', path: ['lat'], message: LESSON_MSG.geo });
  });
export type LessonSaveReq = z.input<typeof lessonSaveReq>;

const lessonBase = z.object({
  id: z.string(),
  classId: z.string(),
  title: z.string(),
  teacher: z.string(),
  place: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  /** The effective window (defaults applied). */
  signStart: z.string(),
  signEnd: z.string(),
  required: z.boolean(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  radius: z.number().int(),
});

/** A lesson as the admin list shows it: `signedCount` learners signed in (any source). */
export const lessonRecord = lessonBase.extend({ signedCount: z.number().int(), createTime: z.string() });
export type LessonRecord = z.infer<typeof lessonRecord>;
export const lessonPagingReq = pagingReq(z.object({ classId: idSchema, title: z.string().max(200).optional() }));

/** A lesson as a learner sees it, with the caller's sign-in. */
export const myLessonRecord = lessonBase.extend({
  classTitle: z.string(),
  signed: z.boolean(),
  signTime: z.string().nullable(),
  source: z.string(),
  source_dictText: z.string(),
});
export type MyLessonRecord = z.infer<typeof myLessonRecord>;
export const myLessonPagingReq = pagingReq(z.object({ title: z.string().max(200).optional(), signed: z.boolean().optional() }));

export const lessonIdReq = z.object({ lessonId: idSchema });

/** POST /api/trainClass/sign/qr: the current token, when it stops being accepted, the URL to encode and the seconds left in its slot. */
export const signQr = z.object({ token: z.string(), expireAt: z.string(), url: z.string(), seconds: z.number().int() });
export type SignQr = z.infer<typeof signQr>;

/** POST /api/trainClass/sign/in: `lat`/`lng` the phone's position (WGS84) when the lesson has a geofence. */
export const signInReq = z.object({
  lessonId: idSchema,
  token: z.string({ error: '签到二维码已过期，请重新扫码！' }).trim().min(1, '签到二维码已过期，请重新扫码！').max(128, '签到二维码已过期，请重新扫码！'),
  lat: lat.nullish(),
  lng: lng.nullish(),
});
/** One sign-in row; `distance` metres from the geofence centre (null when none or not measured). */
export const signRecord = z.object({
  lessonId: z.string(),
  userId: z.string(),
  signTime: z.string(),
  source: z.string(),
  source_dictText: z.string(),
  reason: z.string(),
  distance: z.number().int().nullable(),
});
export type SignRecord = z.infer<typeof signRecord>;

/** POST /api/trainClass/sign/makeup: make-up sign-ins of not-signed enrolled learners (others are skipped). */
export const makeupReq = z.object({
  lessonId: idSchema,
  userIds: idsReq.shape.ids,
  reason: z.string({ error: LESSON_MSG.reason }).trim().min(1, LESSON_MSG.reason).max(200, '补签原因不能超过200个字符！'),
});

/** Attendance of a lesson: every enrolled learner; `state` 1 signed, 0 not signed. */
export const attendPagingReq = pagingReq(z.object({ lessonId: idSchema, state: z.number().int().min(0).max(1).optional(), userName: z.string().max(100).optional() }));
export const attendRecord = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  realName: z.string(),
  deptCode: z.string(),
  state: z.number().int(),
  state_dictText: z.string(),
  signTime: z.string().nullable(),
  source: z.string(),
  source_dictText: z.string(),
  reason: z.string(),
  /** Who recorded a make-up (account). */
  makeupBy: z.string(),
  distance: z.number().int().nullable(),
});
export type AttendRecord = z.infer<typeof attendRecord>;

/** Permission codes (functions under 培训管理 → 培训班). */
export const LessonPerm = {
  LIST: 'train:lesson:list',
  SAVE: 'train:lesson:save',
  DELETE: 'train:lesson:delete',
  QR: 'train:lesson:qr',
  ATTEND: 'train:lesson:attend',
  MAKEUP: 'train:lesson:makeup',
} as const;

/** Errors of sign-in (block 2017xxxx). */
export const SignError = defineErrors({
  EXPIRED: { code: 20170001, msg: '签到二维码已过期，请重新扫码！' },
  OUT_OF_TIME: { code: 20170002, msg: '不在签到时间内！' },
  NO_LOCATION: { code: 20170003, msg: '请允许获取位置信息后再签到！' },
  OUT_OF_RANGE: { code: 20170004, msg: '不在签到范围内！' },
});

export const lessonApi = {
  save: json({ path: '/api/trainClass/lesson/save', summary: '新增或修改面授课次', access: LessonPerm.SAVE, body: lessonSaveReq, data: z.object({ id: z.string() }), ours: true }),
  detail: json({ path: '/api/trainClass/lesson/detail', readOnly: true, summary: '面授课次详情', access: LessonPerm.LIST, body: z.object({ id: idSchema }), data: lessonRecord, ours: true }),
  paging: json({ path: '/api/trainClass/lesson/paging', readOnly: true, summary: '分页查询培训班的面授课次', access: LessonPerm.LIST, body: lessonPagingReq, data: pagingRes(lessonRecord), ours: true }),
  delete: json({ path: '/api/trainClass/lesson/delete', summary: '删除面授课次（及其签到）', access: LessonPerm.DELETE, body: idsReq, data: z.null(), ours: true }),
  myList: json({ path: '/api/trainClass/lesson/my-list', readOnly: true, summary: '学员：培训班的面授课次及我的签到', access: 'user', body: z.object({ classId: idSchema }), data: z.array(myLessonRecord), ours: true }),
  myPaging: json({ path: '/api/trainClass/lesson/my-paging', readOnly: true, summary: '学员：我的培训班的全部面授课次（集中培训）', access: 'user', body: myLessonPagingReq, data: pagingRes(myLessonRecord), ours: true }),
};

export const signApi = {
  qr: json({ path: '/api/trainClass/sign/qr', summary: '签到二维码（每30秒更换）', access: LessonPerm.QR, body: lessonIdReq, data: signQr, ours: true }),
  in: json({ path: '/api/trainClass/sign/in', summary: '学员扫码签到', access: 'user', body: signInReq, data: signRecord, ours: true }),
  makeup: json({ path: '/api/trainClass/sign/makeup', summary: '补签（记录补签人、时间与原因）', access: LessonPerm.MAKEUP, body: makeupReq, data: z.object({ signed: z.number().int(), skipped: z.number().int() }), ours: true }),
  paging: json({ path: '/api/trainClass/sign/paging', readOnly: true, summary: '面授签到考勤（全部已报名学员）', access: LessonPerm.ATTEND, body: attendPagingReq, data: pagingRes(attendRecord), ours: true }),
  export: download({ path: '/api/trainClass/sign/export', summary: '导出面授签到考勤', access: LessonPerm.ATTEND, method: 'POST', body: lessonIdReq, fileName: SIGN_EXPORT_FILE, ours: true }),
};
