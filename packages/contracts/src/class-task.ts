/**
 * Class tasks 培训任务 (issue 13 "Class content": tasks `/api/task/bj`; SPEC §7 names the path, not
 * the payloads). An admin with the class in his data scope sets assignments (title, rich-text
 * content, deadline, required, files allowed), lists the enrolled learners with their submission
 * state and reviews a submission (score 0–100, comment). An enrolled learner lists the class's
 * tasks with his submission and submits (text and files uploaded through /api/common/file/upload)
 * until the deadline; he may submit again until it is reviewed.
 */
import { z } from 'zod';
import { idReq, idSchema, idsReq, pagingReq, pagingRes, TIME_PATTERN } from './common';
import { json } from './endpoint';
import { defineErrors } from './errors';

/** A learner's standing on a task: 0 未提交, 1 已提交, 2 已批阅. */
export const TaskSubmitState = { NONE: 0, SUBMITTED: 1, REVIEWED: 2 } as const;
export const TASK_SUBMIT_STATE_LABEL: Record<number, string> = { 0: '未提交', 1: '已提交', 2: '已批阅' };

/** Longest submission text (characters) and most files per submission. */
export const TASK_TEXT_MAX = 10000;
export const TASK_FILES_MAX = 10;

export const TASK_MSG = {
  title: '任务标题不能为空！',
  deadline: '截止时间不能为空！',
  timeFormat: '时间格式应为 yyyy-MM-dd HH:mm:ss',
  submitEmpty: '请填写作业内容或上传附件！',
  score: '评分必须是0到100之间的整数！',
} as const;

/** POST /api/task/bj/save: add (no id) or update a task. `content` rich text, sanitised. */
export const taskSaveReq = z.object({
  id: idSchema.optional(),
  classId: idSchema,
  title: z.string({ error: TASK_MSG.title }).trim().min(1, TASK_MSG.title).max(200, '任务标题不能超过200个字符！'),
  content: z.string().max(50000, '任务内容不能超过50000个字符！').optional().default(''),
  deadline: z.string({ error: TASK_MSG.deadline }).trim().min(1, TASK_MSG.deadline).regex(TIME_PATTERN, TASK_MSG.timeFormat),
  required: z.boolean().optional().default(true),
  allowFiles: z.boolean().optional().default(true),
});
export type TaskSaveReq = z.input<typeof taskSaveReq>;

/** A task as the admin sees it, with its submission counts. */
export const taskRecord = z.object({
  id: z.string(),
  classId: z.string(),
  title: z.string(),
  content: z.string(),
  deadline: z.string(),
  required: z.boolean(),
  allowFiles: z.boolean(),
  submitCount: z.number().int(),
  reviewCount: z.number().int(),
  createTime: z.string(),
});
export type TaskRecord = z.infer<typeof taskRecord>;
export const taskPagingReq = pagingReq(z.object({ classId: idSchema, title: z.string().max(200).optional() }));
export const taskPagingRes = pagingRes(taskRecord);

/** One attached file of a submission (an upload's url and shown name). */
export const taskFile = z.object({
  url: z.string().trim().min(1, '附件地址不能为空！').max(1000, '附件地址不能超过1000个字符！').regex(/^(https?:\/\/|\/)/, '附件地址不正确！'),
  name: z.string().trim().max(200, '附件名称不能超过200个字符！').default(''),
});
export type TaskFile = z.infer<typeof taskFile>;

/** POST /api/task/bj/submits: every enrolled learner of the task's class with his submission (if any). */
export const taskSubmitsReq = pagingReq(z.object({ taskId: idSchema, state: z.number().int().min(0).max(2).optional(), userName: z.string().max(100).optional() }));
export const taskSubmitRecord = z.object({
  /** The enrolled learner's user id (the row key). */
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  realName: z.string(),
  /** The submission's id ('' none yet). */
  submitId: z.string(),
  state: z.number().int(),
  state_dictText: z.string(),
  content: z.string(),
  files: z.array(taskFile),
  submitTime: z.string(),
  score: z.number().int().nullable(),
  comment: z.string(),
  reviewTime: z.string(),
});
export type TaskSubmitRecord = z.infer<typeof taskSubmitRecord>;
export const taskSubmitsRes = pagingRes(taskSubmitRecord);

