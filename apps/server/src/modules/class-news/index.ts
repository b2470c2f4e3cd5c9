/**
 * Module classNews: training news 培训资讯 (issue 13 "Training news"; SPEC §2 /web/state 工作动态 and
 * /web/state/details, public pages reachable without login). Admin page 培训管理 → 培训资讯 (and
 * the class drawer's tab 培训资讯, web side); public list and detail (access 'public': visitors and
 * learners), class articles readable as class-news.service.ts explains.
 */
import { MenuType } from '@kaopei/contracts';
import { classNewsApi, NewsPerm } from '@kaopei/contracts/class-news';
import { fn } from '../../platform/menus';
import { defineModule } from '../../platform/module';
import { ClassNewsService } from './class-news.service';

declare module '../../platform/services' {
  interface Services {
    classNews: ClassNewsService;
  }
}

export default defineModule({
  name: 'classNews',
  summary: '培训资讯（公开的培训动态）',
  deps: ['trainClass'],
  tables: ['el_class_news'],
  service: (ctx) => new ClassNewsService(ctx),
  routes: (r, news) => {
    r.json(classNewsApi.save, ({ body, user }) => news.save(user, body));
    r.json(classNewsApi.detail, ({ body, user }) => news.detail(user, body.id));
    r.json(classNewsApi.paging, ({ body, user }) => news.paging(user, body));
    r.json(classNewsApi.delete, async ({ body, user }) => {
      await news.delete(user, body.ids);
      return null;
    });
    r.json(classNewsApi.state, async ({ body, user }) => {
      await news.setState(user, body.ids, body.state);
      return null;
    });
    r.json(classNewsApi.publicPaging, ({ body, user }) => news.publicPaging(user, body));
    r.json(classNewsApi.publicDetail, ({ body, user }) => news.publicDetail(user, body.id));
  },
  sharedIds: [classNewsApi.publicDetail],
  menus: [
    {
      parent: 'TrainClassMgr', type: MenuType.MENU, title: '培训资讯', path: '/admin/trainClass/news', name: 'ListClassNews', component: 'ListClassNews', icon: 'ReadOutlined', sort: 20,
      children: [fn('资讯列表', NewsPerm.LIST, 0), fn('保存资讯', NewsPerm.SAVE, 1), fn('删除资讯', NewsPerm.DELETE, 2), fn('发布撤回', NewsPerm.STATE, 3)],
    },
    { parent: 'Web', type: MenuType.MENU, title: '工作动态', path: '/web/state', name: 'WebState', component: 'WebState', sort: 15, grant: 'all' },
    { parent: 'Web', type: MenuType.ROUTE, title: '资讯详情', path: '/web/state/details', name: 'WebStateDetails', component: 'WebStateDetails', hidden: true, noCache: true, activeMenu: '/web/state', sort: 16, grant: 'all' },
  ],
});
