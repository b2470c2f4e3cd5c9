/** Dashboard totals (SPEC §3 "Dashboard totals") of the domains built so far. */
import type { TotalNum } from '@kaopei/contracts';
import type { ExamService } from '../exam/exam.service';
import type { QuService } from '../qu/qu.service';
import type { RepoService } from '../repo/repo.service';
import type { SysUserService } from '../sys-user/sys-user.service';

export class StatService {
  constructor(
    private readonly repos: RepoService,
    private readonly qus: QuService,
    private readonly exams: ExamService,
    private readonly users: SysUserService,
  ) {}

  async totals(): Promise<TotalNum> {
    const [repoCount, quCount, examCount, userCount] = await Promise.all([this.repos.count(), this.qus.count(), this.exams.count(), this.users.countUsers()]);
    return { repoCount, quCount, examCount, userCount };
  }
}
