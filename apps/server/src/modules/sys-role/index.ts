/**
 * Module sys-role: roles and what they grant (SPEC §3 Role, §6, §7 /api/sys/role/*): the role
 * administration (系统管理 → 角色管理: list, save, delete, authorise menus) and the per-role cache of
 * grants every request's caller is resolved with.
 */
import { MenuType } from '@kaopei/contracts';
import { RolePerm, roleApi } from '@kaopei/contracts/sys-role';
import { requirePerm } from '../../platform/auth';
import { fn } from '../../platform/menus';
import { defineModule } from '../../platform/module';
import { SysRoleService } from './sys-role.service';

declare module '../../platform/services' {
  interface Services {
    sysRole: SysRoleService;
  }
}

export default defineModule({
  name: 'sysRole',
  summary: '角色',
  deps: ['sysMenu', 'sysUser'],
  tables: ['sys_role'],
  // Read only to refuse deleting a role still given to users (a count), until sys-user offers countInRoles.
  service: (ctx) => new SysRoleService(ctx),
  routes: (r, roles) => {
    r.json(roleApi.list, () => roles.list());
    r.json(roleApi.detail, ({ body }) => roles.detail(body.id));
    r.json(roleApi.save, ({ body, user }) => {
      requirePerm(user, body.id ? RolePerm.UPDATE : RolePerm.ADD);
      return roles.save(body);
    });
    r.json(roleApi.delete, async ({ body }) => {
      await roles.delete(body.ids);
      return null;
    });
    r.json(roleApi.listMenus, ({ body }) => roles.menusOf(body.id));
    r.json(roleApi.saveMenus, async ({ body }) => {
      await roles.saveMenus(body.id, body.menuIds);
      return null;
    });
  },
  menus: [
    {
      parent: 'SysMgr', type: MenuType.MENU, title: '角色管理', path: '/admin/sys/role', name: 'ListRole', component: 'ListRole', icon: 'TeamOutlined', sort: 2,
      children: [
        fn('角色列表', RolePerm.LIST, 0), fn('添加角色', RolePerm.ADD, 1), fn('修改角色', RolePerm.UPDATE, 2), fn('删除角色', RolePerm.DELETE, 3), fn('角色授权', RolePerm.MENU, 4),
      ],
    },
  ],
  start: (roles) => roles.seed(),
});
