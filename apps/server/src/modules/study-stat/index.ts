/**
 * Module studyStat: learning statistics by department (issue 14 "Statistics": per course and per
 * class, progress and completion by department; per department, who has not finished what, with
 * the study.remind message). Declares the admin directory 统计分析 (/admin/stat, name StatMgr) and
 * its page 学习统计 (/admin/stat/study). Owns no table: it reads through the owning modules' services.
 */
import { MenuType } from '@kaopei/contracts';
import { StudyStatPerm, studyRemindEvent, studyStatApi } from '@kaopei/contracts/study-stat';
import { fn } from '../../platform/menus';
import { defineModule } from '../../platform/module';
import { StudyStatService, type StudyStatDeps } from './study-stat.service';

declare module '../../platform/services' {
  interface Services {
    studyStat: StudyStatService;
  }
}

export default defineModule({
  name: 'studyStat',
  summary: '学习统计（按部门的课程、培训班进度与未完成人员提醒）',
  notifyEvents: [studyRemindEvent],
  deps: ['course', 'courseStudy', 'trainClass', 'exam', 'paper', 'notify', 'sysUser', 'sysDepart', 'sysRole'] satisfies StudyStatDeps[],
  service: (ctx) => new StudyStatService(ctx),
  routes: (r, stats) => {
    r.json(studyStatApi.course, ({ body, user }) => stats.course(user, body.courseId, body.deptCode));
    r.download(studyStatApi.courseExport, ({ body, user }) => stats.courseExport(user, body.courseId, body.deptCode));
    r.json(studyStatApi.trainClass, ({ body, user }) => stats.trainClassStat(user, body.classId, body.deptCode));
    r.download(studyStatApi.classExport, ({ body, user }) => stats.classExport(user, body.classId, body.deptCode));
    r.json(studyStatApi.unfinished, ({ body, user }) => stats.unfinished.paging(user, body));
    r.json(studyStatApi.remind, ({ body, user }) => stats.unfinished.remind(user, body));
  },
  menus: [
    {
      type: MenuType.MENU, title: '统计分析', path: '/admin/stat', name: 'StatMgr', component: 'Layout', redirect: '/admin/stat/study', alwaysShow: true, icon: 'BarChartOutlined', sort: 8,
      children: [
        {
          type: MenuType.MENU, title: '学习统计', path: '/admin/stat/study', name: 'StudyStat', component: 'StudyStat', icon: 'LineChartOutlined', sort: 1,
          children: [fn('查看学习统计', StudyStatPerm.VIEW, 0), fn('发送学习提醒', StudyStatPerm.REMIND, 1)],
        },
      ],
    },
  ],
});
