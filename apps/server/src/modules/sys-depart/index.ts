/** Module sys-depart: departments (SPEC §3). */
import { defineModule } from '../../platform/module';
import { SysDepartService } from './sys-depart.service';

declare module '../../platform/services' {
  interface Services {
    sysDepart: SysDepartService;
  }
}

export default defineModule({
  name: 'sysDepart',
  summary: '部门',
  tables: ['sys_depart'],
  service: (ctx) => new SysDepartService(ctx),
  start: (departs, info) => (info.firstStart ? departs.seed() : Promise.resolve()),
});
