/** /api/exam/exam/*: exams (admin) and online exams (learner) (SPEC §7 "Exams and papers"). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { examDetail, examPagingReq, examPagingRes, examSaveReq, idReq, idsReq, onlineExam, onlinePagingReq, onlinePagingRes, Perm, stateReq } from '@kaopei/contracts';
import { post, requirePerm } from '../../plugins/route';
import type { ExamService } from './exam.service';

export function examRoutes(app: FastifyInstance, exams: ExamService): void {
  post(app, { path: '/api/exam/exam/paging', summary: 'Page exams (admin)', body: examPagingReq, data: examPagingRes, access: Perm.EXAM_LIST, handler: ({ body }) => exams.paging(body) });
  post(app, { path: '/api/exam/exam/detail', summary: 'One exam with rules (admin)', body: idReq, data: examDetail, access: Perm.EXAM_LIST, handler: ({ body }) => exams.detail(body.id) });
  post(app, {
    path: '/api/exam/exam/save',
    summary: 'Create or update an exam',
    body: examSaveReq,
    data: z.object({ id: z.string() }),
    access: [Perm.EXAM_ADD, Perm.EXAM_UPDATE],
    handler: ({ body, user }) => {
      requirePerm(user, body.id ? Perm.EXAM_UPDATE : Perm.EXAM_ADD);
      return exams.save(body, user.userId);
    },
  });
  post(app, {
    path: '/api/exam/exam/delete',
    summary: 'Delete exams',
    body: idsReq,
    data: z.null(),
    access: Perm.EXAM_DELETE,
    handler: async ({ body }) => {
      await exams.delete(body.ids);
      return null;
    },
  });
  post(app, {
    path: '/api/exam/exam/state',
    summary: 'Enable (0) or disable (1) exams',
    body: stateReq.extend({ state: z.union([z.literal(0), z.literal(1)]) }),
    data: z.null(),
    access: Perm.EXAM_STATE,
    handler: async ({ body }) => {
      await exams.setState(body.ids, body.state);
      return null;
    },
  });
  post(app, { path: '/api/exam/exam/online-paging', summary: 'Exams open to me now', body: onlinePagingReq, data: onlinePagingRes, access: 'user', handler: ({ body, user }) => exams.onlinePaging(user.userId, body) });
  post(app, { path: '/api/exam/exam/check-info', summary: 'Exam check page', body: idReq, data: onlineExam, access: 'user', handler: ({ body, user }) => exams.checkInfo(user.userId, body.id) });
}
