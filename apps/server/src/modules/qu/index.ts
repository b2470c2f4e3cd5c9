/** Module qu: questions, their options and the spreadsheet import (SPEC §3 "Question", §7, §8 import). */
import { MenuType } from '@kaopei/contracts';
import { QU_IMPORT_JOB, QuPerm, quApi } from '@kaopei/contracts/qu';
import { requirePerm } from '../../platform/auth';
import { fn } from '../../platform/menus';
import { defineModule } from '../../platform/module';
import { buildImportTemplate } from './qu.sheet';
import { QuService } from './qu.service';

declare module '../../platform/services' {
  interface Services {
    qu: QuService;
  }
}

export default defineModule({
  name: 'qu',
  summary: '试题',
  deps: ['repo', 'sysFile'],
  tables: ['el_qu', 'el_qu_answer', 'el_qu_repo_version'],
  dictJoins: ['el_repo', 'el_repo_chapter'],
  service: (ctx) => new QuService(ctx),
  routes: (r, qus) => {
    r.json(quApi.paging, ({ body }) => qus.paging(body));
    r.json(quApi.detail, ({ body }) => qus.detail(body.id));
    r.json(quApi.save, ({ body, user }) => {
      requirePerm(user, body.id ? QuPerm.UPDATE : QuPerm.ADD);
      return qus.save(body, user.userId);
    });
    r.json(quApi.delete, async ({ body }) => {
      await qus.delete(body.ids);
      return null;
    });
    r.json(quApi.batchMove, ({ body }) => qus.batchMove(body));
    r.json(quApi.batchCopy, ({ body, user }) => qus.batchCopy(body, user.userId));
    r.json(quApi.batchLevel, ({ body }) => qus.batchLevel(body.ids, body.level));
    r.json(quApi.batchChapter, ({ body }) => qus.batchChapter(body.ids, body.chapterId));
    r.json(quApi.batchChapterClear, ({ body }) => qus.batchChapterClear(body.ids));
    r.upload(quApi.import, ({ fields, file, user }) => qus.importer.start(file, fields, user.userId));
    r.json(quApi.importConfirm, ({ body, user }) => qus.importer.confirm(body.jobId, body.dupMode, user.userId));
    r.download(quApi.template, async () => ({ body: await buildImportTemplate() }));
    r.download(quApi.export, async ({ body }) => ({ body: qus.exportSheet(body) }));
    r.download(quApi.exportMoodle, async ({ body }) => ({ body: qus.exportMoodle(body), contentType: 'application/xml; charset=utf-8' }));
  },
  jobs: { [QU_IMPORT_JOB]: (qus) => (payload, job) => qus.importer.run(payload, job) },
  tasks: [{ name: 'qu.import-cleanup', everyMs: () => 3600_000, run: (qus) => qus.importer.cleanup() }],
  menus: [
    {
      parent: 'ExamMgr', type: MenuType.MENU, title: '试题管理', path: '/admin/exam/qu', name: 'QuList', component: 'QuList', icon: 'ProfileOutlined', sort: 1,
      children: [fn('试题列表', QuPerm.LIST, 0), fn('添加试题', QuPerm.ADD, 1), fn('修改试题', QuPerm.UPDATE, 2), fn('删除试题', QuPerm.DELETE, 3), fn('导入试题', QuPerm.IMPORT, 4), fn('导出试题', QuPerm.EXPORT, 5)],
    },
    { parent: 'ExamMgr', type: MenuType.ROUTE, title: '添加试题', path: '/admin/exam/qu/add', name: 'AddQu', component: 'QuForm', hidden: true, noCache: true, activeMenu: '/admin/exam/qu', sort: 2 },
    { parent: 'ExamMgr', type: MenuType.ROUTE, title: '修改试题', path: '/admin/exam/qu/update/:id', name: 'UpdateQu', component: 'QuForm', hidden: true, noCache: true, activeMenu: '/admin/exam/qu', sort: 3 },
  ],
});
