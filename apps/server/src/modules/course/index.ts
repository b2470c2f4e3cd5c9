/**
 * Module course: courses (admin ListCourse), who they are open to, buying and applications, the
 * learner's lists and details, Q&A, and the study plan the study module runs (issue 11; SPEC §3
 * "Course", "Course Q&A", §7 "Courses").
 */
import { MenuType } from '@kaopei/contracts';
import { courseApi, CoursePerm, coursePublishEvent } from '@kaopei/contracts/course';
import { courseQaApi } from '@kaopei/contracts/course-qa';
import { courseStatApi } from '@kaopei/contracts/course-stat';
import { requirePerm } from '../../platform/auth';
import { fn } from '../../platform/menus';
import { defineModule } from '../../platform/module';
import { CourseService } from './course.service';

declare module '../../platform/services' {
  interface Services {
    course: CourseService;
  }
}

export default defineModule({
  name: 'course',
  summary: '课程',
  notifyEvents: [coursePublishEvent],
  deps: ['courseFile', 'courseStudy', 'points', 'cert', 'notify', 'sysUser', 'sysDepart', 'sysRole'],
  tables: ['el_course', 'el_course_file_ref', 'el_course_ref', 'el_course_user', 'el_course_qa'],
  // Q&A lists name the author (real name and avatar).
  dictJoins: ['sys_user'],
  service: (ctx) => new CourseService(ctx),
  routes: (r, courses) => {
    r.json(courseApi.paging, ({ body, user }) => courses.paging(user, body));
    r.json(courseApi.adminDetail, ({ body, user }) => courses.adminDetail(user, body.id));
    r.json(courseApi.save, ({ body, user }) => {
      requirePerm(user, body.id ? CoursePerm.UPDATE : CoursePerm.ADD);
      return courses.save(user, body);
    });
    r.json(courseApi.delete, async ({ body, user }) => {
      await courses.delete(user, body.ids);
      return null;
    });
    r.json(courseApi.state, async ({ body, user }) => {
      await courses.setState(user, body.ids, body.state);
      return null;
    });
    r.json(courseApi.prepareNotify, ({ body, user }) => courses.prepareNotify(user, body.id, body.tmplId));
    r.json(courseApi.userPaging, ({ body, user }) => courses.userPaging(user, body));
    r.json(courseApi.openUserPaging, ({ body, user }) => courses.openUserPaging(user, body));
    r.json(courseApi.simpleDetail, ({ body, user }) => courses.simpleDetail(user, body.id));
    r.json(courseApi.detail, ({ body, user }) => courses.detail(user, body.id));
    r.json(courseApi.buy, ({ body, user }) => courses.buying.buy(user, body.courseId));
    r.json(courseApi.buyPaging, ({ body, user }) => courses.buying.paging(user, body));
    r.json(courseApi.buyAudit, ({ body, user }) => courses.buying.audit(user, body.ids, body.state));
    r.json(courseStatApi.stat, ({ body, user }) => courses.stats.stat(user, body.id));
    r.json(courseStatApi.learners, ({ body, user }) => courses.stats.learners(user, body));
    r.download(courseStatApi.export, ({ body, user }) => courses.stats.export(user, body.id));
    r.json(courseQaApi.paging, ({ body, user }) => courses.qa.paging(user, body));
    r.json(courseQaApi.detail, ({ body, user }) => courses.qa.detail(user, body.id));
    r.json(courseQaApi.save, ({ body, user }) => courses.qa.save(user, body));
  },
  start: async (courses) => courses.registerFileUsage(),
  // Courses every learner may ask about by id (those not open to them answer 10010003).
  sharedIds: [courseApi.simpleDetail, courseApi.detail, courseApi.buy, courseQaApi.paging, courseQaApi.detail, courseQaApi.save],
  menus: [
    {
      // Under the course-file module's parent '课程管理' (/admin/course).
      parent: 'CourseMgr', type: MenuType.MENU, title: '课程列表', path: '/admin/course/list', name: 'ListCourse', component: 'ListCourse', icon: 'ReadOutlined', sort: 0,
      children: [
        fn('课程列表', CoursePerm.LIST, 0), fn('添加课程', CoursePerm.ADD, 1), fn('修改课程', CoursePerm.UPDATE, 2), fn('删除课程', CoursePerm.DELETE, 3), fn('启用禁用', CoursePerm.STATE, 4),
        fn('课程申请审核', CoursePerm.BUY_AUDIT, 5), fn('课程问答回复', CoursePerm.QA_REPLY, 6), fn('课程统计', CoursePerm.STAT, 8),
      ],
    },
    { parent: 'CourseMgr', type: MenuType.ROUTE, title: '课程统计', path: '/admin/course/stat/:courseId', name: 'CourseStat', component: 'CourseStat', hidden: true, noCache: true, activeMenu: '/admin/course/list', sort: 9 },
    { parent: 'Web', type: MenuType.MENU, title: '公开课程', path: '/web/publicCourse', name: 'PublicCourse', component: 'PublicCourse', sort: 5, grant: 'all' },
    { parent: 'Web', type: MenuType.ROUTE, title: '课程详情', path: '/web/publicCourse/info', name: 'PublicCourseInfo', component: 'PublicCourseInfo', hidden: true, activeMenu: '/web/publicCourse', sort: 51, grant: 'all' },
    { parent: 'Web', type: MenuType.ROUTE, title: '我的课程', path: '/web/course', name: 'CourseLearn', component: 'CourseLearn', hidden: true, noCache: true, activeMenu: '/web/course', sort: 52, grant: 'all' },
  ],
});
