/**
 * User administration (SPEC §2 "User edit dialog", "user-select dialog", §3 "User" paging row and
 * edit form, §4 user state, §5 "User form (admin)", §7 "User": paging, detail, save, delete, state,
 * batch-dept, batch-role, reset-pass, userList, export, import with a template).
 */
import { z } from 'zod';
import { idReq, idSchema, idsReq, pagingReq, pagingRes } from './common';
import { defineErrors } from './errors';
import { download, json, upload } from './endpoint';
import { FILE_PUBLIC_PREFIX, FILE_VIEW_PREFIX } from './sys-file';
import { jobRef } from './sys-job';
import { mobileSchema } from './sms';
import { passwordSchema, profileFields, realNameSchema, userNameSchema } from './sys-user';

/** User state (SPEC §4): 0 normal, 1 disabled, 2 pending review (label 待审核). */
export const UserState = { NORMAL: 0, DISABLED: 1, PENDING: 2 } as const;

/** Filters of the user list (SPEC §7): state, users to leave out, departments to leave out, a department (with its sub-departments), a name. */
export const userPagingParams = z.object({
  state: z.number().int().min(0).max(2).optional(),
  excludes: z.array(idSchema).max(1000).optional(),
  excludeDeparts: z.array(z.string().max(64)).max(200).optional(),
  deptCode: z.string().max(64).optional(),
  /** Contains, in the user name or the real name. */
  userName: z.string().max(64).optional(),
});
/** Columns the user list can be sorted by. */
export const USER_SORT = ['userName', 'realName', 'createTime', 'state'] as const;
export const userPagingReq = pagingReq(userPagingParams, { sort: USER_SORT, select: true });

/** A row of the user list (SPEC §3 "User" paging row). */
export const userRecord = z.object({
  id: z.string(),
  userName: z.string(),
  realName: z.string(),
  mobile: z.string(),
  email: z.string(),
  state: z.number().int(),
  state_dictText: z.string(),
  deptCode: z.string(),
  deptCode_dictText: z.string(),
  /** Names of the user's roles. */
  roleNames: z.array(z.string()),
  /** The points balance (owned by the points ledger, read-only here). */
  points: z.number().int(),
  createTime: z.string(),
});
export type UserRecord = z.infer<typeof userRecord>;
export const userPagingRes = pagingRes(userRecord);

/** SPEC §5 avatar: one uploaded jpg/png/jpeg image, i.e. the url /api/common/file/upload answered ('' for none). */
export const AVATAR_MSG = '头像必须是上传的jpg/png图片！';
/** An uploaded jpg/png/jpeg url (/api/common/file/upload's answer) or '' ; `msg` otherwise. */
const uploadedImageUrl = (msg: string) =>
  z
    .string()
    .trim()
    .max(1000)
    .refine((v) => v === '' || [FILE_VIEW_PREFIX, FILE_PUBLIC_PREFIX].some((p) => v.startsWith(p) && /^[A-Za-z0-9]{1,64}\.(jpg|jpeg|png)$/i.test(v.slice(p.length))), msg);
export const avatarUrlSchema = uploadedImageUrl(AVATAR_MSG).default('');

/** SPEC §3 edit form `face` (issue 12): one uploaded jpg/png/jpeg face photo ('' removes it). */
export const USER_FACE_MSG = '人脸照片必须是上传的jpg/png图片！';
export const userFaceSchema = uploadedImageUrl(USER_FACE_MSG);

/**
 * POST /api/sys/user/save (SPEC §3 edit form, §5 User form (admin)): userName '用户不能为空！',
 * realName '姓名不能为空！', deptCode '部门不能为空！', roles '必须选择一个角色！'; password required only
 * for a new user (a blank password on edit leaves it unchanged; an administrator-set password must
 * be changed by the user at the next login); the profile fields of §3; avatar; face (issue 12: the
 * face photo the form shows when the site's faceLogin is on; absent = unchanged, '' = removed; the
 * server refuses a photo without exactly one face: 40120004 / 40120005).
 */
