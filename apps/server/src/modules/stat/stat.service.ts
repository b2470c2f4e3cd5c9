/** Dashboard totals (SPEC §3 "Dashboard totals") of the domains built so far, each counted by its owner. */
import type { TotalNum } from '@kaopei/contracts/stat';
import type { ModuleContext } from '../../platform/module';

export class StatService {
  constructor(private readonly ctx: ModuleContext<'repo' | 'qu' | 'exam' | 'sysUser' | 'cert' | 'notify' | 'battle'>) {}

  async totals(): Promise<TotalNum> {
    const { repo, qu, exam, sysUser, cert, notify, battle } = this.ctx.services;
    const [repoCount, quCount, examCount, userCount, grantCount, tmplCount, battleCount] = await Promise.all([
      repo.count(), qu.count(), exam.count(), sysUser.countUsers(), cert.countGrants(), notify.countTemplates(), battle.count(),
    ]);
    return { repoCount, quCount, examCount, userCount, grantCount, tmplCount, battleCount };
  }
}
