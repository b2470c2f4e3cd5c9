/** Menu calls (SPEC §2 navigation rules): the route tree the web builds its routes from. */
import type { RouteNode } from '@kaopei/contracts';
import { request } from './request';

export const menuApi = {
  /** Admin trees (component 'Layout') and the learner tree (component 'WebLayout'); paths absolute. */
  routes: () => request<RouteNode[]>('/api/sys/menu/routes'),
};
