/** Module sys-job: the progress call of background jobs (imports, exports, mass messages …). */
import { QU_IMPORT_JOB } from '@kaopei/contracts/qu';
import { jobApi } from '@kaopei/contracts/sys-job';
import { defineModule } from '../../platform/module';
import { SysJobService } from './sys-job.service';

declare module '../../platform/services' {
  interface Services {
    sysJob: SysJobService;
  }
}

export default defineModule({
  name: 'sysJob',
  summary: '后台任务',
  service: (ctx) => new SysJobService(ctx),
  routes: (r, jobs) => {
    r.json(jobApi.detail, ({ body, user }) => jobs.detail(user.userId, body.id));
  },
  owned: [
    {
      kind: 'job',
      // Any registered type will do: the job only has to exist and belong to the user.
      create: ({ jobs }, userId) => jobs.enqueue(QU_IMPORT_JOB, null, { userId, maxAttempts: 1 }),
      calls: [{ endpoint: jobApi.detail, body: (id) => ({ id }) }],
    },
  ],
});
