/**
 * Roles (SPEC §3 "Admin structures": Role id, roleName, roleLevel; §6 roles and permissions; §7
 * /api/sys/role/list, /list-menus {id}, /save-menus, /save, /detail {id}). A role has a type (1
 * learner, web side only; 2 admin side), a name and a level, and is granted menus; the permission
 * codes of the function menus it is granted are what its users may call. An admin-side role has a
 * data scope (issue 6): all data, or the department subtree of the user who holds it.
 */
import { z } from 'zod';
import { idReq, idSchema, idsReq } from './common';
import { json } from './endpoint';
import { defineErrors } from './errors';

/** Role type labels (SPEC §1, §6): 1 learner (web side only), 2 admin side. */
export const ROLE_TYPE_LABEL: Record<number, string> = { 1: '学员', 2: '管理员' };

/** Largest role level. */
export const ROLE_LEVEL_MAX = 9999;

export const roleNameSchema = z.string({ error: '角色名称不能为空！' }).trim().min(1, '角色名称不能为空！').max(64, '角色名称不能超过64个字符');
const levelMsg = `角色级别必须是0-${ROLE_LEVEL_MAX}之间的整数！`;
export const roleLevelSchema = z.number({ error: '角色级别不能为空！' }).int(levelMsg).min(0, levelMsg).max(ROLE_LEVEL_MAX, levelMsg);
export const roleTypeSchema = z.union([z.literal(1), z.literal(2)], { error: '请选择角色类型！' });

/**
 * Data scope of a role (issue 6 "dept-subtree data scope"): what its users see in admin lists of
 * users, papers and results. ALL (the default, and the built-in roles') sees every department; DEPT
 * sees the user's own department and its sub-departments (codes starting with the user's deptCode).
 * A user with several admin-side roles gets the widest scope; learner-side roles have none.
 */
export const DataScope = { ALL: 0, DEPT: 1 } as const;
export type DataScope = (typeof DataScope)[keyof typeof DataScope];

/** Data scope labels (the role form's select and `dataScope_dictText`). */
export const DATA_SCOPE_LABEL: Record<number, string> = { [DataScope.ALL]: '全部数据', [DataScope.DEPT]: '本部门及下级部门' };

export const dataScopeSchema = z.union([z.literal(DataScope.ALL), z.literal(DataScope.DEPT)], { error: '数据范围不正确！' });

/** A role as listed and detailed. `builtIn`: one of the two roles every installation has (not deletable, type fixed). */
export const roleRecord = z.object({
  id: z.string(),
  roleName: z.string(),
  roleLevel: z.number().int(),
  roleType: z.number().int(),
  roleType_dictText: z.string(),
  /** DataScope: 0 all data, 1 the user's department and its sub-departments. */
  dataScope: z.number().int(),
  dataScope_dictText: z.string(),
  builtIn: z.boolean(),
});
export type RoleRecord = z.infer<typeof roleRecord>;

/**
 * POST /api/sys/role/save: without `id` creates a role, with `id` updates it. `dataScope` absent:
 * 0 (all data) for a new role, unchanged for an existing one.
 */
export const roleSaveReq = z.object({
  id: idSchema.optional(),
  roleName: roleNameSchema,
  roleLevel: roleLevelSchema,
  roleType: roleTypeSchema,
  dataScope: dataScopeSchema.optional(),
});
export type RoleSaveReq = z.infer<typeof roleSaveReq>;

/** POST /api/sys/role/save-menus: the role's grants become exactly `menuIds` (plus their parent menus). */
export const roleMenusReq = z.object({
  id: idSchema,
  menuIds: z.array(idSchema, { error: '授权菜单格式不正确！' }).max(5000, '授权菜单过多！'),
});
export type RoleMenusReq = z.infer<typeof roleMenusReq>;

/** Permission codes of roles (SPEC §6: user and role management are admin-only functions). */
export const RolePerm = {
  LIST: 'sys:role:list',
  ADD: 'sys:role:add',
  UPDATE: 'sys:role:update',
  DELETE: 'sys:role:delete',
  /** Authorise: grant menus to a role. */
  MENU: 'sys:role:menu',
} as const;

/** Errors of roles (9003xxxx, roles and menus block; 90030001–90030009 roles). */
export const RoleError = defineErrors({
  /** Deleting the built-in administrator or learner role. */
  BUILT_IN: { code: 90030001, msg: '内置角色不能删除！' },
  /** Deleting a role still given to users. */
  IN_USE: { code: 90030002, msg: '角色已分配给用户，不能删除！' },
  /** Another role has this name. */
  NAME_TAKEN: { code: 90030003, msg: '角色名称已存在！' },
  /** Changing the type of a built-in role. */
  TYPE_FIXED: { code: 90030004, msg: '内置角色的类型不能修改！' },
  /** Taking role management or authorisation away from the built-in administrator role (nobody could grant it back). */
  ADMIN_GRANTS: { code: 90030005, msg: '内置管理员角色必须保留角色管理和菜单授权权限！' },
});

/** Calls of roles (SPEC §7 "Configuration and dictionaries"). */
export const roleApi = {
  list: json({ path: '/api/sys/role/list', readOnly: true, summary: '全部角色（名称、级别、类型、数据范围）', access: RolePerm.LIST, data: z.array(roleRecord) }),
  detail: json({ path: '/api/sys/role/detail', readOnly: true, summary: '角色详情', access: RolePerm.LIST, body: idReq, data: roleRecord }),
  save: json({ path: '/api/sys/role/save', summary: '新增或修改角色', access: [RolePerm.ADD, RolePerm.UPDATE], body: roleSaveReq, data: z.object({ id: z.string() }) }),
  delete: json({ path: '/api/sys/role/delete', summary: '删除角色（内置角色和已分配给用户的角色除外）', access: RolePerm.DELETE, body: idsReq, data: z.null(), ours: true }),
  listMenus: json({ path: '/api/sys/role/list-menus', readOnly: true, summary: '角色已授权的菜单 id', access: [RolePerm.LIST, RolePerm.MENU], body: idReq, data: z.array(z.string()) }),
  saveMenus: json({ path: '/api/sys/role/save-menus', summary: '角色授权：以 menuIds（及其上级菜单）替换角色的菜单', access: RolePerm.MENU, body: roleMenusReq, data: z.null() }),
};
