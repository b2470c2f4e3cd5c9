/**
 * Module sysLog: the operation log (系统管理 → 操作日志). It provides the platform's `auditor`, so
 * every administrator write (a call that needs a permission code and is not readOnly) is recorded
 * with who, when, what, target ids, result and IP; lists the entries at /api/sys/log/paging; and
 * deletes entries older than LOG_RETENTION_DAYS (environment, default 180) once an hour.
 */
import { MenuType } from '@kaopei/contracts';
import { LogPerm, logApi } from '@kaopei/contracts/sys-log';
import { fn } from '../../platform/menus';
import { defineModule } from '../../platform/module';
import { SysLogService } from './sys-log.service';

declare module '../../platform/services' {
  interface Services {
    sysLog: SysLogService;
  }
}

export default defineModule({
  name: 'sysLog',
  summary: '操作日志',
  deps: ['sysUser'],
  tables: ['sys_oper_log'],
  service: (ctx) => new SysLogService(ctx),
  routes: (r, logs) => {
    r.json(logApi.paging, ({ body }) => logs.paging(body));
  },
  auditor: (logs) => (entry) => logs.record(entry),
  start: async (logs, info) => logs.setModuleNames(info.modules),
  tasks: [{ name: 'sys-log.retention', everyMs: () => 3600_000, run: (logs) => logs.purgeExpired() }],
  menus: [
    {
      parent: 'SysMgr', type: MenuType.MENU, title: '操作日志', path: '/admin/sys/log', name: 'ListOperLog', component: 'ListOperLog', icon: 'FileSearchOutlined', sort: 8,
      children: [fn('日志列表', LogPerm.LIST, 0)],
    },
  ],
});
