/**
 * Module examWatch: live invigilation (issue 9 "Live invigilation"; SPEC §2 ExamWatch, §7 the exam
 * socket, §9 the 10 s heartbeat). Serves the learner's exam socket
 * `/api/socket/exam/:userId/:examId/:platform` and the invigilator's calls (exam:watch): the
 * exam's papers with online flags, reminders, forced hand-in. Declares the hidden route ExamWatch
 * (/admin/exam/watch/:examId) and the 监考 function under the exam list. Owns no table.
 */
import { MenuType } from '@kaopei/contracts';
import { EXAM_SOCKET_PATH, ExamWatchPerm, examWatchApi } from '@kaopei/contracts/exam-watch';
import { fn } from '../../platform/menus';
import { defineModule } from '../../platform/module';
import { ExamWatchService } from './exam-watch.service';

declare module '../../platform/services' {
  interface Services {
    examWatch: ExamWatchService;
  }
}

/**
 * `examWatch.reminded`: an invigilator's message went to one learner (`userId`) or every online
 * learner ('') of an exam (reminders and the forced hand-in notice). `eventId` unique per message;
 * `at` epoch ms, server clock. Listener: the evidence timeline (issue 12).
 */
export interface ExamRemindedEvent {
  eventId: string;
  examId: string;
  userId: string;
  message: string;
  at: number;
}

declare module '../../platform/events' {
  interface DomainEvents {
    'examWatch.reminded': ExamRemindedEvent;
  }
}

export default defineModule({
  name: 'examWatch',
  summary: '监考（考试实时监控、提醒、强制交卷）',
  deps: ['paper', 'sysUser'],
  service: (ctx) => new ExamWatchService(ctx),
  routes: (r, watch) => {
    r.socket<{ userId: string; examId: string; platform: string }>(EXAM_SOCKET_PATH, ({ socket, user, params }) => watch.connect(socket, user, params));
    r.json(examWatchApi.paging, ({ body }) => watch.paging(body));
    r.json(examWatchApi.remind, ({ body }) => watch.remind(body));
    r.json(examWatchApi.handIn, ({ body }) => watch.handIn(body.id));
  },
  menus: [
    { parent: 'ListExam', ...fn('监考', ExamWatchPerm.WATCH, 6) },
    { parent: 'ExamMgr', type: MenuType.ROUTE, title: '监考', path: '/admin/exam/watch/:examId', name: 'ExamWatch', component: 'ExamWatch', hidden: true, noCache: true, activeMenu: '/admin/exam/exam', sort: 8 },
  ],
});
