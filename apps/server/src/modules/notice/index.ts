/**
 * Module notice: notices (SPEC §3, §7 /api/sys/notice/*, §2 /web/notice). Declares the 系统管理 menu
 * root and its 通知公告 page, and the learner pages 系统公告 (/web/notice) and its hidden detail
 * route (/web/notice/detail/:id), granted to everybody.
 */
import { MenuType } from '@kaopei/contracts';
import { NoticePerm, noticeApi } from '@kaopei/contracts/notice';
import { requirePerm } from '../../platform/auth';
import { fn } from '../../platform/menus';
import { defineModule } from '../../platform/module';
import { NoticeService } from './notice.service';

declare module '../../platform/services' {
  interface Services {
    notice: NoticeService;
  }
}

export default defineModule({
  name: 'notice',
  summary: '通知公告',
  deps: ['sysUser'],
  tables: ['sys_notice'],
  service: (ctx) => new NoticeService(ctx),
  routes: (r, notices) => {
    r.json(noticeApi.paging, ({ body }) => notices.paging(body));
    r.json(noticeApi.detail, ({ body }) => notices.detail(body.id));
    r.json(noticeApi.save, ({ body, user }) => {
      requirePerm(user, body.id ? NoticePerm.UPDATE : NoticePerm.ADD);
      return notices.save(body, user.userId);
    });
    r.json(noticeApi.state, async ({ body }) => {
      await notices.setState(body.ids, body.state);
      return null;
    });
    r.json(noticeApi.delete, async ({ body }) => {
      await notices.delete(body.ids);
      return null;
    });
    r.json(noticeApi.webPaging, ({ body }) => notices.webPaging(body));
    r.json(noticeApi.webDetail, ({ body }) => notices.webDetail(body.id));
  },
  // Any published, due notice is readable by every learner.
  sharedIds: [noticeApi.webDetail],
  menus: [
    {
      type: MenuType.MENU, title: '系统管理', path: '/admin/sys', name: 'SysMgr', component: 'Layout', redirect: '/admin/sys/user', alwaysShow: true, icon: 'SettingOutlined', sort: 9,
      children: [
        {
          type: MenuType.MENU, title: '通知公告', path: '/admin/sys/notice', name: 'ListNotice', component: 'ListNotice', icon: 'NotificationOutlined', sort: 5,
          children: [fn('公告列表', NoticePerm.LIST, 0), fn('添加公告', NoticePerm.ADD, 1), fn('修改公告', NoticePerm.UPDATE, 2), fn('删除公告', NoticePerm.DELETE, 3)],
        },
      ],
    },
    { parent: 'Web', type: MenuType.MENU, title: '系统公告', path: '/web/notice', name: 'WebNotice', component: 'WebNotice', sort: 80, grant: 'all' },
    { parent: 'Web', type: MenuType.ROUTE, title: '公告详情', path: '/web/notice/detail/:id', name: 'WebNoticeDetail', component: 'WebNoticeDetail', hidden: true, activeMenu: '/web/notice', sort: 81, grant: 'all' },
  ],
});
