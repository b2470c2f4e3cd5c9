/**
 * Face checks during course study (issue 12 "Camera proctoring", Study; SPEC §3 "Face check, capture
 * and learning", §4 "Study face capture", §7 /api/course/face/save, validate-face, face-paging,
 * capture-paging, §8 study capture messages, §9 faceInterval).
 *
 * A course with faceOn: before study is credited the learner passes a face check (`validate-face`,
 * the face-check dialog); the study page then captures a frame every faceInterval minutes (`save`).
 * Each pass keeps study open for faceInterval minutes plus FACE_GRACE_MS; without one the server
 * credits nothing (the reading socket and the progress call answer FACE_PENDING), whatever the
 * browser shows. faceChance consecutive failures end the study (isBreak) until a new face check.
 */
import { z } from 'zod';
import { idSchema, pagingReq, pagingRes } from './common';
import { json } from './endpoint';
import { captureResult, faceCheckResult } from './face';

/** After a passed face check study stays open this long past faceInterval (time to capture and compare). */
export const FACE_GRACE_MS = 120_000;

/** Permission of the two admin lists. */
export const CourseFacePerm = { VIEW: 'course:face:view' } as const;

const base64 = z.string({ error: '人脸照片不能为空！' }).min(1, '人脸照片不能为空！').max(4_000_000, '图片太大，请压缩后再上传！');

/** POST /api/course/face/validate-face and /save: {courseId, fileId, base64} (SPEC §3 course face capture payload). */
export const courseFaceReq = z.object({ courseId: idSchema, fileId: idSchema, base64 });

/** kind 1: face check (validate-face), 2: periodic capture (save). */
export const CourseFaceKind = { CHECK: 1, CAPTURE: 2 } as const;

/** Admin lists: one course's face checks or captures, optionally one learner's, passed or failed. */
export const courseFacePagingReq = pagingReq(
  z.object({
    courseId: idSchema,
    userId: z.string().trim().max(32).optional(),
    pass: z.boolean().optional(),
  }),
);
export const courseFaceRow = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  realName: z.string(),
  courseId: z.string(),
  fileId: z.string(),
  pass: z.boolean(),
  /** Similarity 0–1 (0 when no face was found). */
  score: z.number(),
  /** Faces found in the image. */
  faces: z.number().int(),
  failMsg: z.string(),
  /** The captured image (/api/common/file/view/…), '' when it could not be kept. */
  imageUrl: z.string(),
  /** Server time `yyyy-MM-dd HH:mm:ss`. */
  createTime: z.string(),
});
export type CourseFaceRow = z.infer<typeof courseFaceRow>;

export const courseFaceApi = {
  validateFace: json({
    path: '/api/course/face/validate-face', access: 'user', body: courseFaceReq, data: faceCheckResult,
    summary: '学习人脸核验（人脸比对对话框）：与实名认证照片比对，通过后开始计时',
  }),
  save: json({
    path: '/api/course/face/save', access: 'user', body: courseFaceReq, data: captureResult,
    summary: '学习人脸抓拍（每faceInterval分钟一次）：连续faceChance次失败则中断学习',
  }),
  facePaging: json({
    path: '/api/course/face/face-paging', readOnly: true, access: CourseFacePerm.VIEW, body: courseFacePagingReq, data: pagingRes(courseFaceRow),
    summary: '课程的学习人脸核验记录（管理端）',
  }),
  capturePaging: json({
    path: '/api/course/face/capture-paging', readOnly: true, access: CourseFacePerm.VIEW, body: courseFacePagingReq, data: pagingRes(courseFaceRow),
    summary: '课程的学习人脸抓拍记录（管理端）',
  }),
} as const;
