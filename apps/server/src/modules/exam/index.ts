/** Module exam: exams with their settings, paper part and open-type lists, and the learner's list of exams open to them (SPEC §3 "Exam", §4, §7; issue 8). */
import { MenuType } from '@kaopei/contracts';
import { examApi, ExamPerm, examPublishEvent } from '@kaopei/contracts/exam';
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
  notifyEvents: [examPublishEvent],
  deps: ['repo', 'qu', 'paper', 'cert', 'notify', 'sysUser', 'sysDepart'],
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
    r.json(examApi.onlinePaging, ({ body, user }) => exams.onlinePaging(user, body));
    r.json(examApi.checkInfo, ({ body, user }) => exams.checkInfo(user, body.id));
    r.json(examApi.simpleDetail, ({ body, user }) => exams.simpleDetail(user, body.id));
    r.json(examApi.checkRules, ({ body }) => exams.checkRules(body));
    r.json(examApi.copy, ({ body, user }) => exams.copy(body.id, user.userId));
    r.json(examApi.preview, ({ body }) => exams.preview(body.id));
    r.json(examApi.userRefPaging, ({ body }) => exams.userRefPaging(body));
    r.json(examApi.userRefJoin, ({ body }) => exams.userRefJoin(body.refId, body.ids));
    r.json(examApi.userRefRemove, ({ body }) => exams.userRefRemove(body.refId, body.ids));
    r.json(examApi.prepareNotify, ({ body, user }) => exams.prepareNotify(body.id, body.tmplId, user.userId));
  },
  // Exams open to the learner (open types 1 and 9 to everybody; 2 and 3 answer 10010003 to the others).
  sharedIds: [examApi.checkInfo, examApi.simpleDetail],
  menus: [
    {
      parent: 'ExamMgr', type: MenuType.MENU, title: '考试管理', path: '/admin/exam/exam', name: 'ListExam', component: 'ListExam', icon: 'FormOutlined', sort: 4,
      children: [fn('考试列表', ExamPerm.LIST, 0), fn('添加考试', ExamPerm.ADD, 1), fn('修改考试', ExamPerm.UPDATE, 2), fn('删除考试', ExamPerm.DELETE, 3), fn('启用禁用', ExamPerm.STATE, 4), fn('预览试卷', ExamPerm.PREVIEW, 5)],
    },
    { parent: 'ExamMgr', type: MenuType.ROUTE, title: '添加考试', path: '/admin/exam/exam/add', name: 'AddExam', component: 'ExamForm', hidden: true, noCache: true, activeMenu: '/admin/exam/exam', sort: 5 },
    { parent: 'ExamMgr', type: MenuType.ROUTE, title: '修改考试', path: '/admin/exam/exam/update/:id', name: 'UpdateExam', component: 'ExamForm', hidden: true, noCache: true, activeMenu: '/admin/exam/exam', sort: 6 },
    { parent: 'ExamMgr', type: MenuType.ROUTE, title: '预览试卷', path: '/admin/exam/exam/preview/:id', name: 'ExamPreview', component: 'ExamPreview', hidden: true, noCache: true, activeMenu: '/admin/exam/exam', sort: 7 },
    { parent: 'Web', type: MenuType.MENU, title: '在线考试', path: '/web/index', name: 'OnlineExam', component: 'OnlineExam', sort: 1, grant: 'all' },
    { parent: 'Web', type: MenuType.ROUTE, title: '考试须知', path: '/web/exam/check/:id', name: 'ExamCheck', component: 'ExamCheck', hidden: true, activeMenu: '/web/index', sort: 3, grant: 'all' },
  ],
});
