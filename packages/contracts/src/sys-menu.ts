/**
 * Menus (SPEC §2 navigation rules and "menu tree select", "icon chooser"; §3 "Menu sort: id, sort";
 * §4 "Menu type: 1 menu, 2 function, 3 route"; §6; §7 /api/sys/menu/routes, /tree, /detail {id},
 * /delete {ids}, /save, /sort {id, sort}).
 *
 * The route tree returned by /routes: `component` is 'Layout' (admin layout), 'WebLayout' (learner
 * layout) or a view name the web registry resolves lazily. The menu editor's tree (/tree) holds every
 * menu of types 1, 2 and 3; a function (type 2) carries a permission code. Route paths are absolute
 * (docs/decisions.md "Menus").
 */
import { z } from 'zod';
import { idReq, idSchema, idsReq } from './common';
import { MenuType } from './enums';
import { defineErrors } from './errors';
import { json } from './endpoint';
import { RolePerm } from './sys-role';

export const routeMeta = z.object({
  title: z.string(),
  icon: z.string().optional(),
  noCache: z.boolean().optional(),
  affix: z.boolean().optional(),
  activeMenu: z.string().optional(),
});

export interface RouteNode {
  path: string;
  name: string;
  component: string;
  redirect?: string;
  alwaysShow?: boolean;
  hidden?: boolean;
  meta: z.infer<typeof routeMeta>;
  children?: RouteNode[];
}

export const routeNode: z.ZodType<RouteNode> = z.lazy(() =>
  z.object({
    path: z.string(),
    name: z.string(),
    component: z.string(),
    redirect: z.string().optional(),
    alwaysShow: z.boolean().optional(),
    hidden: z.boolean().optional(),
    meta: routeMeta,
    children: z.array(routeNode).optional(),
  }),
);
export const routesRes = z.array(routeNode);

/** Menu type labels (SPEC §4). */
export const MENU_TYPE_LABEL: Record<number, string> = { 1: '菜单', 2: '功能', 3: '路由' };

/** A menu of the editor's tree (/tree) and its detail (/detail, without children). Flags are booleans. */
export interface MenuNode {
  id: string;
  /** '' for a root. */
  parentId: string;
  menuType: number;
  menuType_dictText: string;
  title: string;
  path: string;
  name: string;
  component: string;
  redirect: string;
  permission: string;
  icon: string;
  hidden: boolean;
  alwaysShow: boolean;
  noCache: boolean;
  affix: boolean;
  activeMenu: string;
  sort: number;
  /** Declared by a module (reconciled at every start by its stable key); its type and permission code are fixed. */
  builtIn: boolean;
  children?: MenuNode[];
}

const menuFields = {
  id: z.string(),
  parentId: z.string(),
  menuType: z.number().int(),
  menuType_dictText: z.string(),
  title: z.string(),
  path: z.string(),
  name: z.string(),
  component: z.string(),
  redirect: z.string(),
  permission: z.string(),
  icon: z.string(),
  hidden: z.boolean(),
  alwaysShow: z.boolean(),
  noCache: z.boolean(),
  affix: z.boolean(),
  activeMenu: z.string(),
  sort: z.number().int(),
  builtIn: z.boolean(),
};
export const menuDetail = z.object(menuFields);
export const menuNode: z.ZodType<MenuNode> = z.lazy(() => z.object({ ...menuFields, children: z.array(menuNode).optional() }));

/** Largest sort value. */
export const MENU_SORT_MAX = 99_999;
const sortMsg = `排序必须是0-${MENU_SORT_MAX}之间的整数！`;
export const menuSortSchema = z.number({ error: '排序不能为空！' }).int(sortMsg).min(0, sortMsg).max(MENU_SORT_MAX, sortMsg);

/** Field rules of the menu form (the web applies each to the fields its menu type shows). */
export const menuTitleSchema = z.string({ error: '菜单名称不能为空！' }).trim().min(1, '菜单名称不能为空！').max(100, '菜单名称不能超过100个字符');
/** Route path of a menu or route (types 1, 3): absolute. */
export const menuPathSchema = z
  .string({ error: '路由地址不能为空！' })
  .trim()
  .min(1, '路由地址不能为空！')
  .max(255, '路由地址不能超过255个字符')
  .regex(/^\/[^\s]*$/, '路由地址必须以/开头，且不能包含空格！');
/** Route name of a menu or route (types 1, 3): unique among menus. */
export const menuNameSchema = z
  .string({ error: '路由名称不能为空！' })
  .trim()
  .min(1, '路由名称不能为空！')
  .max(100, '路由名称不能超过100个字符')
  .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, '路由名称须以字母开头，只能包含字母、数字、下划线和-！');
/** Permission code of a function (type 2), e.g. sys:user:add. */
export const menuPermissionSchema = z
  .string({ error: '权限标识不能为空！' })
  .trim()
  .min(1, '权限标识不能为空！')
  .max(100, '权限标识不能超过100个字符')
  .regex(/^[A-Za-z0-9_-]+(:[A-Za-z0-9_-]+)+$/, '权限标识格式不正确，例如 sys:user:add');
/** Optional fields: empty, or of the right form. */
export const menuComponentSchema = z.string().trim().max(100, '组件名称不能超过100个字符').regex(/^([A-Za-z][A-Za-z0-9_]*)?$/, '组件名称须以字母开头，只能包含字母、数字和下划线！');
export const menuIconSchema = z.string().trim().max(64, '图标名称不能超过64个字符').regex(/^([A-Za-z][A-Za-z0-9]*)?$/, '图标名称不正确！');
const optionalPath = (label: string) => z.string().trim().max(255, `${label}不能超过255个字符`).regex(/^(\/[^\s]*)?$/, `${label}必须以/开头，且不能包含空格！`);
export const menuRedirectSchema = optionalPath('重定向地址');
export const menuActiveSchema = optionalPath('高亮菜单地址');