export const userSaveReq = profileFields
  .extend({
    id: idSchema.optional(),
    userName: userNameSchema,
    realName: realNameSchema,
    deptCode: z.string({ error: '部门不能为空！' }).trim().min(1, '部门不能为空！').max(64),
    roles: z.array(idSchema, { error: '必须选择一个角色！' }).min(1, '必须选择一个角色！').max(20),
    password: z.union([z.literal(''), passwordSchema]).default(''),
    mobile: z.union([z.literal(''), mobileSchema]).default(''),
    avatar: avatarUrlSchema,
    face: userFaceSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.id && !v.password) ctx.addIssue({ code: 'custom', path: ['password'], message: '密码不能为空！' });
  });
export type UserSaveReq = z.infer<typeof userSaveReq>;

/** A user as the edit dialog loads it (never the password). */
export const userDetail = userRecord.extend(profileFields.shape).extend({ avatar: z.string(), face: z.string(), roles: z.array(z.string()) });
export type UserDetail = z.infer<typeof userDetail>;

export const userStateReq = idsReq.extend({ state: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: '状态不正确！' }) });
export const batchDeptReq = idsReq.extend({ deptCode: z.string({ error: '部门不能为空！' }).trim().min(1, '部门不能为空！').max(64) });
export const batchRoleReq = idsReq.extend({ roles: z.array(idSchema, { error: '必须选择一个角色！' }).min(1, '必须选择一个角色！').max(20) });
/** The new password of the selected users (they must change it at their next login). */
export const resetPassReq = idsReq.extend({ password: passwordSchema });

/** A user as pickers show a chosen one (SPEC §2 user-select dialog). */
export const userBrief = z.object({ id: z.string(), userName: z.string(), realName: z.string(), deptCode: z.string(), deptCode_dictText: z.string() });

/**
 * The user import layout (xlsx, sheet USER_SHEET_NAME or else the first sheet): this header in row 1,
 * one user per row from row 2. 角色 holds role names separated by `,` or `，` (blank: the built-in
 * learner role); 密码 blank: USER_IMPORT_DEFAULT_PASSWORD. Every imported account must change its
 * password at its first login (passState '1').
 */
export const USER_IMPORT_HEADERS = ['账号', '姓名', '部门编码', '手机', '邮箱', '身份证号', '积分', '角色', '密码'] as const;
/** The export layout: the import columns without 密码, plus 状态 (SPEC §7 export). */
export const USER_EXPORT_HEADERS = ['账号', '姓名', '部门编码', '手机', '邮箱', '身份证号', '积分', '角色', '状态'] as const;
export const USER_SHEET_NAME = '用户数据';
/** Password of an imported row whose 密码 is blank; the user must change it at the first login. */
export const USER_IMPORT_DEFAULT_PASSWORD = 'Kaopei@2026';
/** Data rows a user import may hold. */
export const USER_IMPORT_MAX_ROWS = 20_000;
export const USER_IMPORT_TEMPLATE_FILE = '用户导入模板.xlsx';
export const USER_EXPORT_FILE = '用户导出.xlsx';
/** Job type of a user import; its result is `userImportResult`. */
export const USER_IMPORT_JOB = 'sys-user.import';
/** Result of a user import: all or nothing; every bad row listed (first 200; `totalErrors` counts all). */
export const userImportResult = z.object({
  imported: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), msg: z.string() })),
  totalErrors: z.number().int(),
});
export type UserImportResult = z.infer<typeof userImportResult>;

/**
 * Errors of user administration (9001xxxx accounts; 900101xx this file). A user outside the caller's
 * data scope answers 10010003 like one that does not exist.
 */
