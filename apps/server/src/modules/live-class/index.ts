/**
 * Module liveClass: the live classroom (issue 13 "Live classroom"; SPEC §2 /web/liveClass, the
 * player page /player/live.html, §3 "Live configuration", §7 /api/onlineClass). Sessions with a
 * schedule and a stream, signed aliyun push/pull URLs from the prop configuration of type "live"
 * (module sysConfig; its page 系统管理 → 直播配置 is declared here), replays as course files (module
 * courseFile) and attendance counted by the server from heartbeats. A session with a classId is
 * listed for and playable by the class's enrolled learners only (module trainClass).
 */
import { MenuType } from '@kaopei/contracts';
import { liveApi, LivePerm, livePropType } from '@kaopei/contracts/live-class';
import { fn } from '../../platform/menus';
import { defineModule } from '../../platform/module';
import { LiveClassService } from './live-class.service';

declare module '../../platform/services' {
  interface Services {
    liveClass: LiveClassService;
  }
}

export default defineModule({
  name: 'liveClass',
  summary: '直播课堂',
  propTypes: [livePropType],
  deps: ['sysConfig', 'courseFile', 'trainClass'],
  tables: ['el_live_session', 'el_live_attend'],
  service: (ctx) => new LiveClassService(ctx),
  routes: (r, live) => {
    r.json(liveApi.save, ({ body, user }) => live.save(body, user.userId));
    r.json(liveApi.detail, ({ body }) => live.detail(body.id));
    r.json(liveApi.paging, ({ body }) => live.paging(body));
    r.json(liveApi.delete, async ({ body }) => {
      await live.delete(body.ids);
      return null;
    });
    r.json(liveApi.pushUrl, ({ body }) => live.pushUrl(body.id));
    r.json(liveApi.userPaging, ({ body, user }) => live.userPaging(user, body));
    r.json(liveApi.play, ({ body, user }) => live.play(user, body.id));
    r.json(liveApi.heartbeat, ({ body, user }) => live.heartbeat(user, body.id, body.streamId));
    r.json(liveApi.attendance, ({ body }) => live.attendance(body));
    r.download(liveApi.attendExport, async ({ body }) => ({ body: await live.attendExport(body.id) }));
  },
  // A published session of no class is open to every learner (one of a class to its enrolled learners).
  sharedIds: [liveApi.play, liveApi.heartbeat],
  // The HLS player fetches the playlist and segments from the pull domain.
  connectSrc: (live) => () => live.connectOrigins(),
  menus: [
    { parent: 'SysMgr', type: MenuType.MENU, title: '直播配置', path: '/admin/sys/live', name: 'SysLive', component: 'SysLive', icon: 'VideoCameraOutlined', sort: 11 },
    {
      parent: 'CourseMgr', type: MenuType.MENU, title: '直播课堂', path: '/admin/course/live', name: 'ListLive', component: 'ListLive', icon: 'VideoCameraOutlined', sort: 8,
      children: [fn('直播列表', LivePerm.LIST, 0), fn('保存直播', LivePerm.SAVE, 1), fn('删除直播', LivePerm.DELETE, 2), fn('推流地址', LivePerm.PUSH, 3), fn('直播考勤', LivePerm.ATTEND, 4)],
    },
    { parent: 'Web', type: MenuType.MENU, title: '直播课堂', path: '/web/liveClass', name: 'WebLiveClass', component: 'WebLiveClass', sort: 60, grant: 'all' },
    { parent: 'Web', type: MenuType.ROUTE, title: '观看直播', path: '/web/liveClass/play/:id', name: 'WebLivePlay', component: 'WebLivePlay', hidden: true, noCache: true, activeMenu: '/web/liveClass', sort: 61, grant: 'all' },
  ],
});
