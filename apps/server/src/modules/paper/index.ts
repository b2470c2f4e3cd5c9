/**
 * Module paper: sitting an exam (SPEC §4 "Exam flow", §7 /api/paper/paper/*). Its task hands in
 * papers whose time is up, every SWEEP_INTERVAL_MS and once at start (papers left open across a
 * restart).
 */
import { MenuType } from '@kaopei/contracts';
import { paperApi } from '@kaopei/contracts/paper';
import { markApi, PaperPerm } from '@kaopei/contracts/paper-mark';
import { fn } from '../../platform/menus';
import { defineModule } from '../../platform/module';
import { PaperService } from './paper.service';

declare module '../../platform/services' {
  interface Services {
    paper: PaperService;
  }
}

/**
 * `paper.marked`: a paper was handed in and marked (emitted in the hand-in's transaction, once per
 * paper). Listeners: points for passing, the exam's certificate, the "paper marked" message.
 */
export interface PaperMarkedEvent {
  paperId: string;
  userId: string;
  examId: string;
  /** The exam's title when the paper was drawn. */
  examTitle: string;
  userScore: number;
  totalScore: number;
  qualifyScore: number;
  passed: boolean;
  /** Epoch ms, server clock. */
  handTime: number;
}

/**
 * `paper.left`: a leave of the exam page was counted (leave-incr; emitted in the count's
 * transaction). `kind` 'leave' (page hidden) or 'fullscreen' (fullscreen left); `eventId` unique per
 * leave (listeners dedupe on it); `at` epoch ms, server clock. Listener: the evidence timeline.
 */
export interface PaperLeftEvent {
  eventId: string;
  paperId: string;
  userId: string;
  examId: string;
  kind: 'leave' | 'fullscreen';
  leaveTimes: number;
  at: number;
}

declare module '../../platform/events' {
  interface DomainEvents {
    'paper.marked': PaperMarkedEvent;
    'paper.left': PaperLeftEvent;
  }
}

export default defineModule({
  name: 'paper',
  summary: '试卷与作答',
  // examApply: create-paper of an exam with needApply asks for an approved application.
  // sysUser, sysRole: marking shows learners' names and honours the data scope; repo: chapters of
  // the preview; points: an exam's points cost; paperCapture: the face check token of an exam with
  // faceOn (issue 12).
  deps: ['exam', 'qu', 'repo', 'points', 'examApply', 'sysUser', 'sysRole', 'paperCapture'],
  tables: ['el_paper', 'el_paper_group', 'el_paper_qu', 'el_paper_qu_answer', 'el_paper_mark'],
  service: (ctx) => new PaperService(ctx),
  routes: (r, papers) => {
    r.json(paperApi.createPaper, ({ body, user }) => papers.createPaper(user.userId, body.examId, { password: body.password ?? '', deptCode: user.deptCode, faceToken: body.faceToken }));
    r.json(paperApi.paperDetail, ({ body, user }) => papers.paperDetail(user.userId, body.id));
    r.json(paperApi.quDetail, ({ body, user }) => papers.quDetail(user.userId, body.paperId, body.quId));
    r.json(paperApi.fillAnswer, ({ body, user }) => papers.fillAnswer(user.userId, body));
    r.json(paperApi.handExam, ({ body, user }) => papers.handExam(user.userId, body.id));
    r.json(paperApi.paperResult, ({ body, user }) => papers.review.paperResult(user.userId, body.id));
    r.json(paperApi.quView, ({ body, user }) => papers.review.quView(user.userId, body.paperId, body.quId));
    r.json(paperApi.paging, ({ body, user }) => papers.review.paging(user, body));
    r.json(paperApi.leaveIncr, ({ body, user }) => papers.leaveIncr(user.userId, body.id, body.kind));
    r.json(paperApi.checkProcess, ({ user }) => papers.checkProcess(user.userId));
    r.json(markApi.paging, ({ body, user }) => papers.marking.paging(user, body));
    r.json(markApi.detail, ({ body, user }) => papers.marking.detail(user, body.id));
    r.json(markApi.save, ({ body, user }) => papers.marking.save(user, body));
  },
  tasks: [{ name: 'paper.sweep', everyMs: (config) => config.sweepIntervalMs, run: (papers) => papers.handInOverdue() }],
  owned: [
    {
      kind: 'paper',
      create: async ({ services }, userId) => {
        const exam = (await services.exam.onlinePaging({ userId }, { current: 1, size: 100 })).records.find((e) => !e.needPassword && e.pointsCost === 0);
        if (!exam) throw new Error('no open exam to draw a paper from');
        return (await services.paper.createPaper(userId, exam.id)).id;
      },
      calls: [
        { endpoint: paperApi.paperDetail, body: (id) => ({ id }) },
        { endpoint: paperApi.quDetail, body: (id) => ({ paperId: id, quId: '1' }) },
        { endpoint: paperApi.fillAnswer, body: (id) => ({ paperId: id, quId: '1', answers: [] }) },
        { endpoint: paperApi.leaveIncr, body: (id) => ({ id }) },
        { endpoint: paperApi.handExam, body: (id) => ({ id }) },
        { endpoint: paperApi.paperResult, body: (id) => ({ id }) },
        { endpoint: paperApi.quView, body: (id) => ({ paperId: id, quId: '1' }) },
      ],
    },
  ],
  // The exam id of an exam open to everybody.
  sharedIds: [paperApi.createPaper],
  menus: [
    {
      parent: 'ExamMgr', type: MenuType.MENU, title: '阅卷管理', path: '/admin/exam/mark', name: 'ListMark', component: 'ListMark', icon: 'AuditOutlined', sort: 6,
      children: [fn('阅卷', PaperPerm.MARK, 0), fn('查看考生考试记录', PaperPerm.LIST, 1)],
    },
    { parent: 'ExamMgr', type: MenuType.ROUTE, title: '阅卷', path: '/admin/exam/mark/paper/:id', name: 'MarkPaper', component: 'MarkPaper', hidden: true, noCache: true, activeMenu: '/admin/exam/mark', sort: 7 },
    { parent: 'Web', type: MenuType.MENU, title: '我的成绩', path: '/web/paper', name: 'MyPaper', component: 'MyPaper', sort: 2, grant: 'all' },
    { parent: 'Web', type: MenuType.ROUTE, title: '开始考试', path: '/web/exam/start/:id', name: 'ExamStart', component: 'ExamStart', hidden: true, noCache: true, activeMenu: '/web/index', sort: 4, grant: 'all' },
    { parent: 'Web', type: MenuType.ROUTE, title: '考试结果', path: '/web/exam/result/:id/:from', name: 'ExamResult', component: 'ExamResult', hidden: true, noCache: true, activeMenu: '/web/paper', sort: 5, grant: 'all' },
    { parent: 'Web', type: MenuType.ROUTE, title: '考试记录', path: '/web/paper/list/:examId/:userId', name: 'PaperList', component: 'PaperList', hidden: true, activeMenu: '/web/paper', sort: 6, grant: 'all' },
    { parent: 'Web', type: MenuType.ROUTE, title: '试题详情', path: '/web/qu/view/:id', name: 'QuView', component: 'QuView', hidden: true, noCache: true, activeMenu: '/web/paper', sort: 7, grant: 'all' },
    { parent: 'Web', type: MenuType.ROUTE, title: '设备调试', path: '/web/exam/debug', name: 'ExamDebug', component: 'ExamDebug', hidden: true, noCache: true, activeMenu: '/web/index', sort: 8, grant: 'all' },
  ],
});
