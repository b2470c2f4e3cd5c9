/**
 * Camera proctoring of exams (issue 12 "Camera proctoring"; SPEC §3 "Face check, capture and
 * learning", §4 "Study checks: exam camera", §7 /api/paper/capture/save, §8 camera and face messages).
 *
 * - `save` `{paperId, base64}` (SPEC §7): one frame of the exam camera, every camInterval minutes
 *   (and once when the exam page opens). A frame passes when the face engine finds the learner: the
 *   enrolled real-name face matches (`verify`), or, for a learner with no enrolled face, exactly one
 *   face is in the frame. A frame with no face, two faces, someone else, or a camera error
 *   (`camError: true`, no image: the browser's camera failed) is a failure. `faceChance` consecutive
 *   failures hand the paper in (once) and answer `isBreak` with `FACE_MSG.examBreak`.
 * - `faceCheck` `{examId, base64}`: the face check before an exam with faceOn; a pass answers a
 *   `faceToken` (valid FACE_TOKEN_TTL_MS, once) that create-paper needs for such an exam.
 * - The evidence timeline of one paper (admin) and the appeal of a forced hand-in: the learner gives
 *   a reason, an administrator reopens the paper with the time it had left or confirms the hand-in.
 */
import { z } from 'zod';
import { idReq, idSchema, pagingReq, pagingRes } from './common';
import { json } from './endpoint';
import { defineErrors } from './errors';
import { captureResult, faceCheckResult } from './face';

/** Largest capture accepted (bytes after base64 decoding): a camera frame is ~50 KB; the JSON body limit is 2 MB. */
export const CAPTURE_MAX_BYTES = 1024 * 1024;
/** How long a face check's token lets the learner start the exam (ms). */
export const FACE_TOKEN_TTL_MS = 10 * 60_000;
/** Default consecutive failures before a forced hand-in (exam setting faceChance, 1–10). */
export const FACE_CHANCE_DEFAULT = 3;

/** Permission codes (SPEC §6: admin-only functions). */
export const PaperCapturePerm = {
  /** See a paper's evidence timeline (captures, leaves, reminders). */
  EVIDENCE: 'exam:evidence',
  /** List and decide appeals of forced hand-ins. */
  APPEAL: 'exam:appeal:audit',
} as const;

/**
 * `camError: true`: the camera failed (the SPEC §4 placeholder): no image is sent, the capture counts
 * as a failure and is recorded. Otherwise `base64` is a jpg/png (data URL or bare base64).
 */
export const captureSaveReq = z.object({
  paperId: idSchema,
  base64: z.string().max(3_000_000, '图片太大，请压缩后再上传！').default(''),
  camError: z.boolean().default(false),
});
export type CaptureSaveReq = z.input<typeof captureSaveReq>;

/** SPEC §3 capture answer plus `msg`: '' when this frame passed, else the §8 counter or break message. */
export const captureSaveRes = captureResult.extend({ msg: z.string() });
export type CaptureSaveRes = z.infer<typeof captureSaveRes>;

export const faceCheckReq = z.object({ examId: idSchema, base64: z.string({ error: '请上传人脸照片！' }).min(1, '请上传人脸照片！').max(3_000_000, '图片太大，请压缩后再上传！') });

/** Kinds of the timeline's entries. */
export const EVIDENCE_KINDS = ['capture', 'check', 'leave', 'fullscreen', 'remind', 'break', 'appeal', 'reopen', 'confirm'] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];
export const EVIDENCE_KIND_LABEL: Record<EvidenceKind, string> = {
  capture: '抓拍', check: '考前人脸核验', leave: '离开页面', fullscreen: '退出全屏', remind: '监考提醒', break: '强制交卷', appeal: '考生申诉', reopen: '申诉通过（重开试卷）', confirm: '申诉驳回（维持交卷）',
};

/**
 * One entry of a paper's timeline, on the server clock (`time` yyyy-MM-dd HH:mm:ss, `ms` epoch ms).
 * Captures: `pass` (null: the engine could not answer, not counted), `score` 0–1, `faces`, `camError`,
 * `image` (the frame's url, '' for a camera error). Others: `text` (the reminder, the reason …).
 */
export const evidenceItem = z.object({
  kind: z.enum(EVIDENCE_KINDS),
  kind_dictText: z.string(),
  time: z.string(),
  ms: z.number(),
  pass: z.boolean().nullable(),
  score: z.number().nullable(),
  faces: z.number().int().nullable(),
  camError: z.boolean(),
  image: z.string(),
  text: z.string(),
});
export type EvidenceItem = z.infer<typeof evidenceItem>;

export const timelineRes = z.object({
  paperId: z.string(),
  examId: z.string(),
  title: z.string(),
  userId: z.string(),
  realName: z.string(),
  state: z.number().int(),
  createTime: z.string().nullable(),
  handTime: z.string().nullable(),
  /** Consecutive failed captures now, and the exam's limit. */
  failCount: z.number().int(),
  faceChance: z.number().int(),
  /** The paper was handed in by face failures. */
  broken: z.boolean(),
  items: z.array(evidenceItem),
});
export type TimelineRes = z.infer<typeof timelineRes>;

