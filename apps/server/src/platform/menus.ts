/**
 * Menus a module contributes (SPEC §2 routes, §6 permission codes). The sys-menu module reconciles
 * every module's declarations with the table at each start: a menu is found by its stable key and
 * inserted only when missing (an administrator's renames, moves and grants are never overwritten,
 * and a built-in menu an administrator deleted is not brought back); a new menu is granted to the
 * built-in administrator role, and to the learner role too when `grant` is 'all'.
 */
import type { MenuType } from '@kaopei/contracts';

type MenuTypeValue = (typeof MenuType)[keyof typeof MenuType];

export interface MenuDecl {
  /** Stable key; default: `name` for menus and routes (types 1, 3), `permission` for functions (2). */
  key?: string;
  /** Key of the parent menu, for a top-level entry of this list that hangs under another module's menu. */
  parent?: string;
  /** 1 menu, 2 function (carries a permission code), 3 route (hidden page). */
  type: MenuTypeValue;
  title: string;
  path?: string;
  /** Route name (unique). */
  name?: string;
  /** 'Layout', 'WebLayout' or a view name of the web's registry. */
  component?: string;
  redirect?: string;
  permission?: string;
  /** An @ant-design/icons component name, e.g. 'DatabaseOutlined'. */
  icon?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  noCache?: boolean;
  affix?: boolean;
  activeMenu?: string;
  /** Order among siblings (ascending). */
  sort: number;
  /** Who gets it when it is first created: 'admin' (default) or 'all' (learners too); children inherit. */
  grant?: 'admin' | 'all';
  children?: MenuDecl[];
}

/** A function entry carrying a permission code (type 2). */
export function fn(title: string, permission: string, sort: number): MenuDecl {
  return { type: 2, title, permission, sort };
}

/** The stable key of a declaration (see MenuDecl.key). */
export function menuKey(m: Pick<MenuDecl, 'key' | 'type' | 'name' | 'permission'>): string {
  const key = m.key ?? (m.type === 2 ? m.permission : m.name);
  if (!key) throw new Error(`menu without key, name or permission: ${JSON.stringify(m)}`);
  return key;
}