/**
 * POST /api/sys/menu/save: without `id` creates a menu (menu_key '': an administrator's menu), with
 * `id` updates it. `parentId` '' = a root. A menu or route (types 1, 3) needs a path and a unique
 * route name; a function (type 2) needs a permission code. Fields a type does not use are stored empty.
 */
export const menuSaveReq = z
  .object({
    id: idSchema.optional(),
    parentId: z.string().trim().max(32, '上级菜单不正确！').default(''),
    menuType: z.union([z.literal(MenuType.MENU), z.literal(MenuType.FUNCTION), z.literal(MenuType.ROUTE)], { error: '菜单类型不正确！' }),
    title: menuTitleSchema,
    path: z.string().trim().max(255).default(''),
    name: z.string().trim().max(100).default(''),
    component: menuComponentSchema.default(''),
    redirect: menuRedirectSchema.default(''),
    permission: z.string().trim().max(100).default(''),
    icon: menuIconSchema.default(''),
    hidden: z.boolean().default(false),
    alwaysShow: z.boolean().default(false),
    noCache: z.boolean().default(false),
    affix: z.boolean().default(false),
    activeMenu: menuActiveSchema.default(''),
    sort: menuSortSchema.default(0),
  })
  .superRefine((v, ctx) => {
    const check = (schema: z.ZodType, field: 'path' | 'name' | 'permission') => {
      const res = schema.safeParse(v[field]);
      if (!res.success) ctx.addIssue({ code: 'custom', path: [field], message: res.error.issues[0]?.message ?? '输入不正确' });
    };
    if (v.menuType === MenuType.FUNCTION) check(menuPermissionSchema, 'permission');
    else {
      check(menuPathSchema, 'path');
      check(menuNameSchema, 'name');
    }
  });
/** What the web sends. */
export type MenuSaveReq = z.input<typeof menuSaveReq>;
/** What the server gets once parsed (defaults filled). */
export type MenuSaveData = z.output<typeof menuSaveReq>;

/** POST /api/sys/menu/sort (SPEC §3 "Menu sort: id, sort"). */
export const menuSortReq = z.object({ id: idSchema, sort: menuSortSchema });

/** Permission codes of menus. */
export const MenuPerm = { LIST: 'sys:menu:list', ADD: 'sys:menu:add', UPDATE: 'sys:menu:update', DELETE: 'sys:menu:delete' } as const;

/**
 * Errors of menus. NO_MENUS is of the accounts block (9001xxxx, answered by the session); the menu
 * editor's are of the roles and menus block (9003xxxx; 90030011–90030019 menus).
 */
export const MenuError = defineErrors({
  /** An admin-side user without any generated menu (SPEC §6). */
  NO_MENUS: { code: 90010006, msg: '您无权访问此系统，请联系管理员进行菜单授权！' },
  /** Another menu or route has this route name. */
  NAME_TAKEN: { code: 90030011, msg: '路由名称已存在！' },
  /** The parent does not exist. */
  PARENT_MISSING: { code: 90030012, msg: '上级菜单不存在或已被删除！' },
  /** The parent is the menu itself or one of its descendants. */
  PARENT_CYCLE: { code: 90030013, msg: '上级菜单不能是当前菜单或其下级菜单！' },
  /** A function (type 2) cannot have children. */
  PARENT_FUNCTION: { code: 90030014, msg: '功能按钮下不能添加子菜单！' },
  /** Changing the type or the permission code of a menu a module declares. */
  BUILT_IN_FIXED: { code: 90030015, msg: '内置菜单的类型和权限标识不能修改！' },
  /** Deleting the functions an administrator needs to grant menus (nobody could grant them back). */
  KEEP_GRANTING: { code: 90030016, msg: '该菜单包含角色管理或菜单授权功能，删除后将无法再授权，不能删除！' },
  /** A menu id of a grant that does not exist. */
  UNKNOWN_MENU: { code: 90030017, msg: '授权的菜单不存在或已被删除，请刷新后重试！' },
  /** A function with children cannot become one (changing a type-1 menu with children to a function). */
  HAS_CHILDREN: { code: 90030018, msg: '该菜单下还有子菜单，不能改为功能按钮！' },
});

/** Calls of menus (SPEC §7 "Configuration and dictionaries"). */
export const menuApi = {
  routes: json({ path: '/api/sys/menu/routes', summary: '当前用户的路由树（SPEC §2）', access: 'user', data: routesRes }),
  tree: json({ path: '/api/sys/menu/tree', readOnly: true, summary: '全部菜单树（菜单、功能、路由），用于菜单管理和角色授权', access: [MenuPerm.LIST, RolePerm.MENU], data: z.array(menuNode) }),
  detail: json({ path: '/api/sys/menu/detail', readOnly: true, summary: '菜单详情', access: MenuPerm.LIST, body: idReq, data: menuDetail }),
  save: json({ path: '/api/sys/menu/save', summary: '新增或修改菜单', access: [MenuPerm.ADD, MenuPerm.UPDATE], body: menuSaveReq, data: z.object({ id: z.string() }) }),
  delete: json({ path: '/api/sys/menu/delete', summary: '删除菜单及其全部下级', access: MenuPerm.DELETE, body: idsReq, data: z.null() }),
  sort: json({ path: '/api/sys/menu/sort', summary: '修改菜单排序', access: MenuPerm.UPDATE, body: menuSortReq, data: z.null() }),
};
