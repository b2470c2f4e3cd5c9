/**
 * Real-name verification and face login (issue 12; SPEC §3 "Real-person record", §4 "Real-name
 * state", §5 "Real-person form", §6 admin-only audit, §7 /api/sys/user/real/* and /face-login).
 *
 * A learner submits his real name, ID number and a face photo (an upload url of
 * /api/common/file/upload, cropped in the browser to 295×413). One record per user: resubmitting
 * replaces it and starts its review again. The switch faceAudit decides: 'no' passes at once,
 * 'manual' waits for an administrator, 'auto' lets the face engine decide (exactly one clear face
 * passes, no face or several fail, an unsure or failing engine leaves it to an administrator).
 * A passed record enrolls the photo as the user's reference face (face login, exam captures).
 */
import { z } from 'zod';
import { idSchema, pagingReq, pagingRes } from './common';
import { defineErrors } from './errors';
import { defineNotifyEvent } from './notify-event';
import { json } from './endpoint';
import { ID_CARD_MSG, sessionUser } from './sys-user';

/** Real-name state (SPEC §4): 0 under review, 1 passed, 2 failed. */
export const RealState = { PENDING: 0, PASSED: 1, FAILED: 2 } as const;
export const REAL_STATE_LABEL: Record<number, string> = { 0: '审核中', 1: '已通过', 2: '未通过' };

/** SPEC §5 Real-person form messages. */
export const REAL_NAME_REQUIRED = '真实姓名不能为空！';
export const FACE_REQUIRED = '人脸照片必须上传！';
/** SPEC §5 "please upload an image of the specified format" (one jpg/png/jpeg). */
export const FACE_FORMAT_MSG = '请上传指定格式的图片（jpg、png、jpeg）！';
/** SPEC §5: submission asks this confirmation first. */
export const SUBMIT_CONFIRM = '请确认姓名、身份证号与人脸照片均为本人真实信息，提交后将进行实名审核。';
/** auditMsg of a photo the automatic audit refused (SPEC §4 failed state shows it). */
export const AUTO_NO_FACE = '照片中未检测到清晰的人脸，请重新上传本人正面免冠照片！';
export const AUTO_MANY_FACES = '照片中检测到多张人脸，请上传仅含本人的照片！';

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/**
 * True for a mainland ID number (SPEC §5): 15 digits, or 17 digits and a check character (digit or
 * X) that matches the GB 11643 checksum (weights 7 9 10 5 8 4 2 1 6 3 …, mod 11 → "10X98765432").
 */
export function isIdCard(value: string): boolean {
  if (/^\d{15}$/.test(value)) return true;
  if (!/^\d{17}[\dXx]$/.test(value)) return false;
  const sum = ID_WEIGHTS.reduce((s, w, i) => s + w * Number(value[i]), 0);
  return ID_CHECK[sum % 11] === value[17]!.toUpperCase();
}

/** POST /api/sys/user/real/submit {realName, idCard, face}: face is the url an upload of the caller answered. */
export const realSubmitReq = z.object({
  realName: z.string({ error: REAL_NAME_REQUIRED }).trim().min(1, REAL_NAME_REQUIRED).max(50, '真实姓名不能超过50个字符！'),
  idCard: z
    .string({ error: ID_CARD_MSG })
    .trim()
    .refine(isIdCard, ID_CARD_MSG)
    .transform((v) => v.toUpperCase()),
  face: z.string({ error: FACE_REQUIRED }).trim().min(1, FACE_REQUIRED).max(500, FACE_REQUIRED),
});
export type RealSubmitReq = z.output<typeof realSubmitReq>;

