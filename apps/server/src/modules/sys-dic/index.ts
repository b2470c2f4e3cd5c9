/**
 * Module sysDic: dictionaries (SPEC §2 dictionary category tree, §3, §7 /api/sys/dic/*). Declares
 * the 数据字典 page under 系统管理 and seeds the dictionaries SPEC §7 names at every start. Other
 * modules label their dictionary-coded fields with `services.sysDic.labeller(code)`.
 */
import { MenuType } from '@kaopei/contracts';
import { DicPerm, dicApi } from '@kaopei/contracts/sys-dic';
import { requirePerm } from '../../platform/auth';
import { fn } from '../../platform/menus';
import { defineModule } from '../../platform/module';
import { SysDicService } from './sys-dic.service';

declare module '../../platform/services' {
  interface Services {
    sysDic: SysDicService;
  }
}

export default defineModule({
  name: 'sysDic',
  summary: '数据字典',
  tables: ['sys_dic', 'sys_dic_value'],
  service: (ctx) => new SysDicService(ctx),
  routes: (r, dics) => {
    r.json(dicApi.valueTree, ({ body }) => dics.valueTree(body.dicCode, body.excludes));
    r.json(dicApi.valueList, ({ body }) => dics.valueList(body.dicCode));
    r.json(dicApi.valueSave, ({ body, user }) => {
      requirePerm(user, body.id ? DicPerm.UPDATE : DicPerm.ADD);
      return dics.saveValue(body);
    });
    r.json(dicApi.valueDelete, async ({ body }) => {
      await dics.deleteValues(body.ids);
      return null;
    });
    r.json(dicApi.tree, () => dics.tree());
    r.json(dicApi.detail, ({ body }) => dics.detail(body.id));
    r.json(dicApi.save, ({ body, user }) => {
      requirePerm(user, body.id ? DicPerm.UPDATE : DicPerm.ADD);
      return dics.save(body);
    });
    r.json(dicApi.delete, async ({ body }) => {
      await dics.delete(body.ids);
      return null;
    });
  },
  start: async (dics) => {
    await dics.seed();
  },
  menus: [
    {
      parent: 'SysMgr', type: MenuType.MENU, title: '数据字典', path: '/admin/sys/dic', name: 'ListDic', component: 'ListDic', icon: 'BookOutlined', sort: 4,
      children: [fn('字典列表', DicPerm.LIST, 0), fn('添加字典', DicPerm.ADD, 1), fn('修改字典', DicPerm.UPDATE, 2), fn('删除字典', DicPerm.DELETE, 3)],
    },
  ],
});
