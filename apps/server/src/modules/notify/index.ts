/**
 * Module notify: the users' messages (SPEC §7 /api/sys/user/msg/*), message templates
 * (/api/notify/tmpl/*, page 消息模板 under 系统管理) and delivery (in-app, SMS) of event messages for
 * other domains (`services.notify.send`). Seeds one built-in template per event at every start.
 */
import { MenuType } from '@kaopei/contracts';
import { msgApi, NOTIFY_OWN_EVENTS, NOTIFY_SEND_JOB, paperMarkedEvent, tmplApi, TmplPerm } from '@kaopei/contracts/notify';
import { newId } from '../../lib/ids';
import { requirePerm } from '../../platform/auth';
import { fn } from '../../platform/menus';
import { defineModule } from '../../platform/module';
import { NotifyService } from './notify.service';

declare module '../../platform/services' {
  interface Services {
    notify: NotifyService;
  }
}

export default defineModule({
  name: 'notify',
  summary: '站内消息、消息模板与发送',
  notifyEvents: NOTIFY_OWN_EVENTS,
  // sysUser ↔ notify is a cycle (recipients' names and mobiles here; unreadMsg there), which the registry allows.
  deps: ['sysUser', 'sms'],
  on: {
    'paper.marked': (notify) => (e) => notify.onPaperMarked(e),
    'cert.granted': (notify) => (e) => notify.onCertGranted(e),
    'examApply.audited': (notify) => (e) => notify.onExamApplyAudited(e),
  },
  tables: ['sys_user_msg', 'sys_notify_tmpl', 'sys_notify_delivery'],
  service: (ctx) => new NotifyService(ctx),
  routes: (r, notify) => {
    r.json(msgApi.paging, ({ body, user }) => notify.msgPaging(user.userId, body));
    r.json(msgApi.detailForRead, ({ body, user }) => notify.detailForRead(user.userId, body.id));
    r.json(msgApi.countUnread, async ({ user }) => ({ count: await notify.countUnread(user.userId) }));
    r.json(msgApi.markRead, async ({ body, user }) => {
      await notify.markRead(user.userId, body.ids);
      return null;
    });
    r.json(msgApi.userDelete, async ({ body, user }) => {
      await notify.userDelete(user.userId, body.ids);
      return null;
    });
    r.json(tmplApi.paging, ({ body }) => notify.tmplPaging(body));
    r.json(tmplApi.detail, ({ body }) => notify.tmplDetail(body.id));
    r.json(tmplApi.save, ({ body, user }) => {
      requirePerm(user, body.id ? TmplPerm.UPDATE : TmplPerm.ADD);
      return notify.tmplSave(body, user.userId);
    });
    r.json(tmplApi.events, () => notify.events());
    r.json(tmplApi.delete, async ({ body }) => {
      await notify.tmplDelete(body.ids);
      return null;
    });
  },
  jobs: { [NOTIFY_SEND_JOB]: (notify) => (payload, job) => notify.runSendJob(payload, job) },
  start: (notify) => notify.seedTemplates(),
  owned: [
    {
      kind: 'message',
      create: async ({ services }, userId) => {
        const refId = newId();
        await services.notify.send({ event: paperMarkedEvent.key, userIds: [userId], refType: 'test', refId, vars: { examTitle: '测试考试', score: '60' } });
        const msg = (await services.notify.messagesOf(paperMarkedEvent.key, refId))[0];
        if (!msg) throw new Error('no message was written');
        return msg.id;
      },
      calls: [
        { endpoint: msgApi.detailForRead, body: (id) => ({ id }) },
        { endpoint: msgApi.markRead, body: (id) => ({ ids: [id] }) },
        { endpoint: msgApi.userDelete, body: (id) => ({ ids: [id] }) },
      ],
    },
  ],
  menus: [
    {
      parent: 'SysMgr', type: MenuType.MENU, title: '消息模板', path: '/admin/sys/notify-tmpl', name: 'ListNotifyTmpl', component: 'ListNotifyTmpl', icon: 'MailOutlined', sort: 6,
      children: [fn('模板列表', TmplPerm.LIST, 0), fn('添加模板', TmplPerm.ADD, 1), fn('修改模板', TmplPerm.UPDATE, 2), fn('删除模板', TmplPerm.DELETE, 3)],
    },
  ],
});
