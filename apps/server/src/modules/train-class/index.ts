/**
 * Module trainClass: training classes, the class core (issue 13 "Classes"; SPEC §2
 * /web/webclassapply, /info?classId=, /public; §7 /api/trainClass/*, /api/bjvrkc). Admin page
 * 培训管理 → 培训班; learner sign-up, withdraw, audit with a message, direct assignment, linked
 * courses (studied by enrolled learners through a grant registered with module course), progress
 * and completion (certificate and points once). Module `train` is bank training, unrelated.
 */
import { classNoticeEvent } from '@kaopei/contracts/train-class';
import { MenuType } from '@kaopei/contracts';
import { TrainClassPerm, classCourseApi, trainClassApi } from '@kaopei/contracts/train-class';
import { classStatApi } from '@kaopei/contracts/train-class-stat';
import { requirePerm } from '../../platform/auth';
import { fn } from '../../platform/menus';
import { defineModule } from '../../platform/module';
import { TrainClassService, type TrainClassDeps } from './train-class.service';

declare module '../../platform/services' {
  interface Services {
    trainClass: TrainClassService;
  }
}

/** `trainClass.audited`: a sign-up was approved / rejected, or a person assigned (emitted in the change's transaction). Listener: the learner's class.notice message. */
export interface TrainClassAuditedEvent {
  /** A fresh id per outcome: the message's refId (notify sends once per refId and user). */
  noticeId: string;
  classId: string;
  classTitle: string;
  userId: string;
  /** 1 enrolled, 2 rejected. */
  state: number;
  msg: string;
}

declare module '../../platform/events' {
  interface DomainEvents {
    'trainClass.audited': TrainClassAuditedEvent;
  }
}

export default defineModule({
  name: 'trainClass',
  summary: '培训班（报名、审核、指派、课程与结业）',
  notifyEvents: [classNoticeEvent],
  deps: ['course', 'courseStudy', 'cert', 'points', 'notify', 'sysUser', 'sysDepart', 'sysRole'] satisfies TrainClassDeps[],
  tables: ['el_class', 'el_class_ref', 'el_class_user', 'el_class_course'],
  service: (ctx) => new TrainClassService(ctx),
  routes: (r, classes) => {
    r.json(trainClassApi.list, ({ body, user }) => classes.list(user, body));
    r.json(trainClassApi.detail, ({ body, user }) => classes.adminDetail(user, body.id));
    r.json(trainClassApi.addOrUpdate, ({ body, user }) => {
      requirePerm(user, body.id ? TrainClassPerm.UPDATE : TrainClassPerm.ADD);
      return classes.save(user, body);
    });
    r.json(trainClassApi.delete, async ({ body, user }) => {
      await classes.delete(user, body.ids);
      return null;
    });
    r.json(trainClassApi.state, async ({ body, user }) => {
      await classes.setState(user, body.ids, body.state);
      return null;
    });
    r.json(trainClassApi.apply, ({ body, user }) => classes.seats.apply(user, body.classId));
    r.json(trainClassApi.withdraw, async ({ body, user }) => {
      await classes.seats.withdraw(user, body.classId);
      return null;
    });
    r.json(trainClassApi.students, ({ body, user }) => classes.seats.students(user, body));
    r.json(trainClassApi.audit, ({ body, user }) => classes.seats.audit(user, body));
    r.json(trainClassApi.assign, ({ body, user }) => classes.seats.assign(user, body.classId, body.userIds));
    r.json(trainClassApi.myPaging, ({ body, user }) => classes.learnerPage(user, body, 'mine'));
    r.json(trainClassApi.openPaging, ({ body, user }) => classes.learnerPage(user, body, 'open'));
    r.json(trainClassApi.publicPaging, ({ body, user }) => classes.learnerPage(user, body, 'public'));
    r.json(trainClassApi.info, ({ body, user }) => classes.info(user, body.id));
    r.json(classCourseApi.saveOrUpdate, ({ body, user }) => classes.courses.save(user, body.classId, body.courseList));
    r.json(classCourseApi.detail, ({ body, user }) => classes.courses.detail(user, body.classId));
    r.json(classCourseApi.getPageList, ({ body, user }) => classes.courses.page(user, body));
    r.json(classStatApi.summary, ({ body, user }) => classes.stats.summary(user, body.classId));
    r.json(classStatApi.users, ({ body, user }) => classes.stats.users(user, body));
    r.download(classStatApi.export, async ({ body, user }) => ({ body: await classes.stats.export(user, body.classId) }));
  },
  start: async (classes) => classes.courses.registerGrant(),
  on: {
    'trainClass.audited': (classes) => (e) => classes.seats.sendNotice(e),
    'courseStudy.finished': (classes) => (e) => classes.courses.onCourseFinished(e.userId, e.courseId),
  },
  // Class ids every learner may ask about (a class not open to him answers 10010003).
  sharedIds: [trainClassApi.apply, trainClassApi.withdraw, trainClassApi.info],
  menus: [
    {
      type: MenuType.MENU, title: '培训管理', path: '/admin/trainClass', name: 'TrainClassMgr', component: 'Layout', redirect: '/admin/trainClass/list', alwaysShow: true, icon: 'SolutionOutlined', sort: 4,
      children: [
        {
          type: MenuType.MENU, title: '培训班', path: '/admin/trainClass/list', name: 'ListTrainClass', component: 'ListTrainClass', icon: 'TeamOutlined', sort: 1,
          children: [
            fn('培训班列表', TrainClassPerm.LIST, 0), fn('添加培训班', TrainClassPerm.ADD, 1), fn('修改培训班', TrainClassPerm.UPDATE, 2), fn('删除培训班', TrainClassPerm.DELETE, 3), fn('启用停用', TrainClassPerm.STATE, 4),
            fn('学员名单', TrainClassPerm.STUDENTS, 5), fn('报名审核', TrainClassPerm.AUDIT, 6), fn('指派学员', TrainClassPerm.ASSIGN, 7), fn('培训班课程', TrainClassPerm.COURSE, 8), fn('培训统计', TrainClassPerm.STAT, 9),
          ],
        },
      ],
    },
    { parent: 'Web', type: MenuType.MENU, title: '培训班', path: '/web/webclassapply', name: 'WebClassApply', component: 'WebClassApply', sort: 7, grant: 'all' },
    { parent: 'Web', type: MenuType.ROUTE, title: '培训班详情', path: '/web/webclassapply/info', name: 'WebClassApplyInfo', component: 'WebClassApplyInfo', hidden: true, noCache: true, activeMenu: '/web/webclassapply', sort: 71, grant: 'all' },
    { parent: 'Web', type: MenuType.ROUTE, title: '公开培训班', path: '/web/webclassapply/public', name: 'WebClassApplyPublic', component: 'WebClassApplyPublic', hidden: true, activeMenu: '/web/webclassapply', sort: 72, grant: 'all' },
  ],
});
