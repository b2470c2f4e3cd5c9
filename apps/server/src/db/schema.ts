/**
 * Table types for Kysely. Table names are snake_case; columns are camelCase here and snake_case in
 * the database (CamelCasePlugin). Instants are epoch milliseconds; flags are 0/1 integers so that
 * the same code runs on SQLite and PostgreSQL.
 */
import type { Generated } from 'kysely';

type Ms = number;
type Flag = number;

export interface SysDepartTable {
  id: string;
  parentId: string;
  deptCode: string;
  deptName: string;
  sort: number;
  createTime: Ms;
  updateTime: Ms;
}
export interface SysRoleTable {
  id: string;
  roleName: string;
  roleType: number;
  roleLevel: number;
  createTime: Ms;
  updateTime: Ms;
}
export interface SysMenuTable {
  id: string;
  parentId: string;
  menuType: number;
  title: string;
  path: string;
  name: string;
  component: string;
  redirect: string;
  permission: string;
  icon: string;
  hidden: Flag;
  alwaysShow: Flag;
  noCache: Flag;
  affix: Flag;
  activeMenu: string;
  sort: number;
  createTime: Ms;
  updateTime: Ms;
}
export interface SysRoleMenuTable {
  id: string;
  roleId: string;
  menuId: string;
}
export interface SysUserTable {
  id: string;
  userName: string;
  realName: string;
  password: string;
  avatar: string;
  mobile: string;
  email: string;
  deptCode: string;
  state: number;
  realPerson: Flag;
  createTime: Ms;
  updateTime: Ms;
}
export interface SysUserRoleTable {
  id: string;
  userId: string;
  roleId: string;
}
export interface SysUserTokenTable {
  id: string;
  userId: string;
  tokenHash: string;
  createTime: Ms;
  expireTime: Ms;
  ip: string;
  userAgent: string;
}
export interface ElRepoTable {
  id: string;
  title: string;
  remark: string;
  deleted: Flag;
  createBy: string;
  createTime: Ms;
  updateTime: Ms;
}
export interface ElQuTable {
  id: string;
  repoId: string;
  /** Parent question of a combined (99) question's sub-question; '' otherwise. */
  parentId: string;
  quType: number;
  level: number;
  content: string;
  analysis: string;
  image: string;
  video: string;
  /** Reference answer of subjective / fill-blank questions. */
  answer: string;
  sort: number;
  deleted: Flag;
  createBy: string;
  createTime: Ms;
  updateTime: Ms;
}
export interface ElQuAnswerTable {
  id: string;
  quId: string;
  isRight: Flag;
  content: string;
  analysis: string;
  image: string;
  /** Matching key / blank answer for types 5 and 6. */
  answer: string;
  sort: number;
}
export interface ElExamTable {
  id: string;
  title: string;
  content: string;
  openType: number;
  state: number;
  startTime: Ms | null;
  endTime: Ms | null;
  totalTime: number;
  totalScore: number;
  qualifyScore: number;
  chance: number;
  deleted: Flag;
  createBy: string;
  createTime: Ms;
  updateTime: Ms;
}
export interface ElExamRuleTable {
  id: string;
  examId: string;
  repoId: string;
  quType: number;
  quCount: number;
  quScore: number;
  sort: number;
}
export interface ElPaperTable {
  id: string;
  userId: string;
  examId: string;
  title: string;
  totalTime: number;
  totalScore: number;
  qualifyScore: number;
  userScore: number;
  state: number;
  passed: Flag;
  createTime: Ms;
  /** Deadline by the server clock: createTime + totalTime, capped at the exam's endTime. */
  limitTime: Ms;
  handTime: Ms | null;
  updateTime: Ms;
}
export interface ElPaperGroupTable {
  id: string;
  paperId: string;
  title: string;
  quType: number;
  quCount: number;
  perScore: number;
  totalScore: number;
  sort: number;
}
export interface ElPaperQuTable {
  id: string;
  paperId: string;
  groupId: string;
  quId: string;
  quType: number;
  sort: number;
  score: number;
  answered: Flag;
  mark: Flag;
  isRight: Flag;
  actualScore: number;
  answer: string;
}
export interface ElPaperQuAnswerTable {
  id: string;
  paperId: string;
  quId: string;
  answerId: string;
  abc: string;
  sort: number;
  checked: Flag;
  isRight: Flag;
}

export interface DB {
  sys_depart: SysDepartTable;
  sys_role: SysRoleTable;
  sys_menu: SysMenuTable;
  sys_role_menu: SysRoleMenuTable;
  sys_user: SysUserTable;
  sys_user_role: SysUserRoleTable;
  sys_user_token: SysUserTokenTable;
  el_repo: ElRepoTable;
  el_qu: ElQuTable;
  el_qu_answer: ElQuAnswerTable;
  el_exam: ElExamTable;
  el_exam_rule: ElExamRuleTable;
  el_paper: ElPaperTable;
  el_paper_group: ElPaperGroupTable;
  el_paper_qu: ElPaperQuTable;
  el_paper_qu_answer: ElPaperQuAnswerTable;
}

/** Keeps `Generated` importable for later tables with database defaults. */
export type { Generated };
