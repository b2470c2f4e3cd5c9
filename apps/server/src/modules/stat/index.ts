/**
 * Module stat: the dashboard and statistics (SPEC §2 Dashboard, §7 /api/stat/*). Declares the admin
 * home menu; keeps one row per user and day of login (stat_login_day) from user.firstLoginOfDay.
 */
import { MenuType } from '@kaopei/contracts';
import { StatPerm, statApi } from '@kaopei/contracts/stat';
import { fn } from '../../platform/menus';
import { defineModule } from '../../platform/module';
import { StatService } from './stat.service';

declare module '../../platform/services' {
  interface Services {
    stat: StatService;
  }
}

export default defineModule({
  name: 'stat',
  summary: '控制台与统计',
  deps: ['repo', 'qu', 'exam', 'sysUser', 'sysRole', 'cert', 'notify', 'battle', 'course', 'courseFile', 'courseStudy', 'paper'],
  tables: ['stat_login_day'],
  on: {
    'user.firstLoginOfDay': (stats) => (e) => stats.onFirstLogin(e),
  },
  service: (ctx) => new StatService(ctx),
  routes: (r, stats) => {
    r.json(statApi.totalNumAll, ({ user }) => stats.totals(user));
    r.json(statApi.userWeek, ({ user }) => stats.userWeek(user));
    r.json(statApi.examWeek, ({ user }) => stats.examWeek(user));
    r.json(statApi.learnWeek, ({ user }) => stats.learnWeek(user));
    r.json(statApi.dashCourseList, ({ body, user }) => stats.courseList(user, body));
    r.json(statApi.dashExamList, ({ body, user }) => stats.examList(user, body));
  },
  menus: [
    {
      type: MenuType.MENU, title: '首页', path: '/admin', name: 'Admin', component: 'Layout', redirect: '/admin/dashboard', icon: 'DashboardOutlined', sort: 0,
      children: [
        {
          type: MenuType.MENU, title: '控制台', path: '/admin/dashboard', name: 'Dashboard', component: 'Dashboard', icon: 'DashboardOutlined', affix: true, sort: 0,
          children: [fn('查看统计', StatPerm.DASHBOARD, 0)],
        },
      ],
    },
  ],
});
