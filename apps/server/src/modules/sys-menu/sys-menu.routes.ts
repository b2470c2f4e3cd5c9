/** /api/sys/menu/routes: the caller's route tree (SPEC §2). */
import type { FastifyInstance } from 'fastify';
import { routesRes } from '@kaopei/contracts';
import { post } from '../../plugins/route';
import type { SysMenuService } from './sys-menu.service';

export function sysMenuRoutes(app: FastifyInstance, menus: SysMenuService): void {
  post(app, {
    path: '/api/sys/menu/routes',
    summary: "The caller's route tree",
    data: routesRes,
    access: 'user',
    handler: ({ user }) => menus.routesOfRoles(user.roleIds),
  });
}
