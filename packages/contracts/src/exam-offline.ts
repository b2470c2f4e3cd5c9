/**
 * Offline exams (SPEC §7 "/api/exam/exam/… plus offline endpoints"; issue 8 "Offline exams"): an
 * exam held on paper (el_exam.offline = 1) whose scores the administrator imports from a
 * spreadsheet or types in. Each score becomes the learner's paper (el_paper, offline = 1, state 2
 * 已完成), so results, 我的成绩, points and certificates (event `paper.marked`) cover it like an
 * online exam.
 *
 * One score per (exam, learner): entering the same score and time again changes nothing; a
 * different score replaces it (and `paper.marked` is emitted again: listeners are idempotent, so a
 * learner who now passes gets the points and certificate; nothing already granted is taken back).
 */
import { z } from 'zod';
import { idSchema, pagingReq, pagingRes, TIME_PATTERN } from './common';
import { defineErrors } from './errors';
import { download, json, upload } from './endpoint';
import { jobRef } from './sys-job';

/** Spreadsheet layout of an offline score import (row 1 the header, one learner per row from row 2). */
export const OFFLINE_IMPORT_HEADERS = ['账号', '姓名', '成绩', '考试时间'] as const;
export const OFFLINE_SHEET_NAME = '成绩数据';
export const OFFLINE_TEMPLATE_FILE = '线下考试成绩导入模板.xlsx';
/** Data rows an import may hold. */
export const OFFLINE_IMPORT_MAX_ROWS = 20_000;
/** Job type of an offline score import; its result is `offlineImportResult`. */
export const OFFLINE_IMPORT_JOB = 'exam-offline.import';

/** How a score was entered. */
export const OfflineSource = { IMPORT: 1, TYPED: 2 } as const;
export const OFFLINE_SOURCE_LABEL: Record<number, string> = { 1: '导入', 2: '录入' };

/** Result of an import: all or nothing; every bad row listed (first 200; `totalErrors` counts all). */
export const offlineImportResult = z.object({
  /** Rows whose score was new or changed. */
  imported: z.number().int(),
  /** Rows whose score and time were already recorded (nothing changed). */
  unchanged: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), msg: z.string() })),
  totalErrors: z.number().int(),
});
export type OfflineImportResult = z.infer<typeof offlineImportResult>;

const SCORE_MSG = '成绩必须是不小于0的整数！';
/** `yyyy-MM-dd HH:mm:ss`, or a day `yyyy-MM-dd` (read as 00:00:00), Asia/Shanghai. */
export const EXAM_TIME_MSG = '考试时间格式应为 yyyy-MM-dd HH:mm:ss';

export const offlineEntryReq = z.object({
  examId: idSchema,
  userId: idSchema,
  userScore: z.number({ error: SCORE_MSG }).int(SCORE_MSG).min(0, SCORE_MSG).max(1_000_000, SCORE_MSG),
  /** When the exam was sat; empty = the exam's start time, else now. */
  examTime: z.string().trim().refine((v) => v === '' || TIME_PATTERN.test(v), EXAM_TIME_MSG).default(''),
});
export type OfflineEntryReq = z.infer<typeof offlineEntryReq>;

export const offlineInfoRes = z.object({
  examId: z.string(),
  title: z.string(),
  offline: z.number().int(),
  totalScore: z.number().int(),
  qualifyScore: z.number().int(),
  startTime: z.string().nullable(),
});
export type OfflineInfo = z.infer<typeof offlineInfoRes>;

export const offlinePagingParams = z.object({
  examId: idSchema,
  /** Part of the learner's account name or real name. */
  userName: z.string().max(100).optional(),
  /** 1 passed, 0 failed. */
  passed: z.number().int().min(0).max(1).optional(),
});
export const OFFLINE_SORT = ['userScore', 'examTime', 'updateTime'] as const;
export const offlinePagingReq = pagingReq(offlinePagingParams, { sort: OFFLINE_SORT });

export const offlineRecord = z.object({
  id: z.string(),
  examId: z.string(),
  userId: z.string(),
  userName: z.string(),
  realName: z.string(),
  deptCode: z.string(),
  /** The learner's paper (el_paper, offline 1). */
  paperId: z.string(),
  userScore: z.number().int(),
  totalScore: z.number().int(),
  qualifyScore: z.number().int(),
  passed: z.boolean(),
  examTime: z.string(),
  source: z.number().int(),
  source_dictText: z.string(),
  updateBy: z.string(),
  updateBy_dictText: z.string(),
  updateTime: z.string(),
});
export type OfflineRecord = z.infer<typeof offlineRecord>;
export const offlinePagingRes = pagingRes(offlineRecord);

/** Errors of offline exams (block 20060001…; 2006001x this file). */
export const ExamOfflineError = defineErrors({
  /** The exam is not an offline exam (el_exam.offline 0). */
  NOT_OFFLINE: { code: 20060011, msg: '该考试不是线下考试！' },
  /** A score above the exam's total score (the message names the range: 成绩必须在0-N之间！). A learner unknown or outside the caller's data scope answers 10010003. */
  SCORE_RANGE: { code: 20060012, msg: '成绩超出试卷总分！' },
});

/** Permission codes of offline scores (function menus of 考试管理). */
export const ExamOfflinePerm = { LIST: 'exam:offline:list', ENTRY: 'exam:offline:entry' } as const;

/** Calls of offline exams (all ours: SPEC §7 names only "offline endpoints"). */
export const examOfflineApi = {
  info: json({ path: '/api/exam/offline/info', readOnly: true, summary: '线下考试信息（总分、及格分）', access: ExamOfflinePerm.LIST, body: z.object({ examId: idSchema }), data: offlineInfoRes, ours: true }),
  paging: json({ path: '/api/exam/offline/paging', readOnly: true, summary: '分页查询线下考试成绩（按数据范围）', access: ExamOfflinePerm.LIST, body: offlinePagingReq, data: offlinePagingRes, ours: true }),
  entry: json({ path: '/api/exam/offline/entry', summary: '录入一名学员的线下考试成绩（同分重复录入不变，不同分则更新）', access: ExamOfflinePerm.ENTRY, body: offlineEntryReq, data: z.object({ paperId: z.string(), changed: z.boolean() }), ours: true }),
  import: upload({
    path: '/api/exam/offline/import',
    summary: '导入线下考试成绩（后台任务；任何一行有误则不导入）',
    access: ExamOfflinePerm.ENTRY,
    fields: z.object({ examId: idSchema }),
    file: { field: 'file', accept: ['.xlsx'], maxBytes: 20 * 1024 * 1024 },
    data: jobRef,
    ours: true,
  }),
  template: download({ path: '/api/exam/offline/template', readOnly: true, summary: '下载线下考试成绩导入模板', access: ExamOfflinePerm.ENTRY, fileName: OFFLINE_TEMPLATE_FILE, ours: true }),
};
