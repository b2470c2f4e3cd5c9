/** Module sys-role: roles and what they grant (SPEC §6). Role management screens come with the accounts domain. */
import { defineModule } from '../../platform/module';
import { SysRoleService } from './sys-role.service';

declare module '../../platform/services' {
  interface Services {
    sysRole: SysRoleService;
  }
}

export default defineModule({
  name: 'sysRole',
  summary: '角色',
  deps: ['sysMenu'],
  tables: ['sys_role'],
  service: (ctx) => new SysRoleService(ctx),
  start: (roles) => roles.seed(),
});
