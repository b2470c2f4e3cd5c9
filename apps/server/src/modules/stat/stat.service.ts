/** Dashboard totals (SPEC §3 "Dashboard totals") of the domains built so far, each counted by its owner. */
import type { TotalNum } from '@kaopei/contracts/stat';
import type { ModuleContext } from '../../platform/module';

export class StatService {
  constructor(private readonly ctx: ModuleContext<'repo' | 'qu' | 'exam' | 'sysUser'>) {}

  async totals(): Promise<TotalNum> {
    const { repo, qu, exam, sysUser } = this.ctx.services;
    const [repoCount, quCount, examCount, userCount] = await Promise.all([repo.count(), qu.count(), exam.count(), sysUser.countUsers()]);
    return { repoCount, quCount, examCount, userCount };
  }
}
