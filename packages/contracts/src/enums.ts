/**
 * Enumerations of SPEC §4 with their Chinese labels (returned as `<field>_dictText`).
 */

/** Question types (SPEC §4). Types 4, 5, 6 and 99 exist in the tables; editing them comes later. */
export const QuType = { SINGLE: 1, MULTI: 2, JUDGE: 3, SAQ: 4, FILL: 5, MATCH: 6, MIX: 99 } as const;
export type QuTypeValue = (typeof QuType)[keyof typeof QuType];
export const QU_TYPE_LABEL: Record<number, string> = {
  1: '单选题',
  2: '多选题',
  3: '判断题',
  4: '简答题',
  5: '填空题',
  6: '配伍题',
  99: '组合题',
};
/** Short labels used by the spreadsheet import (column 题目类型) and the yf banks. */
export const QU_TYPE_SHORT: Record<string, number> = { 单选: 1, 单选题: 1, 多选: 2, 多选题: 2, 判断: 3, 判断题: 3, 简答: 4, 简答题: 4, 填空: 5, 填空题: 5, 配伍: 6, 配伍题: 6, 组合: 99, 组合题: 99 };
/** Types that can be authored, imported, drawn into papers and graded (issue 8: all of SPEC §4). */
export const SUPPORTED_QU_TYPES = [1, 2, 3, 4, 5, 6, 99] as const;
/** Objective types (graded automatically); type 4 is subjective; 99 counts in neither. */
export const OBJECTIVE_QU_TYPES = [1, 2, 3, 5, 6] as const;
export const SUBJECTIVE_QU_TYPES = [4] as const;

/** Question level: 1 normal, 2 hard. */
export const QU_LEVEL_LABEL: Record<number, string> = { 1: '普通', 2: '较难' };

/** Paper state (SPEC §4). */
export const PaperState = { IN_EXAM: 0, WAIT_MARK: 1, FINISHED: 2, ABANDONED: 3 } as const;
export const PAPER_STATE_LABEL: Record<number, string> = { 0: '考试中', 1: '待阅卷', 2: '已完成', 3: '已弃考' };

/** Exam open type (SPEC §4). Only 1 is available in this release. */
export const OpenType = { PUBLIC: 1, DEPART: 2, PERSON: 3, PASSWORD: 9 } as const;
export const OPEN_TYPE_LABEL: Record<number, string> = { 1: '完全公开', 2: '指定部门', 3: '指定人员', 9: '需要密码' };

/** Generic state filter: 0 normal, 1 disabled (SPEC §4). */
export const COMMON_STATE_LABEL: Record<number, string> = { 0: '正常', 1: '禁用' };
/** User state: 0 normal, 1 disabled, 2 pending review. */
export const USER_STATE_LABEL: Record<number, string> = { 0: '正常', 1: '禁用', 2: '待审核' };

/** Role type: 1 learner (web side only), 2 admin side. */
export const RoleType = { LEARNER: 1, ADMIN: 2 } as const;

/** Menu type: 1 menu, 2 function (carries a permission code), 3 route. */
export const MenuType = { MENU: 1, FUNCTION: 2, ROUTE: 3 } as const;

/** Exam result: 1 pass, 0 fail. */
export const PASSED_LABEL: Record<number, string> = { 1: '通过', 0: '未通过' };

/** Option letters A–Z (SPEC §9). */
export function abcOf(index: number): string {
  return String.fromCharCode(65 + (index % 26));
}
