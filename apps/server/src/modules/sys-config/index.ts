/** Module sys-config: site and switch configuration (SPEC §3, §7 "Configuration and dictionaries"). */
import { configApi } from '@kaopei/contracts/sys-config';
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
  service: (ctx) => new SysConfigService(ctx),
  routes: (r, config) => {
    r.json(configApi.site, () => config.site());
  },
});