/** POST /api/task/bj/review: score (0–100) and comment a submission. */
export const taskReviewReq = z.object({
  submitId: idSchema,
  score: z.number({ error: TASK_MSG.score }).int(TASK_MSG.score).min(0, TASK_MSG.score).max(100, TASK_MSG.score),
  comment: z.string().trim().max(2000, '评语不能超过2000个字符！').optional().default(''),
});
export type TaskReviewReq = z.input<typeof taskReviewReq>;

/** POST /api/task/bj/my-list: the class's tasks with the caller's submission. */
export const taskMyListReq = z.object({ classId: idSchema });
export const taskMyRecord = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  deadline: z.string(),
  /** The deadline has passed (server clock). */
  closed: z.boolean(),
  required: z.boolean(),
  allowFiles: z.boolean(),
  state: z.number().int(),
  state_dictText: z.string(),
  myContent: z.string(),
  myFiles: z.array(taskFile),
  submitTime: z.string(),
  score: z.number().int().nullable(),
  comment: z.string(),
});
export type TaskMyRecord = z.infer<typeof taskMyRecord>;

/** POST /api/task/bj/submit: hand in (or hand in again before review). */
export const taskSubmitReq = z.object({
  taskId: idSchema,
  content: z.string().trim().max(TASK_TEXT_MAX, `作业内容不能超过${TASK_TEXT_MAX}个字符！`).optional().default(''),
  files: z.array(taskFile).max(TASK_FILES_MAX, `附件不能超过${TASK_FILES_MAX}个！`).optional().default([]),
});
export type TaskSubmitReq = z.input<typeof taskSubmitReq>;

/** Permission codes (function menus under 培训管理 → 培训班). */
export const ClassTaskPerm = { LIST: 'class:task:list', SAVE: 'class:task:save', DELETE: 'class:task:delete', REVIEW: 'class:task:review' } as const;

/** Errors of class tasks (block 2022xxxx). */
export const ClassTaskError = defineErrors({
  CLOSED: { code: 20220001, msg: '任务已截止，不能提交！' },
  REVIEWED: { code: 20220002, msg: '任务已批阅，不能再提交！' },
  NO_FILES: { code: 20220003, msg: '该任务不允许上传附件！' },
});

export const classTaskApi = {
  save: json({ path: '/api/task/bj/save', summary: '新增或修改培训任务', access: ClassTaskPerm.SAVE, body: taskSaveReq, data: z.object({ id: z.string() }), ours: true }),
  detail: json({ path: '/api/task/bj/detail', readOnly: true, summary: '培训任务详情', access: ClassTaskPerm.LIST, body: idReq, data: taskRecord, ours: true }),
  paging: json({ path: '/api/task/bj/paging', readOnly: true, summary: '分页查询班级的培训任务', access: ClassTaskPerm.LIST, body: taskPagingReq, data: taskPagingRes, ours: true }),
  delete: json({ path: '/api/task/bj/delete', summary: '删除培训任务（及其提交）', access: ClassTaskPerm.DELETE, body: idsReq, data: z.null(), ours: true }),
  submits: json({ path: '/api/task/bj/submits', readOnly: true, summary: '任务提交情况（班级已报名学员及其提交）', access: ClassTaskPerm.LIST, body: taskSubmitsReq, data: taskSubmitsRes, ours: true }),
  review: json({ path: '/api/task/bj/review', summary: '批阅任务提交（0–100分，评语）', access: ClassTaskPerm.REVIEW, body: taskReviewReq, data: z.null(), ours: true }),
  myList: json({ path: '/api/task/bj/my-list', readOnly: true, summary: '我的培训任务（班级任务及我的提交）', access: 'user', body: taskMyListReq, data: z.array(taskMyRecord), ours: true }),
  submit: json({ path: '/api/task/bj/submit', summary: '提交培训任务（截止前，批阅前可重新提交）', access: 'user', body: taskSubmitReq, data: z.object({ submitId: z.string() }), ours: true }),
};
