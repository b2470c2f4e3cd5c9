/** Background jobs as their owners see them (the progress call; the runner is platform/jobs.ts). */
import { JOB_STATE_LABEL, type JobView } from '@kaopei/contracts/sys-job';
import type { ModuleContext } from '../../platform/module';
import { notFound } from '../../lib/errors';
import { formatTimeStrict } from '../../lib/time';

export class SysJobService {
  constructor(private readonly ctx: ModuleContext) {}

  /** The job `id` of `userId`; 10010003 for an unknown job or someone else's. */
  async detail(userId: string, id: string): Promise<JobView> {
    const job = await this.ctx.jobs.get(id);
    if (!job || job.createBy !== userId) throw notFound('任务不存在！');
    return {
      id: job.id,
      type: job.type,
      state: job.state,
      state_dictText: JOB_STATE_LABEL[job.state] ?? '',
      progress: job.progress,
      message: job.message,
      result: job.result,
      createTime: formatTimeStrict(job.createTime),
      updateTime: formatTimeStrict(job.updateTime),
    };
  }
}
