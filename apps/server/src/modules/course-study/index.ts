/**
 * Module courseStudy: server-counted study time, learning checks and learning records (issue 11
 * "Learner"; SPEC §2 "My course files learned", §3 "Course-file learning row", §4 "Study checks",
 * "Course study", §7 /api/course/file/learn/*, /api/course/file/fetch-file, the reading socket
 * /api/socket/read/{userId}/{courseId}/{fileId}). Courses' plans come from module course
 * (`studyPlan`); completion grants the course's certificate and points and sends a message, once.
 */
import { MenuType } from '@kaopei/contracts';
import { CourseFaceKind, CourseFacePerm, courseFaceApi } from '@kaopei/contracts/course-face';
import { courseFinishEvent, courseStudyApi, CourseStudyPerm, READ_SOCKET_PATH } from '@kaopei/contracts/course-study';
import { fn } from '../../platform/menus';
import { defineModule } from '../../platform/module';
import type { StudyDeps } from './course-study.complete';
import { CourseStudyService } from './course-study.service';
import { serveReadSocket } from './course-study.socket';

declare module '../../platform/services' {
  interface Services {
    courseStudy: CourseStudyService;
  }
}

export default defineModule({
  name: 'courseStudy',
  summary: '课程学习（服务器计时、学习验证、学习记录）',
  notifyEvents: [courseFinishEvent],
  deps: ['captcha', 'cert', 'points', 'sysUser', 'notify', 'courseFile', 'course', 'face', 'sysFile'] satisfies StudyDeps[],
  tables: ['el_course_file_learn', 'el_course_learn', 'el_course_study_stream', 'el_course_study_check', 'el_course_face_state', 'el_course_face'],
  service: (ctx) => new CourseStudyService(ctx),
  routes: (r, study) => {
    r.socket<{ userId: string; courseId: string; fileId: string }>(READ_SOCKET_PATH, ({ socket, user, params, req }) => serveReadSocket(study, socket, user, params, req.query, req.log));
    r.json(courseStudyApi.progress, ({ body, user }) => study.report(user.userId, body.courseId, body.fileId, body.streamId, body));
    r.json(courseStudyApi.check, ({ body, user }) => study.answerCheck(user.userId, body));
    r.json(courseStudyApi.paging, ({ body, user }) => study.paging(user.userId, body));
    r.json(courseStudyApi.courseFiles, ({ body, user }) => study.courseFiles(user.userId, body.courseId));
    r.json(courseStudyApi.fetchFile, ({ body, user }) => study.fetchFile(user.userId, body.courseId, body.fileId));
    r.json(courseStudyApi.fixProcess, ({ body }) => study.fixProcess(body));
    // Face checks during study (issue 12).
    r.json(courseFaceApi.validateFace, ({ body, user }) => study.validateFace(user.userId, body.courseId, body.fileId, body.base64));
    r.json(courseFaceApi.save, ({ body, user }) => study.faceCapture(user.userId, body.courseId, body.fileId, body.base64));
    r.json(courseFaceApi.facePaging, ({ body, user }) => study.faces.paging(user, CourseFaceKind.CHECK, body));
    r.json(courseFaceApi.capturePaging, ({ body, user }) => study.faces.paging(user, CourseFaceKind.CAPTURE, body));
  },
  menus: [
    { parent: 'ListCourse', ...fn('修正学习进度', CourseStudyPerm.FIX, 7) },
    { parent: 'ListCourse', ...fn('学习人脸记录', CourseFacePerm.VIEW, 8) },
    // SPEC §2 course routes (uncached, highlighting /web/course).
    { parent: 'Web', type: MenuType.ROUTE, title: '课程学习', path: '/web/course/view/:courseId', name: 'CourseView', component: 'CourseView', hidden: true, noCache: true, activeMenu: '/web/course', sort: 53, grant: 'all' },
    { parent: 'Web', type: MenuType.ROUTE, title: '课件学习', path: '/web/course/view/:courseId/:fileId', name: 'CourseViewWithFile', component: 'CourseViewWithFile', hidden: true, noCache: true, activeMenu: '/web/course', sort: 54, grant: 'all' },
  ],
  on: {
    'courseStudy.finished': (study) => (e) => study.onFinished(e),
  },
  sharedIds: [courseStudyApi.progress, courseStudyApi.check, courseStudyApi.courseFiles, courseStudyApi.fetchFile, courseFaceApi.validateFace, courseFaceApi.save],
});
