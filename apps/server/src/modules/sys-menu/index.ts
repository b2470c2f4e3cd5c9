/**
 * Module sys-menu: menus, route trees and permission codes per role (SPEC §2, §6), and the
 * reconciliation of every module's menus at each start. Declares the learner layout's root (`/web`)
 * and its home page, under which learner-facing modules hang their pages.
 */
import { MenuType } from '@kaopei/contracts';
import { menuApi } from '@kaopei/contracts/sys-menu';
import { defineModule } from '../../platform/module';
import { SysMenuService } from './sys-menu.service';

declare module '../../platform/services' {
  interface Services {
    sysMenu: SysMenuService;
  }
}

export default defineModule({
  name: 'sysMenu',
  summary: '菜单与权限',
  tables: ['sys_menu', 'sys_role_menu'],
  service: (ctx) => new SysMenuService(ctx),
  routes: (r, menus) => {
    r.json(menuApi.routes, ({ user }) => menus.routesOfRoles(user.roleIds));
  },
  menus: [
    {
      type: MenuType.MENU, title: '学员端', path: '/web', name: 'Web', component: 'WebLayout', redirect: '/web/home', sort: 100, grant: 'all',
      children: [{ type: MenuType.MENU, title: '首页', path: '/web/home', name: 'WebHome', component: 'WebHome', sort: 0 }],
    },
  ],
  start: async (menus, info) => {
    await menus.reconcile(info.modules);
  },
});