/** Appeal states: 0 pending, 1 reopened, 2 confirmed. */
export const AppealState = { PENDING: 0, REOPENED: 1, CONFIRMED: 2 } as const;
export const APPEAL_STATE_LABEL: Record<number, string> = { 0: '待处理', 1: '已重开', 2: '维持交卷' };

export const appealSaveReq = z.object({
  paperId: idSchema,
  reason: z.string({ error: '申诉理由不能为空！' }).trim().min(1, '申诉理由不能为空！').max(500, '申诉理由不能超过500个字！'),
});
export const appealDecideReq = z.object({
  id: idSchema,
  /** 1 reopen the paper with the time it had left, 2 confirm the hand-in. */
  state: z.union([z.literal(1), z.literal(2)], { error: '处理结果不正确！' }),
  remark: z.string().trim().max(500, '处理意见不能超过500个字！').default(''),
});

export const appealRecord = z.object({
  id: z.string(),
  paperId: z.string(),
  examId: z.string(),
  title: z.string(),
  userId: z.string(),
  realName: z.string(),
  reason: z.string(),
  state: z.number().int(),
  state_dictText: z.string(),
  remark: z.string(),
  /** Seconds the paper had left when it was handed in (what a reopen gives back). */
  leftSeconds: z.number().int(),
  createTime: z.string().nullable(),
  decideTime: z.string().nullable(),
});
export type AppealRecord = z.infer<typeof appealRecord>;
export const appealPagingReq = pagingReq(z.object({ state: z.number().int().optional(), examId: idSchema.optional() }));

/** The learner's view of his paper's proctoring: whether it was handed in by face failures and his appeal, if any. */
export const myCaptureState = z.object({
  broken: z.boolean(),
  failCount: z.number().int(),
  faceChance: z.number().int(),
  appeal: appealRecord.nullable(),
});
export type MyCaptureState = z.infer<typeof myCaptureState>;

/** Errors of camera proctoring (block 2012xxxx). */
export const PaperCaptureError = defineErrors({
  CAM_OFF: { code: 20120001, msg: '本场考试未开启摄像头抓拍！' },
  NO_IMAGE: { code: 20120002, msg: '请上传抓拍图片！' },
  FACE_REQUIRED: { code: 20120003, msg: '本场考试需要先进行人脸核验！' },
  FACE_OFF: { code: 20120004, msg: '本场考试无需人脸核验！' },
  NOT_BROKEN: { code: 20120005, msg: '只有因人脸识别失败被强制交卷的试卷可以申诉！' },
  APPEAL_EXISTS: { code: 20120006, msg: '该试卷已提交过申诉！' },
  APPEAL_DONE: { code: 20120007, msg: '该申诉已处理，不能重复处理！' },
  REOPEN_BUSY: { code: 20120008, msg: '考生已有进行中的试卷，暂不能重开！' },
  REOPEN_MARKED: { code: 20120009, msg: '试卷已开始阅卷，不能重开！' },
  NO_FACE_MATCH: { code: 20120010, msg: '人脸比对失败，请正对摄像头重试！' },
});

export const paperCaptureApi = {
  save: json({ path: '/api/paper/capture/save', summary: '考试抓拍（连续失败达到次数强制交卷）', access: 'user', body: captureSaveReq, data: captureSaveRes }),
  faceCheck: json({ path: '/api/paper/face/check', summary: '考前人脸核验（通过后得到开考用的 faceToken）', access: 'user', body: faceCheckReq, data: faceCheckResult, ours: true }),
  myState: json({ path: '/api/paper/capture/my-state', readOnly: true, summary: '我的试卷的抓拍状态与申诉', access: 'user', body: idReq, data: myCaptureState, ours: true }),
  appeal: json({ path: '/api/paper/capture/appeal', summary: '对人脸识别强制交卷提出申诉', access: 'user', body: appealSaveReq, data: z.object({ id: z.string() }), ours: true }),
  timeline: json({ path: '/api/paper/capture/timeline', readOnly: true, summary: '试卷监考证据时间线（抓拍、离开、退出全屏、提醒）', access: PaperCapturePerm.EVIDENCE, body: idReq, data: timelineRes, ours: true }),
  appealPaging: json({ path: '/api/paper/capture/appeal-paging', readOnly: true, summary: '分页查询强制交卷申诉', access: PaperCapturePerm.APPEAL, body: appealPagingReq, data: pagingRes(appealRecord), ours: true }),
  appealDecide: json({ path: '/api/paper/capture/appeal-decide', summary: '处理申诉（1 重开试卷并恢复剩余时间，2 维持交卷）', access: PaperCapturePerm.APPEAL, body: appealDecideReq, data: z.object({ state: z.number().int() }), ours: true }),
};
