/**
 * Module examStat: statistics of one exam with item analysis (issue 14 "Statistics"; contracts
 * exam-stat.ts): score distribution, pass rate, per department, facility / discrimination / option
 * shares / average time of every question, xlsx exports. Declares the 统计 function under the exam
 * list (exam:stat) and the hidden route ExamStat (/admin/exam/stat/:examId). Owns no table.
 */
import { MenuType } from '@kaopei/contracts';
import { ExamStatPerm, examStatApi } from '@kaopei/contracts/exam-stat';
import { fn } from '../../platform/menus';
import { defineModule } from '../../platform/module';
import { ExamStatService } from './exam-stat.service';

declare module '../../platform/services' {
  interface Services {
    examStat: ExamStatService;
  }
}

export default defineModule({
  name: 'examStat',
  summary: '考试统计与试题分析',
  deps: ['paper', 'exam', 'qu', 'sysRole', 'sysDepart', 'sysUser'],
  service: (ctx) => new ExamStatService(ctx),
  routes: (r, stats) => {
    r.json(examStatApi.summary, ({ body, user }) => stats.summary(user, body.id));
    r.json(examStatApi.items, ({ body, user }) => stats.items(user, body.id));
    r.download(examStatApi.exportPapers, ({ body, user }) => stats.exportPapers(user, body.id));
    r.download(examStatApi.exportItems, ({ body, user }) => stats.exportItems(user, body.id));
  },
  menus: [
    { parent: 'ListExam', ...fn('统计', ExamStatPerm.STAT, 7) },
    { parent: 'ExamMgr', type: MenuType.ROUTE, title: '考试统计', path: '/admin/exam/stat/:examId', name: 'ExamStat', component: 'ExamStat', hidden: true, noCache: true, activeMenu: '/admin/exam/exam', sort: 9 },
  ],
});
