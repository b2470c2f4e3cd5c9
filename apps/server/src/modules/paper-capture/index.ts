/**
 * Module paperCapture: camera proctoring of exams (issue 12 "Camera proctoring"): the exam camera's
 * captures (/api/paper/capture/save) and their forced hand-in, the face check before an exam with
 * faceOn (/api/paper/face/check → the faceToken create-paper asks for), each paper's evidence
 * timeline (captures, leaves and fullscreen exits from `paper.left`, reminders from
 * `examWatch.reminded`) and the appeal of a forced hand-in. Frames are stored through sysFile.
 */
import { MenuType } from '@kaopei/contracts';
import { PaperCapturePerm, paperCaptureApi } from '@kaopei/contracts/paper-capture';
import { fn } from '../../platform/menus';
import { defineModule } from '../../platform/module';
import { PaperCaptureService } from './paper-capture.service';

declare module '../../platform/services' {
  interface Services {
    paperCapture: PaperCaptureService;
  }
}

export default defineModule({
  name: 'paperCapture',
  summary: '考试摄像头监考（抓拍、人脸核验、证据时间线、申诉）',
  deps: ['paper', 'exam', 'face', 'sysFile', 'sysUser', 'sysRole'],
  tables: ['el_paper_capture', 'el_paper_capture_state', 'el_paper_evidence', 'el_paper_appeal', 'el_face_token'],
  service: (ctx) => new PaperCaptureService(ctx),
  routes: (r, caps) => {
    r.json(paperCaptureApi.save, ({ body, user }) => caps.save(user.userId, body));
    r.json(paperCaptureApi.faceCheck, ({ body, user }) => caps.faceCheck(user.userId, body.examId, body.base64));
    r.json(paperCaptureApi.myState, ({ body, user }) => caps.myState(user.userId, body.id));
    r.json(paperCaptureApi.appeal, ({ body, user }) => caps.appeal(user.userId, body));
    r.json(paperCaptureApi.timeline, ({ body, user }) => caps.timeline(user, body.id));
    r.json(paperCaptureApi.appealPaging, ({ body, user }) => caps.appealPaging(user, body));
    r.json(paperCaptureApi.appealDecide, ({ body, user }) => caps.decide(user, body));
  },
  on: {
    'paper.left': (caps) => (e) => caps.onLeft(e),
    'examWatch.reminded': (caps) => (e) => caps.onReminded(e),
  },
  tasks: [{ name: 'paperCapture.sweepTokens', everyMs: () => 3600_000, run: (caps) => caps.sweepTokens() }],
  owned: [
    {
      kind: 'paper',
      create: async ({ services }, userId) => {
        // The learner's paper in progress when module paper's fixture drew one already; else a paper
        // drawn and handed in at once, so that paper's fixture can still draw one of the same exam.
        const open = await services.paper.checkProcess(userId);
        if (open) return open.id;
        const exam = (await services.exam.onlinePaging({ userId }, { current: 1, size: 100 })).records.find((e) => !e.needPassword && e.pointsCost === 0 && !e.faceOn);
        if (!exam) throw new Error('no open exam to draw a paper from');
        const { id } = await services.paper.createPaper(userId, exam.id);
        await services.paper.handIn(id);
        return id;
      },
      calls: [
        { endpoint: paperCaptureApi.myState, body: (id) => ({ id }) },
        { endpoint: paperCaptureApi.save, body: (id) => ({ paperId: id, camError: true }) },
        { endpoint: paperCaptureApi.appeal, body: (id) => ({ paperId: id, reason: '误判' }) },
      ],
    },
  ],
  // The exam id of an exam open to everybody.
  sharedIds: [paperCaptureApi.faceCheck],
  menus: [
    { parent: 'ListExam', ...fn('监考证据', PaperCapturePerm.EVIDENCE, 7) },
    {
      parent: 'ExamMgr', type: MenuType.MENU, title: '交卷申诉', path: '/admin/exam/appeal', name: 'ListAppeal', component: 'ListAppeal', icon: 'ExceptionOutlined', sort: 8,
      children: [fn('处理申诉', PaperCapturePerm.APPEAL, 0)],
    },
    { parent: 'ExamMgr', type: MenuType.ROUTE, title: '监考证据', path: '/admin/exam/evidence/:paperId', name: 'PaperEvidence', component: 'PaperEvidence', hidden: true, noCache: true, activeMenu: '/admin/exam/exam', sort: 9 },
  ],
});
