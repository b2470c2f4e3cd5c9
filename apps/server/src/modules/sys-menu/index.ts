/**
 * Module sys-menu: menus, route trees and permission codes per role (SPEC §2, §4, §6, §7
 * /api/sys/menu/*), the menu editor (系统管理 → 菜单管理), and the reconciliation of every module's
 * menus at each start. Declares the learner layout's root (`/web`), its home page and the personal
 * centre (/web/uc), under which learner-facing modules hang their pages.
 */
import { MenuType } from '@kaopei/contracts';
import { MenuPerm, menuApi } from '@kaopei/contracts/sys-menu';
import { requirePerm } from '../../platform/auth';
import { fn } from '../../platform/menus';
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
    r.json(menuApi.tree, () => menus.tree());
    r.json(menuApi.detail, ({ body }) => menus.detail(body.id));
    r.json(menuApi.save, ({ body, user }) => {
      requirePerm(user, body.id ? MenuPerm.UPDATE : MenuPerm.ADD);
      return menus.save(body);
    });
    r.json(menuApi.delete, async ({ body }) => {
      await menus.delete(body.ids);
      return null;
    });
    r.json(menuApi.sort, async ({ body }) => {
      await menus.sort(body.id, body.sort);
      return null;
    });
  },
  menus: [
    {
      type: MenuType.MENU, title: '学员端', path: '/web', name: 'Web', component: 'WebLayout', redirect: '/web/home', sort: 100, grant: 'all',
      children: [
        { type: MenuType.MENU, title: '首页', path: '/web/home', name: 'WebHome', component: 'WebHome', sort: 0 },
        // The learner's personal centre (profile, password, bindings); the guard sends learners here (SPEC §2).
        { type: MenuType.MENU, title: '个人中心', path: '/web/uc', name: 'UserCenter', component: 'UserCenter', sort: 90 },
      ],
    },
    {
      parent: 'SysMgr', type: MenuType.MENU, title: '菜单管理', path: '/admin/sys/menu', name: 'ListMenu', component: 'ListMenu', icon: 'MenuOutlined', sort: 3,
      children: [fn('菜单列表', MenuPerm.LIST, 0), fn('添加菜单', MenuPerm.ADD, 1), fn('修改菜单', MenuPerm.UPDATE, 2), fn('删除菜单', MenuPerm.DELETE, 3)],
    },
  ],
  start: async (menus, info) => {
    await menus.reconcile(info.modules);
    menus.gate(info.modules, info.isEnabled);
  },
});
