/**
 * Departments (SPEC §3 "Department node: id, deptCode, deptName, children. The sfyxjbm flag = 1
 * means the unit allows sub-departments"; §7 /api/sys/depart/tree, /tree-select, /detail {id},
 * /delete {ids}, /save, /sort {id, sort}; §2 "department tree with filter").
 *
 * deptCode is hierarchical and assigned by the server, 3 characters a level: a root gets 'A01',
 * 'A02' … 'A99', then 'B01' … 'Z99'; a child of 'A01' gets 'A01A01', 'A01A02' … (so the code of a
 * department starts with the code of each of its ancestors, and a subtree is a code prefix). A
 * department keeps its parent for life; `sort` orders siblings.
 *
 * sfyxjbm = 1: learners who choose this unit also fill in the name of their own department in it
 * (bmmc, required in the profile form only then, SPEC §5 Profile form).
 */
import { z } from 'zod';
import { idReq, idSchema, idsReq } from './common';
import { defineErrors } from './errors';
import { json } from './endpoint';

/** Characters of deptCode per level ('A01'). */
export const DEPT_CODE_LEVEL = 3;
/** Largest deptCode length (the column is varchar(64)): 21 levels. */
export const DEPT_CODE_MAX = 63;
/** A well-formed deptCode: one or more levels of a capital letter and two digits (01–99). */
export const DEPT_CODE_PATTERN = /^(?:[A-Z](?:0[1-9]|[1-9]\d))+$/;

/** sfyxjbm labels (0 no, 1 yes). */
export const SFYXJBM_LABEL: Record<number, string> = { 0: '否', 1: '是' };

/** A department in the admin tree (/tree). */
export interface DepartNode {
  id: string;
  /** '' for a root. */
  parentId: string;
  deptCode: string;
  deptName: string;
  /** 1: learners of this unit fill in their sub-department (bmmc). */
  sfyxjbm: number;
  /** Position among its siblings (ascending). */
  sort: number;
  children: DepartNode[];
}
export const departNode: z.ZodType<DepartNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    parentId: z.string(),
    deptCode: z.string(),
    deptName: z.string(),
    sfyxjbm: z.number().int(),
    sort: z.number().int(),
    children: z.array(departNode),
  }),
);
export const departTreeRes = z.array(departNode);

/** A department in the pickers (/tree-select): value and key are the deptCode, title the name. */
export interface DepartOption {
  value: string;
  title: string;
  key: string;
  sfyxjbm: number;
  children: DepartOption[];
}
export const departOption: z.ZodType<DepartOption> = z.lazy(() =>
  z.object({
    value: z.string(),
    title: z.string(),
    key: z.string(),
    sfyxjbm: z.number().int(),
    children: z.array(departOption),
  }),
);
export const departTreeSelectRes = z.array(departOption);

/** One department with its parent's name ('' for a root). */
export const departDetail = z.object({
  id: z.string(),
  parentId: z.string(),
  parentName: z.string(),
  deptCode: z.string(),
  deptName: z.string(),
  sfyxjbm: z.number().int(),
  sfyxjbm_dictText: z.string(),
  sort: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type DepartDetail = z.infer<typeof departDetail>;

/**
 * Add (no id: under `parentId`, or a root when it is absent or '') or update (id: name and
 * sfyxjbm; the parent cannot change, so `parentId` may be omitted and, when sent, must be the
 * current one).
 */
export const departSaveReq = z.object({
  id: idSchema.optional(),
  parentId: z.string({ error: '上级部门不正确！' }).trim().max(32, '上级部门不正确！').optional(),
  deptName: z.string({ error: '部门名称不能为空！' }).trim().min(1, '部门名称不能为空！').max(100, '部门名称不能超过100个字符！'),
  sfyxjbm: z.union([z.literal(0), z.literal(1)], { error: '是否允许下级部门只能是0或1！' }).default(0),
});
export type DepartSaveReq = z.infer<typeof departSaveReq>;

/** Moves department `id` to position `sort` (0 = first) among its siblings; the others keep their order. */
export const departSortReq = z.object({
  id: idSchema,
  sort: z.number({ error: '排序不能为空！' }).int('排序必须是整数！').min(0, '排序不能小于0！').max(100_000, '排序不能大于100000！'),
});
export type DepartSortReq = z.infer<typeof departSortReq>;

/** Permission codes of departments. */
export const DepartPerm = { LIST: 'sys:depart:list', ADD: 'sys:depart:add', UPDATE: 'sys:depart:update', DELETE: 'sys:depart:delete' } as const;

/** Errors of departments (9002xxxx). A missing department answers 10010003 '部门不存在！'. */
export const DepartError = defineErrors({
  /** Delete refused: the department has sub-departments (the message names it). */
  HAS_CHILDREN: { code: 90020001, msg: '该部门下还有下级部门，不能删除！' },
  /** Delete refused: users belong to the department (the message names it). */
  HAS_USERS: { code: 90020002, msg: '该部门下还有用户，不能删除！' },
  /** Delete refused: new learners join the default department. */
  DEFAULT_DEPART: { code: 90020003, msg: '默认部门不能删除！' },
  /** Two live siblings may not share a name. */
  DUPLICATE_NAME: { code: 90020004, msg: '同一上级部门下已有同名部门！' },
  /** A department keeps its parent for life. */
  PARENT_FIXED: { code: 90020005, msg: '部门创建后不能更换上级部门！' },
  /** deptCode would exceed 63 characters. */
  TOO_DEEP: { code: 90020006, msg: '部门层级不能超过21级！' },
  /** Every code of the level ('A01' … 'Z99') is taken under this parent. */
  TOO_MANY_CHILDREN: { code: 90020007, msg: '同一上级部门下的部门数量已达上限！' },
});

/** Calls of departments (SPEC §7 "Configuration and dictionaries"). */
export const departApi = {
  tree: json({ path: '/api/sys/depart/tree', readOnly: true, summary: '部门树（管理）', access: DepartPerm.LIST, data: departTreeRes }),
  treeSelect: json({ path: '/api/sys/depart/tree-select', readOnly: true, summary: '部门选择树（value 为部门编码；任何登录用户）', access: 'user', data: departTreeSelectRes }),
  regTree: json({
    path: '/api/sys/depart/reg-tree',
    readOnly: true,
    summary: '注册时可选的部门树（公开；仅在开放注册且用户自选部门时有内容，否则为空）',
    access: 'public',
    data: departTreeSelectRes,
    ours: true,
  }),
  detail: json({ path: '/api/sys/depart/detail', readOnly: true, summary: '部门详情', access: DepartPerm.LIST, body: idReq, data: departDetail }),
  save: json({
    path: '/api/sys/depart/save',
    summary: '新增（编码由系统按上级生成）或修改部门',
    access: [DepartPerm.ADD, DepartPerm.UPDATE],
    body: departSaveReq,
    data: z.object({ id: z.string(), deptCode: z.string() }),
  }),
  delete: json({ path: '/api/sys/depart/delete', summary: '删除部门（有下级部门或用户时拒绝）', access: DepartPerm.DELETE, body: idsReq, data: z.null() }),
  sort: json({ path: '/api/sys/depart/sort', summary: '调整部门在同级中的位置（sort 从0起）', access: DepartPerm.UPDATE, body: departSortReq, data: z.null() }),
};
