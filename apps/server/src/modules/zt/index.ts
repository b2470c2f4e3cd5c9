/**
 * Module zt: topics 专题 (issue 13 "Class content": `/api/zt`, a topic page grouping resources —
 * courses, training news, links). Admin calls (the class drawer's tab 专题, web side), learner list
 * and view (the class page's tab 专题学习).
 */
import { ztApi, ZtPerm } from '@kaopei/contracts/zt';
import { fn } from '../../platform/menus';
import { defineModule } from '../../platform/module';
import { MenuType } from '@kaopei/contracts';
import { ZtService, type ZtDeps } from './zt.service';

declare module '../../platform/services' {
  interface Services {
    zt: ZtService;
  }
}

export default defineModule({
  name: 'zt',
  summary: '专题（课程、资讯、链接的专题页）',
  deps: ['trainClass', 'course', 'classNews'] satisfies ZtDeps[],
  tables: ['el_zt', 'el_zt_item'],
  service: (ctx) => new ZtService(ctx),
  routes: (r, zt) => {
    r.json(ztApi.save, ({ body, user }) => zt.save(user, body));
    r.json(ztApi.detail, ({ body, user }) => zt.detail(user, body.id));
    r.json(ztApi.paging, ({ body, user }) => zt.paging(user, body));
    r.json(ztApi.delete, async ({ body, user }) => {
      await zt.delete(user, body.ids);
      return null;
    });
    r.json(ztApi.list, ({ body, user }) => zt.list(user, body));
    r.json(ztApi.view, ({ body, user }) => zt.view(user, body.id));
  },
  // Topic ids every learner may ask about (a class's topic answers 10010003 unless enrolled).
  sharedIds: [ztApi.view],
  menus: [
    {
      parent: 'TrainClassMgr', type: MenuType.MENU, title: '专题', path: '/admin/trainClass/zt', name: 'ListZt', component: 'ListZt', icon: 'AppstoreOutlined', sort: 21,
      children: [fn('专题列表', ZtPerm.LIST, 0), fn('保存专题', ZtPerm.SAVE, 1), fn('删除专题', ZtPerm.DELETE, 2)],
    },
  ],
});
