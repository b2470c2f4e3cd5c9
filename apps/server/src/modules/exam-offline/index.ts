/**
 * Module exam-offline: scores of offline exams (el_exam.offline = 1; SPEC §7 "plus offline
 * endpoints"; issue 8): template download, background import, typed entry and the results list,
 * under the hidden page 成绩录入 (/admin/exam/offline/:examId) that the admin exam list opens. Each
 * score is written as the learner's paper by module paper (`recordOffline`, event `paper.marked`).
 */
import { MenuType } from '@kaopei/contracts';
import { ExamOfflinePerm, examOfflineApi, OFFLINE_IMPORT_JOB } from '@kaopei/contracts/exam-offline';
import { fn } from '../../platform/menus';
import { defineModule } from '../../platform/module';
import { ExamOfflineService } from './exam-offline.service';

declare module '../../platform/services' {
  interface Services {
    examOffline: ExamOfflineService;
  }
}

export default defineModule({
  name: 'examOffline',
  summary: '线下考试成绩',
  deps: ['exam', 'paper', 'sysUser', 'sysRole'],
  tables: ['el_exam_offline'],
  service: (ctx) => new ExamOfflineService(ctx),
  routes: (r, offline) => {
    r.json(examOfflineApi.info, ({ body }) => offline.info(body.examId));
    r.json(examOfflineApi.paging, ({ body, user }) => offline.paging(user, body));
    r.json(examOfflineApi.entry, ({ body, user }) => offline.entry(user, body));
    r.upload(examOfflineApi.import, ({ file, fields, user }) => offline.startImport(file, fields.examId, user));
    r.download(examOfflineApi.template, async () => ({ body: await offline.template() }));
  },
  jobs: { [OFFLINE_IMPORT_JOB]: (offline) => (payload, job) => offline.runImport(payload, job) },
  menus: [
    {
      parent: 'ExamMgr', type: MenuType.ROUTE, title: '成绩录入', path: '/admin/exam/offline/:examId', name: 'ExamOfflineScore', component: 'ExamOfflineScore', hidden: true, noCache: true, activeMenu: '/admin/exam/exam', sort: 8,
      children: [fn('线下成绩列表', ExamOfflinePerm.LIST, 0), fn('线下成绩录入', ExamOfflinePerm.ENTRY, 1)],
    },
  ],
});
