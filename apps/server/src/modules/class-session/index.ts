/**
 * Module classSession: face-to-face lessons of training classes with QR sign-in (issue 13
 * "Face-to-face training"; SPEC §2 /web/faceTeach, /m/info/bjInfo). Lessons, rotating QR tokens,
 * the learner's sign-in (window, geofence, once), make-up sign-ins, attendance and its export, and
 * the class requirement 'sessions' (required lessons signed / required lessons). The admin parts
 * are a tab of the class management drawer; their function codes hang under 培训管理 → 培训班.
 */
import { MenuType } from '@kaopei/contracts';
import { LessonPerm, lessonApi, signApi } from '@kaopei/contracts/class-session';
import { fn, type MenuDecl } from '../../platform/menus';
import { defineModule } from '../../platform/module';
import { ClassSessionService } from './class-session.service';

declare module '../../platform/services' {
  interface Services {
    classSession: ClassSessionService;
  }
}

/** A function code hung under the class list's menu (its buttons live in the class drawer). */
const underClasses = (title: string, code: string, sort: number): MenuDecl => ({ ...fn(title, code, sort), parent: 'ListTrainClass' });

export default defineModule({
  name: 'classSession',
  summary: '面授培训（课次、扫码签到、补签与考勤）',
  deps: ['trainClass'],
  tables: ['el_class_lesson', 'el_class_sign'],
  service: (ctx) => new ClassSessionService(ctx),
  routes: (r, s) => {
    r.json(lessonApi.save, ({ body, user }) => s.save(user, body));
    r.json(lessonApi.detail, ({ body, user }) => s.detail(user, body.id));
    r.json(lessonApi.paging, ({ body, user }) => s.paging(user, body));
    r.json(lessonApi.delete, async ({ body, user }) => {
      await s.delete(user, body.ids);
      return null;
    });
    r.json(lessonApi.myList, ({ body, user }) => s.myList(user, body.classId));
    r.json(lessonApi.myPaging, ({ body, user }) => s.myPaging(user, body));
    r.json(signApi.qr, ({ body, user, req }) => s.qr(user, body.lessonId, { protocol: req.protocol, host: req.host }));
    r.json(signApi.in, ({ body, user }) => s.signIn(user, body));
    r.json(signApi.makeup, ({ body, user }) => s.makeup(user, body));
    r.json(signApi.paging, ({ body, user }) => s.attendance(user, body));
    r.download(signApi.export, async ({ body, user }) => ({ body: await s.exportAttendance(user, body.lessonId) }));
  },
  start: async (s) => s.registerRequirement(),
  // A class id every learner may ask about (a class he is not enrolled in answers 10010003); a lesson
  // id of such a class likewise.
  sharedIds: [lessonApi.myList, signApi.in],
  menus: [
    underClasses('面授课次列表', LessonPerm.LIST, 20), underClasses('保存面授课次', LessonPerm.SAVE, 21), underClasses('删除面授课次', LessonPerm.DELETE, 22),
    underClasses('签到二维码', LessonPerm.QR, 23), underClasses('面授考勤', LessonPerm.ATTEND, 24), underClasses('补签', LessonPerm.MAKEUP, 25),
    { parent: 'Web', type: MenuType.MENU, title: '集中培训', path: '/web/faceTeach', name: 'WebFaceTeach', component: 'WebFaceTeach', sort: 8, grant: 'all' },
  ],
});
