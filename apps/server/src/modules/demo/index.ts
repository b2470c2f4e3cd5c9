/** Module demo: the demo content seeded at the first start when KAOPEI_DEMO is on (default on SQLite). */
import { defineModule } from '../../platform/module';
import { DemoService } from './demo.service';

declare module '../../platform/services' {
  interface Services {
    demo: DemoService;
  }
}

export default defineModule({
  name: 'demo',
  summary: '演示内容',
  deps: ['sysUser', 'repo', 'qu', 'exam', 'sysFile', 'courseFile', 'course'],
  service: (ctx) => new DemoService(ctx),
  start: async (demo, info) => {
    if (info.firstStart) await demo.seed();
  },
});