export const UserAdminError = defineErrors({
  /** Another live user has this mobile number. */
  MOBILE_TAKEN: { code: 90010101, msg: '手机号已被其他用户使用！' },
  /** The caller tried to disable, set pending or delete their own account. */
  SELF_STATE: { code: 90010102, msg: '不能禁用或删除自己的账号！' },
  /** The caller's own roles would no longer include an administrator role (roleType 2). */
  SELF_ADMIN_ROLE: { code: 90010103, msg: '不能移除自己的管理员角色！' },
  /** The built-in account admin cannot be disabled, deleted or renamed. */
  BUILT_IN_ADMIN: { code: 90010104, msg: '内置管理员账号不能禁用、删除或改名！' },
  /** The built-in account admin keeps the built-in administrator role. */
  BUILT_IN_ADMIN_ROLE: { code: 90010105, msg: '内置管理员账号必须保留内置管理员角色！' },
  /** A role id that does not exist. */
  ROLE_NOT_FOUND: { code: 90010106, msg: '角色不存在或已被删除！' },
  /** A role granting a permission code the caller does not hold. */
  ROLE_BEYOND: { code: 90010107, msg: '不能分配超出自己权限的角色！' },
  /** A user whose roles grant a permission code the caller does not hold. */
  USER_BEYOND: { code: 90010108, msg: '不能管理权限高于自己的用户！' },
});
/** The answer for a user that does not exist, is deleted, or lies outside the caller's data scope. */
export const USER_NOT_FOUND_MSG = '用户不存在或已被删除！';

/** Permission codes of user administration (SPEC §6 names sys:user:update). */
export const UserPerm = {
  LIST: 'sys:user:list',
  ADD: 'sys:user:add',
  UPDATE: 'sys:user:update',
  DELETE: 'sys:user:delete',
  STATE: 'sys:user:state',
  RESET_PASS: 'sys:user:reset-pass',
  IMPORT: 'sys:user:import',
  EXPORT: 'sys:user:export',
} as const;

/** Calls of user administration (SPEC §7 "User"). */
export const userAdminApi = {
  paging: json({ path: '/api/sys/user/paging', readOnly: true, summary: '分页查询用户', access: UserPerm.LIST, body: userPagingReq, data: userPagingRes }),
  detail: json({ path: '/api/sys/user/detail', readOnly: true, summary: '用户详情（编辑表单）', access: UserPerm.LIST, body: idReq, data: userDetail }),
  save: json({ path: '/api/sys/user/save', summary: '新增或修改用户', access: [UserPerm.ADD, UserPerm.UPDATE], body: userSaveReq, data: z.object({ id: z.string() }) }),
  delete: json({ path: '/api/sys/user/delete', summary: '删除用户', access: UserPerm.DELETE, body: idsReq, data: z.null() }),
  state: json({ path: '/api/sys/user/state', summary: '修改用户状态（0正常 1禁用 2待审核；禁用即结束其会话）', access: UserPerm.STATE, body: userStateReq, data: z.null(), ours: true }),
  batchDept: json({ path: '/api/sys/user/batch-dept', summary: '批量设置部门', access: UserPerm.UPDATE, body: batchDeptReq, data: z.null() }),
  batchRole: json({ path: '/api/sys/user/batch-role', summary: '批量设置角色', access: UserPerm.UPDATE, body: batchRoleReq, data: z.null() }),
  resetPass: json({ path: '/api/sys/user/reset-pass', summary: '重置密码（用户下次登录须修改；其会话随之结束）', access: UserPerm.RESET_PASS, body: resetPassReq, data: z.null() }),
  userList: json({ path: '/api/sys/user/userList', readOnly: true, summary: '按ID取用户（选择器回显）', access: UserPerm.LIST, body: idsReq, data: z.array(userBrief) }),
  export: download({ path: '/api/sys/user/export', method: 'POST', summary: '导出用户（筛选条件同列表；流式下载）', access: UserPerm.EXPORT, body: userPagingParams, fileName: USER_EXPORT_FILE }),
  import: upload({
    path: '/api/sys/user/import',
    summary: '导入用户（后台任务；任何一行有误则不导入）',
    access: UserPerm.IMPORT,
    fields: z.object({}),
    file: { field: 'file', accept: ['.xlsx'], maxBytes: 20 * 1024 * 1024 },
    data: jobRef,
    ours: true,
  }),
  importTemplate: download({ path: '/api/sys/user/import/template', readOnly: true, summary: '下载用户导入模板', access: UserPerm.IMPORT, fileName: USER_IMPORT_TEMPLATE_FILE, ours: true }),
};