/** SPEC §3 Real-person record, plus who it is and the review's trace. */
export const realRecord = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  realName: z.string(),
  idCard: z.string(),
  /** View url of the face photo. */
  face: z.string(),
  state: z.number().int(),
  state_dictText: z.string(),
  auditMsg: z.string(),
  /** '' for an automatic decision or while pending. */
  auditBy: z.string(),
  auditBy_dictText: z.string(),
  auditTime: z.string().nullable(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type RealRecord = z.infer<typeof realRecord>;

/** Admin audit {id, state 1|2, auditMsg}: a reason is required to reject (the learner sees it). */
export const realAuditReq = z
  .object({
    id: idSchema,
    state: z.union([z.literal(1), z.literal(2)], { error: '审核结果不正确！' }),
    auditMsg: z.string().trim().max(500, '审核意见不能超过500个字符！').default(''),
  })
  .refine((v) => v.state !== 2 || v.auditMsg !== '', { message: '驳回时请填写审核意见！', path: ['auditMsg'] });
export type RealAuditReq = z.output<typeof realAuditReq>;

export const realPagingParams = z.object({
  state: z.number().int().min(0).max(2).optional(),
  /** Part of the real name (or the account name). */
  realName: z.string().max(100).optional(),
});
export const REAL_SORT = ['updateTime', 'auditTime'] as const;
export const realPagingReq = pagingReq(realPagingParams, { sort: REAL_SORT });
export const realPagingRes = pagingRes(realRecord);

/** POST /api/sys/user/face-login {base64}: one camera frame (data URL or bare base64 of a jpg/png). */
export const faceLoginReq = z.object({ base64: z.string({ error: '请先拍摄人脸照片！' }).min(1, '请先拍摄人脸照片！').max(4_000_000, '图片太大，请压缩后再上传！') });

/** Errors of real-name verification and face login (block 9010xxxx). */
export const UserRealError = defineErrors({
  /** The face url is not an upload of the caller. */
  FACE_NOT_FOUND: { code: 90100001, msg: '人脸照片不存在，请重新上传！' },
  /** The uploaded face is not a jpg/png. */
  FACE_FORMAT: { code: 90100002, msg: FACE_FORMAT_MSG },
  /** Audit of a record that is no longer under review (a second click, another administrator). */
  NOT_PENDING: { code: 90100003, msg: '该实名认证已审核，请刷新后查看！' },
  /** The site's faceLogin switch is off. */
  FACE_LOGIN_OFF: { code: 90100004, msg: '人脸登录未开启！' },
  /** The frame holds no face or several: face login wants exactly one. */
  FACE_LOGIN_ONE_FACE: { code: 90100005, msg: '请确保画面中有且仅有一张清晰的人脸！' },
  /** No verified user matches the face above the threshold. */
  FACE_LOGIN_NO_MATCH: { code: 90100006, msg: '人脸识别失败，未找到匹配的实名认证用户！' },
});

/** Permission codes of the audit page (SPEC §6: audit of real-name submissions is admin-only). */
export const UserRealPerm = { LIST: 'sys:user:real:list', AUDIT: 'sys:user:real:audit' } as const;

/** Calls of real-name verification and face login. */
export const userRealApi = {
  submit: json({ path: '/api/sys/user/real/submit', summary: '学员提交（或重新提交）实名认证：姓名、身份证号、人脸照片；按人脸审核方式处理', access: 'user', body: realSubmitReq, data: realRecord }),
  detail: json({ path: '/api/sys/user/real/detail', readOnly: true, summary: '我的实名认证记录（未提交时为 null）', access: 'user', body: z.object({}), data: realRecord.nullable() }),
  audit: json({ path: '/api/sys/user/real/audit', summary: '管理员审核实名认证（1通过 2驳回，驳回须填写原因；只改审核中的记录）', access: UserRealPerm.AUDIT, body: realAuditReq, data: realRecord }),
  autoAudit: json({ path: '/api/sys/user/real/auto-audit', summary: '对一条审核中的实名认证运行人脸引擎自动审核（一张清晰人脸通过，无脸或多脸驳回，不确定时仍待人工审核）', access: UserRealPerm.AUDIT, body: z.object({ id: idSchema }), data: realRecord }),
  paging: json({ path: '/api/sys/user/real/paging', readOnly: true, summary: '分页查询实名认证（含人脸照片；按状态、姓名筛选）', access: UserRealPerm.LIST, body: realPagingReq, data: realPagingRes, ours: true }),
  faceLogin: json({ path: '/api/sys/user/face-login', summary: '人脸登录（需开启人脸登录；在已通过实名认证的用户中比对，限流同密码登录）', access: 'public', body: faceLoginReq, data: sessionUser }),
};

/** {auditResult} and {auditMsg} of audit messages (also module notify's exam.apply). */
export const AUDIT_VARS = { auditResult: { label: '审核结果', sample: '通过' }, auditMsg: { label: '审核意见', sample: '资料齐全' } } as const;
/** Message event of a real-name audit (module userReal tells the learner the result). */
export const realnameAuditEvent = defineNotifyEvent({
  key: 'realname.audit',
  label: '实名认证审核',
  vars: AUDIT_VARS,
  template: { title: '实名认证审核结果', content: '<p>{realName}，您好！您的实名认证审核结果：{auditResult}。{auditMsg}</p>' },
});
