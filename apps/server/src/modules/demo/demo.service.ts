/**
 * Demo content of the first start (KAOPEI_DEMO): one bank of 24 questions written by the Kaopei
 * team, one exam open to everybody and one free course open to everybody (demo.course.ts), created
 * through the owning modules' services.
 */
import type { ModuleContext } from '../../platform/module';
import { ADMIN_USER_NAME } from '../sys-user/sys-user.constants';
import { DEMO_BANK_TITLE, DEMO_EXAM_RULES, DEMO_EXAM_TITLE, DEMO_QUESTIONS } from './demo.content';
import { seedDemoCourse } from './demo.course';

export type DemoDeps = 'sysUser' | 'repo' | 'qu' | 'exam' | 'sysFile' | 'courseFile' | 'course';

export class DemoService {
  constructor(private readonly ctx: ModuleContext<DemoDeps>) {}

  /** Creates the demo bank, its questions, the demo exam and the demo course, owned by `admin` (nothing when KAOPEI_DEMO is off). */
  async seed(): Promise<void> {
    if (!this.ctx.config.demo) return;
    const { sysUser, repo, qu, exam } = this.ctx.services;
    const adminId = await sysUser.idOf(ADMIN_USER_NAME);
    if (!adminId) return;
    const { id: repoId } = await repo.save({ title: DEMO_BANK_TITLE, remark: '考培演示题库：安全生产基础知识' }, adminId);
    for (const q of DEMO_QUESTIONS) {
      await qu.save(
        { repoId, quType: q.quType, level: 1, content: q.content, analysis: q.analysis, image: '', answerList: q.options.map(([content, isRight]) => ({ content, isRight, analysis: '', image: '' })) },
        adminId,
      );
    }
    await exam.save(
      {
        title: DEMO_EXAM_TITLE, content: '演示考试：共21题，满分100分，60分及格，限时30分钟，不限次数。', openType: 1, startTime: null, endTime: null,
        totalTime: 30, qualifyScore: 60, chance: 0, ruleList: DEMO_EXAM_RULES.map((r) => ({ repoId, ...r })),
      },
      adminId,
    );
    await this.seedCourse();
  }

  /**
   * The demo course with its two course files (demo.course.ts), owned by `admin`; once per database
   * (seed log), nothing when KAOPEI_DEMO is off. Answers the course id, or null when nothing was seeded.
   */
  async seedCourse(): Promise<string | null> {
    if (!this.ctx.config.demo) return null;
    const adminId = await this.ctx.services.sysUser.idOf(ADMIN_USER_NAME);
    return adminId ? seedDemoCourse(this.ctx, adminId) : null;
  }
}
