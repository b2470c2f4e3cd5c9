/**
 * Builds every service once per app. Modules reach each other only through these services
 * (ARCHITECTURE §2); the paper ↔ exam cycle is broken by a lazy getter.
 */
import type { Config } from './config';
import type { Db } from './db';
import { ExamService } from './modules/exam/exam.service';
import { PaperService } from './modules/paper/paper.service';
import { QuService } from './modules/qu/qu.service';
import { RepoService } from './modules/repo/repo.service';
import { StatService } from './modules/stat/stat.service';
import { SysMenuService } from './modules/sys-menu/sys-menu.service';
import { SysUserService } from './modules/sys-user/sys-user.service';

export interface Services {
  users: SysUserService;
  menus: SysMenuService;
  repos: RepoService;
  qus: QuService;
  exams: ExamService;
  papers: PaperService;
  stats: StatService;
}

export function createServices(db: Db, config: Config): Services {
  const users = new SysUserService(db, config);
  const menus = new SysMenuService(db);
  const repos = new RepoService(db);
  const qus = new QuService(db, repos);
  // eslint-disable-next-line prefer-const -- assigned after the exam service that needs it lazily
  let papers: PaperService;
  const exams = new ExamService(db, repos, qus, () => papers);
  papers = new PaperService(db, exams, qus);
  const stats = new StatService(repos, qus, exams, users);
  return { users, menus, repos, qus, exams, papers, stats };
}
