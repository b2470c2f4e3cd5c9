/**
 * Route tree returned by POST /api/sys/menu/routes (SPEC §2 navigation rules).
 * `component` is 'Layout' (admin layout), 'WebLayout' (learner layout) or a view name the web
 * registry resolves lazily.
 */
import { z } from 'zod';
import { defineErrors } from './errors';
import { json } from './endpoint';

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

/** Errors of menus (9001xxxx, accounts block). */
export const MenuError = defineErrors({
  /** An admin-side user without any generated menu (SPEC §6). */
  NO_MENUS: { code: 90010006, msg: '您无权访问此系统，请联系管理员进行菜单授权！' },
});

/** Calls of menus (SPEC §7 "Configuration and dictionaries"). */
export const menuApi = {
  routes: json({ path: '/api/sys/menu/routes', summary: '当前用户的路由树（SPEC §2）', access: 'user', data: routesRes }),
};
