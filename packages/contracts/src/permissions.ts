/**
 * Permission codes checked server-side on every admin call and used by the web to show buttons
 * (SPEC §6). Codes named by the spec are kept as they are (exam:add, repo:list …).
 */
export const Perm = {
  DASHBOARD: 'sys:dashboard',
  REPO_LIST: 'repo:list',
  REPO_ADD: 'repo:add',
  REPO_UPDATE: 'repo:update',
  REPO_DELETE: 'repo:delete',
  QU_LIST: 'qu:list',
  QU_ADD: 'qu:add',
  QU_UPDATE: 'qu:update',
  QU_DELETE: 'qu:delete',
  QU_IMPORT: 'qu:import',
  EXAM_LIST: 'exam:list',
  EXAM_ADD: 'exam:add',
  EXAM_UPDATE: 'exam:update',
  EXAM_DELETE: 'exam:delete',
  EXAM_STATE: 'exam:state',
} as const;
export type PermCode = (typeof Perm)[keyof typeof Perm];
