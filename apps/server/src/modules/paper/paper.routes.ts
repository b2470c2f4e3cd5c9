/** /api/paper/paper/*: sitting an exam (SPEC §7 "Exams and papers"). Every call is the caller's own paper. */
import type { FastifyInstance } from 'fastify';
import { createPaperReq, fillAnswerReq, fillAnswerRes, handExamRes, idReq, paperDetail, paperPagingReq, paperPagingRes, paperQuDetail, paperQuReq, paperResult } from '@kaopei/contracts';
import { z } from 'zod';
import { post } from '../../plugins/route';
import type { PaperService } from './paper.service';

export function paperRoutes(app: FastifyInstance, papers: PaperService): void {
  const p = '/api/paper/paper';
  post(app, { path: `${p}/create-paper`, summary: 'Draw a new paper for an exam', body: createPaperReq, data: z.object({ id: z.string() }), access: 'user', handler: ({ body, user }) => papers.createPaper(user.userId, body.examId) });
  post(app, { path: `${p}/paper-detail`, summary: 'Answer card and leftSeconds', body: idReq, data: paperDetail, access: 'user', handler: ({ body, user }) => papers.paperDetail(user.userId, body.id) });
  post(app, { path: `${p}/qu-detail`, summary: 'One question of the paper (no answers)', body: paperQuReq, data: paperQuDetail, access: 'user', handler: ({ body, user }) => papers.quDetail(user.userId, body.paperId, body.quId) });
  post(app, { path: `${p}/fill-answer`, summary: 'Save the answer to one question', body: fillAnswerReq, data: fillAnswerRes, access: 'user', handler: ({ body, user }) => papers.fillAnswer(user.userId, body) });
  post(app, { path: `${p}/hand-exam`, summary: 'Hand in (idempotent)', body: idReq, data: handExamRes, access: 'user', handler: ({ body, user }) => papers.handExam(user.userId, body.id) });
  post(app, { path: `${p}/paper-result`, summary: 'Result after hand-in', body: idReq, data: paperResult, access: 'user', handler: ({ body, user }) => papers.paperResult(user.userId, body.id) });
  post(app, { path: `${p}/paging`, summary: 'My papers', body: paperPagingReq, data: paperPagingRes, access: 'user', handler: ({ body, user }) => papers.paging(user.userId, body) });
}
