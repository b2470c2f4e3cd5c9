/**
 * Module sys-depart: departments (SPEC §3 "Department node", §7 /api/sys/depart/*). The 部门管理 page
 * hangs under 系统管理 (declared by module notice). Deleting asks sysUser whether users remain; the
 * public registration tree asks sysConfig whether learners may register and choose a unit.
 */
import { MenuType } from '@kaopei/contracts';
import { DepartPerm, departApi } from '@kaopei/contracts/sys-depart';
import { requirePerm } from '../../platform/auth';
import { fn } from '../../platform/menus';
import { defineModule } from '../../platform/module';
import { SysDepartService } from './sys-depart.service';

declare module '../../platform/services' {
  interface Services {
    sysDepart: SysDepartService;
  }
}

export default defineModule({
  name: 'sysDepart',
  summary: '部门',
  deps: ['sysUser', 'sysConfig'],
  tables: ['sys_depart'],
  service: (ctx) => new SysDepartService(ctx),
  routes: (r, departs) => {
    r.json(departApi.tree, () => departs.tree());
    r.json(departApi.treeSelect, () => departs.treeSelect());
    r.json(departApi.regTree, () => departs.regTree());
    r.json(departApi.detail, ({ body }) => departs.detail(body.id));
    r.json(departApi.save, ({ body, user }) => {
      requirePerm(user, body.id ? DepartPerm.UPDATE : DepartPerm.ADD);
      return departs.save(body);
    });
    r.json(departApi.delete, async ({ body }) => {
      await departs.delete(body.ids);
      return null;
    });
    r.json(departApi.sort, async ({ body }) => {
      await departs.sort(body.id, body.sort);
      return null;
    });
  },
  menus: [
    {
      parent: 'SysMgr', type: MenuType.MENU, title: '部门管理', path: '/admin/sys/depart', name: 'ListDepart', component: 'ListDepart', icon: 'ApartmentOutlined', sort: 1,
      children: [fn('部门列表', DepartPerm.LIST, 0), fn('添加部门', DepartPerm.ADD, 1), fn('修改部门', DepartPerm.UPDATE, 2), fn('删除部门', DepartPerm.DELETE, 3)],
    },
  ],
  start: (departs, info) => (info.firstStart ? departs.seed() : Promise.resolve()),
});
