/**
 * Module sys-config: the site configuration and the system switches (SPEC §2, §3 "Site config",
 * "Switch config", §7 "Configuration and dictionaries"). Pages 系统管理 → 基础配置 (SysConfig,
 * code sys:config:update) and 功能开关 (SysSwitch, code sys:switch:update); the public site call for
 * the layouts; `switches()` for the modules that apply registration and login policy.
 */
import { MenuType } from '@kaopei/contracts';
import { SysConfigPerm, configApi } from '@kaopei/contracts/sys-config';
import { fn } from '../../platform/menus';
import { defineModule } from '../../platform/module';
import { SysConfigService } from './sys-config.service';

declare module '../../platform/services' {
  interface Services {
    sysConfig: SysConfigService;
  }
}

export default defineModule({
  name: 'sysConfig',
  summary: '系统配置',
  tables: ['sys_config', 'sys_switch_config'],
  service: (ctx) => new SysConfigService(ctx),
  routes: (r, config) => {
    r.json(configApi.site, () => config.site());
    r.json(configApi.detail, ({ body }) => config.detail(body.id));
    r.json(configApi.save, async ({ body, user }) => {
      await config.save(body, user.userId);
      return null;
    });
    r.json(configApi.switchDetail, () => config.switchDetail());
    r.json(configApi.switchSave, async ({ body, user }) => {
      await config.saveSwitch(body, user.userId);
      return null;
    });
  },
  // Every start: creates the rows that are missing from the environment defaults (a first start,
  // or the first start after an upgrade from the version that read the environment); never
  // changes rows that exist.
  // The module flags of modules without a switch (moduleCourse) follow the modules present.
  start: (config, info) => {
    config.useModules(info.modules.map((m) => m.name));
    return config.ensureDefaults();
  },
  menus: [
    {
      parent: 'SysMgr', type: MenuType.MENU, title: '基础配置', path: '/admin/sys/config', name: 'SysConfig', component: 'SysConfig', icon: 'ControlOutlined', sort: 6,
      children: [fn('保存基础配置', SysConfigPerm.CONFIG, 0)],
    },
    {
      parent: 'SysMgr', type: MenuType.MENU, title: '功能开关', path: '/admin/sys/switch', name: 'SysSwitch', component: 'SysSwitch', icon: 'SwitchOutlined', sort: 7,
      children: [fn('保存功能开关', SysConfigPerm.SWITCH, 0)],
    },
  ],
});
