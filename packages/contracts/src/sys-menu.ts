/**
 * Route tree returned by POST /api/sys/menu/routes (SPEC §2 navigation rules).
 * `component` is 'Layout' (admin layout), 'WebLayout' (learner layout) or a view name the web
 * registry resolves lazily.
 */
import { z } from 'zod';

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
