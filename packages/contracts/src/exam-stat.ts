/**
 * Exam statistics with item analysis (admin ExamStat, route param examId; issue 14 "Statistics").
 *
 * Population: the exam's SCORED papers (state 2 已完成) in the caller's data scope (papers carry the
 * learner's department when drawn); papers awaiting marking are only counted (`awaitingMark`).
 * - Summary: count, average / max / min score, pass count and rate, the score distribution in
 *   EXAM_STAT_BUCKETS buckets of 10 % of the total score each (the last one includes the full score),
 *   and the same figures per department.
 * - Items (every question of the exam's papers; a combined question's sub-questions, not its stem):
 *   facility = papers right / papers given the question (unanswered counts as wrong);
 *   discrimination = facility in the upper 27 % of papers by score minus facility in the lower 27 %
 *   (group size round(0.27·n), at least 1; ties broken by paper id; null under 2 papers);
 *   option shares (papers choosing the option / papers given the question) with the right option
 *   marked; average seconds on the question (from el_paper_qu.answer_time: time since the paper's
 *   previous first answer, or since the paper began; null when nobody answered it).
 *   Flags: 'hard' facility < 0.2 (偏难), 'easy' facility > 0.95 (偏易), 'lowDisc' discrimination < 0.2 (区分度低).
 * Shares and rates are fractions 0..1 rounded to 4 decimals; scores to 1 decimal.
 */
import { z } from 'zod';
import { idReq } from './common';
import { download, json } from './endpoint';

export const ExamStatPerm = { STAT: 'exam:stat' } as const;

/** Buckets of the score distribution (10 % of the total score each). */
export const EXAM_STAT_BUCKETS = 10;
/** Share of papers in the upper and the lower group of the discrimination index. */
export const EXAM_STAT_GROUP_SHARE = 0.27;
/** Flag thresholds (issue 14). */
export const EXAM_STAT_FLAGS = { hardBelow: 0.2, easyAbove: 0.95, lowDiscBelow: 0.2 } as const;
export const ITEM_FLAG_LABEL: Record<ItemFlag, string> = { hard: '偏难', easy: '偏易', lowDisc: '区分度低' };

export const itemFlag = z.enum(['hard', 'easy', 'lowDisc']);
export type ItemFlag = z.infer<typeof itemFlag>;

/** Score figures of a set of papers (the exam, or one department). */
export const examStatFigures = z.object({
  paperCount: z.number().int(),
  avgScore: z.number(),
  maxScore: z.number(),
  minScore: z.number(),
  passCount: z.number().int(),
  passRate: z.number(),
});

export const examStatBucket = z.object({
  /** `60-70` (scores; the last bucket includes its upper bound). */
  label: z.string(),
  min: z.number(),
  max: z.number(),
  count: z.number().int(),
});
export type ExamStatBucket = z.infer<typeof examStatBucket>;

export const examStatDept = examStatFigures.extend({ deptCode: z.string(), deptName: z.string() });
export type ExamStatDept = z.infer<typeof examStatDept>;

export const examStatSummary = examStatFigures.extend({
  examId: z.string(),
  title: z.string(),
  totalScore: z.number(),
  qualifyScore: z.number(),
  /** Handed-in papers still awaiting marking (not in the figures). */
  awaitingMark: z.number().int(),
  buckets: z.array(examStatBucket),
  depts: z.array(examStatDept),
});
export type ExamStatSummary = z.infer<typeof examStatSummary>;

export const examStatOption = z.object({
  answerId: z.string(),
  /** Letter by the question bank's option order. */
  abc: z.string(),
  content: z.string(),
  isRight: z.boolean(),
  count: z.number().int(),
  share: z.number(),
});
export type ExamStatOption = z.infer<typeof examStatOption>;

export const examStatItem = z.object({
  quId: z.string(),
  quType: z.number().int(),
  quType_dictText: z.string(),
  /** The question's text without markup, cut to 200 characters. */
  content: z.string(),
  score: z.number(),
  paperCount: z.number().int(),
  answeredCount: z.number().int(),
  rightCount: z.number().int(),
  facility: z.number().nullable(),
  upperFacility: z.number().nullable(),
  lowerFacility: z.number().nullable(),
  discrimination: z.number().nullable(),
  /** Choice questions (1–3) only; [] otherwise. */
  options: z.array(examStatOption),
  avgTimeSec: z.number().nullable(),
  flags: z.array(itemFlag),
});
export type ExamStatItem = z.infer<typeof examStatItem>;

export const examStatItems = z.object({
  /** Papers in each of the upper and the lower group. */
  groupSize: z.number().int(),
  paperCount: z.number().int(),
  items: z.array(examStatItem),
});
export type ExamStatItems = z.infer<typeof examStatItems>;

/** Calls of ExamStat (`id`: the exam id). A missing exam answers 10010003. */
export const examStatApi = {
  summary: json({
    path: '/api/stat/exam/summary', readOnly: true, summary: '考试统计：成绩分布、平均/最高/最低分、及格率与各部门情况',
    access: ExamStatPerm.STAT, body: idReq, data: examStatSummary, ours: true,
  }),
  items: json({
    path: '/api/stat/exam/items', readOnly: true, summary: '考试统计：试题分析（难度、区分度、选项分布、平均用时、标记）',
    access: ExamStatPerm.STAT, body: idReq, data: examStatItems, ours: true,
  }),
  exportPapers: download({ path: '/api/stat/exam/export-papers', summary: '导出考试成绩（xlsx，每份试卷一行）', access: ExamStatPerm.STAT, method: 'POST', body: idReq, fileName: '考试成绩.xlsx', ours: true }),
  exportItems: download({ path: '/api/stat/exam/export-items', summary: '导出试题分析（xlsx）', access: ExamStatPerm.STAT, method: 'POST', body: idReq, fileName: '试题分析.xlsx', ours: true }),
};
