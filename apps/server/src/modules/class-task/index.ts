/**
 * Module classTask: class tasks 培训任务 (issue 13 "tasks"; SPEC §7 /api/task/bj). Assignments per
 * training class set by admins with the class in their data scope, submitted (text and uploaded
 * files) by enrolled learners until the deadline, reviewed with a score 0–100 and a comment. The
 * admin tab is in the class management drawer, the learner tab on the class page (web
 * pages/admin/class-task, pages/web/class-task).
 */
import { ClassTaskPerm, classTaskApi } from '@kaopei/contracts/class-task';
import { fn } from '../../platform/menus';
import { defineModule } from '../../platform/module';
import { ClassTaskService, type ClassTaskDeps } from './class-task.service';

declare module '../../platform/services' {
  interface Services {
    classTask: ClassTaskService;
  }
}

export default defineModule({
  name: 'classTask',
  summary: '培训任务（班级作业、提交与批阅）',
  deps: ['trainClass'] satisfies ClassTaskDeps[],
  tables: ['el_class_task', 'el_class_task_submit'],
  service: (ctx) => new ClassTaskService(ctx),
  routes: (r, tasks) => {
    r.json(classTaskApi.save, ({ body, user }) => tasks.save(user, body));
    r.json(classTaskApi.detail, ({ body, user }) => tasks.detail(user, body.id));
    r.json(classTaskApi.paging, ({ body, user }) => tasks.paging(user, body));
    r.json(classTaskApi.delete, async ({ body, user }) => {
      await tasks.delete(user, body.ids);
      return null;
    });
    r.json(classTaskApi.submits, ({ body, user }) => tasks.submits(user, body));
    r.json(classTaskApi.review, async ({ body, user }) => {
      await tasks.review(user, body);
      return null;
    });
    r.json(classTaskApi.myList, ({ body, user }) => tasks.myList(user, body.classId));
    r.json(classTaskApi.submit, ({ body, user }) => tasks.submit(user, body));
  },
  // Class and task ids: a learner not enrolled in the class gets 10010003.
  sharedIds: [classTaskApi.myList, classTaskApi.submit],
  menus: [
    { parent: 'ListTrainClass', ...fn('培训任务列表', ClassTaskPerm.LIST, 21) },
    { parent: 'ListTrainClass', ...fn('保存培训任务', ClassTaskPerm.SAVE, 22) },
    { parent: 'ListTrainClass', ...fn('删除培训任务', ClassTaskPerm.DELETE, 23) },
    { parent: 'ListTrainClass', ...fn('批阅培训任务', ClassTaskPerm.REVIEW, 24) },
  ],
});
