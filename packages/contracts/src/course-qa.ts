/**
 * Course Q&A (课程问答; SPEC §3 "Course Q&A", §7 /api/course/qa/*; issue 11): learners ask questions
 * on courses they can see; administrators holding course:qa:reply answer them (a reply is a save
 * with `parentId`, the question's id). Lists show questions with their replies; `isMine` limits
 * them to the caller's questions, `courseId` to one course.
 */
import { z } from 'zod';
import { idReq, idSchema, pagingReq, pagingRes } from './common';
import { json } from './endpoint';
import { CoursePerm } from './course';

/** A reply as the list shows it. */
export const courseQaReply = z.object({
  id: z.string(),
  content: z.string(),
  createBy_dictText: z.string(),
  createTime: z.string(),
  avatar: z.string(),
});
export type CourseQaReply = z.infer<typeof courseQaReply>;

/** A question with its replies (oldest first). */
export const courseQaRecord = courseQaReply.extend({
  courseId: z.string(),
  courseId_dictText: z.string(),
  /** The question is the caller's. */
  mine: z.boolean(),
  replyList: z.array(courseQaReply),
});
export type CourseQaRecord = z.infer<typeof courseQaRecord>;

/** `isMine` true (or 1): only the caller's questions; `courseId`: one course. */
export const courseQaPagingReq = pagingReq(
  z.object({
    isMine: z
      .union([z.boolean(), z.literal(0), z.literal(1)])
      .optional()
      .transform((v) => v === true || v === 1),
    courseId: idSchema.optional(),
  }),
);
export const courseQaPagingRes = pagingRes(courseQaRecord);

/** A question on `courseId`, or (with `parentId`) an administrator's reply to the question `parentId`. */
export const courseQaSaveReq = z.object({
  courseId: idSchema,
  parentId: idSchema.optional(),
  content: z.string({ error: '内容不能为空！' }).trim().min(1, '内容不能为空！').max(2000, '内容不能超过2000个字符'),
});
export type CourseQaSaveReq = z.infer<typeof courseQaSaveReq>;

/** Calls of course Q&A (SPEC §7 "/api/course/qa/detail {id}, /paging, /save"). */
export const courseQaApi = {
  paging: json({ path: '/api/course/qa/paging', readOnly: true, summary: '课程问答列表（isMine 我的 / 全部，courseId 课程）', access: 'user', body: courseQaPagingReq, data: courseQaPagingRes }),
  detail: json({ path: '/api/course/qa/detail', readOnly: true, summary: '课程问答详情（含回复）', access: 'user', body: idReq, data: courseQaRecord }),
  save: json({ path: '/api/course/qa/save', summary: '提问（学员）或回复（parentId，需 course:qa:reply 权限）', access: 'user', body: courseQaSaveReq, data: z.object({ id: z.string() }) }),
};

/** Who may reply (re-exported for the web). */
export const COURSE_QA_REPLY_PERM = CoursePerm.QA_REPLY;
