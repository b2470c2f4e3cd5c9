/** Module stat: the dashboard and statistics (SPEC §2 Dashboard, §7 /api/stat/*). Declares the admin home menu. */
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
  deps: ['repo', 'qu', 'exam', 'sysUser', 'cert', 'notify', 'battle'],
  service: (ctx) => new StatService(ctx),
  routes: (r, stats) => {
    r.json(statApi.totalNumAll, () => stats.totals());
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
