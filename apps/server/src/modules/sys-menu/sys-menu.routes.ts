/** /api/sys/menu/routes: the caller's route tree (SPEC §2). */
import type { FastifyInstance } from 'fastify';
import { routesRes } from '@kaopei/contracts';
import { post } from '../../plugins/route';
import type { SysMenuService } from './sys-menu.service';
import type { SysUserService } from '../sys-user/sys-user.service';

export function sysMenuRoutes(app: FastifyInstance, menus: SysMenuService, users: SysUserService): void {
  post(app, {
    path: '/api/sys/menu/routes',
    summary: "The caller's route tree",
    data: routesRes,
    access: 'user',
    handler: async ({ user }) => menus.routesOfRoles(await users.roleIdsOf(user.userId)),
  });
}
