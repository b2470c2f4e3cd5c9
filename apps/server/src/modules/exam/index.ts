/** Module exam: exams and their drawing rules, and the learner's list of open exams (SPEC §3 "Exam", §7). */
import { MenuType } from '@kaopei/contracts';
import { ExamPerm, examApi } from '@kaopei/contracts/exam';
import { requirePerm } from '../../platform/auth';
import { fn } from '../../platform/menus';
import { defineModule } from '../../platform/module';
import { ExamService } from './exam.service';

declare module '../../platform/services' {
  interface Services {
    exam: ExamService;
  }
}

export default defineModule({
  name: 'exam',
  summary: '考试',
  deps: ['repo', 'qu', 'paper', 'cert', 'notify'],
  tables: ['el_exam', 'el_exam_rule', 'el_exam_qu', 'el_exam_ref'],
  service: (ctx) => new ExamService(ctx),
  routes: (r, exams) => {
    r.json(examApi.paging, ({ body }) => exams.paging(body));
    r.json(examApi.detail, ({ body }) => exams.detail(body.id));
    r.json(examApi.save, ({ body, user }) => {
      requirePerm(user, body.id ? ExamPerm.UPDATE : ExamPerm.ADD);
      return exams.save(body, user.userId);
    });
    r.json(examApi.delete, async ({ body }) => {
      await exams.delete(body.ids);
      return null;
    });
    r.json(examApi.state, async ({ body }) => {
      await exams.setState(body.ids, body.state);
      return null;
    });
    r.json(examApi.onlinePaging, ({ body, user }) => exams.onlinePaging(user.userId, body));
    r.json(examApi.checkInfo, ({ body, user }) => exams.checkInfo(user.userId, body.id));
    r.json(examApi.prepareNotify, ({ body, user }) => exams.prepareNotify(body.id, body.tmplId, user.userId));
  },
  // Exams open to everybody: any learner may read the check page of any of them.
  sharedIds: [examApi.checkInfo],
  menus: [
    {
      parent: 'ExamMgr', type: MenuType.MENU, title: '考试管理', path: '/admin/exam/exam', name: 'ListExam', component: 'ListExam', icon: 'FormOutlined', sort: 4,
      children: [fn('考试列表', ExamPerm.LIST, 0), fn('添加考试', ExamPerm.ADD, 1), fn('修改考试', ExamPerm.UPDATE, 2), fn('删除考试', ExamPerm.DELETE, 3), fn('启用禁用', ExamPerm.STATE, 4)],
    },
    { parent: 'ExamMgr', type: MenuType.ROUTE, title: '添加考试', path: '/admin/exam/exam/add', name: 'AddExam', component: 'ExamForm', hidden: true, noCache: true, activeMenu: '/admin/exam/exam', sort: 5 },
    { parent: 'ExamMgr', type: MenuType.ROUTE, title: '修改考试', path: '/admin/exam/exam/update/:id', name: 'UpdateExam', component: 'ExamForm', hidden: true, noCache: true, activeMenu: '/admin/exam/exam', sort: 6 },
    { parent: 'Web', type: MenuType.MENU, title: '在线考试', path: '/web/index', name: 'OnlineExam', component: 'OnlineExam', sort: 1, grant: 'all' },
    { parent: 'Web', type: MenuType.ROUTE, title: '考试须知', path: '/web/exam/check/:id', name: 'ExamCheck', component: 'ExamCheck', hidden: true, activeMenu: '/web/index', sort: 3, grant: 'all' },
  ],
});
