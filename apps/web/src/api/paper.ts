/**
 * Paper calls (SPEC §7 Exams and papers): create, answer card, question, answer, hand-in, result and
 * the learner's paper list. Codes the exam screens handle themselves: 20010002 (paper in progress,
 * data.id), 20010001 (question deleted), 20010005/20010006 (handed in / time up).
 */
import {
  ErrorCode,
  type FillAnswerReq,
  type Page,
  type PaperDetail,
  type PaperQuDetail,
  type PaperRecord,
  type PaperResult,
} from '@kaopei/contracts';
import { request } from './request';

export const paperApi = {
  createPaper: (examId: string) => request<{ id: string }>('/api/paper/paper/create-paper', { examId }, { quiet: [ErrorCode.EXAM_IN_PROGRESS] }),
  paperDetail: (id: string) => request<PaperDetail>('/api/paper/paper/paper-detail', { id }),
  quDetail: (paperId: string, quId: string) =>
    request<PaperQuDetail>('/api/paper/paper/qu-detail', { paperId, quId }, { quiet: [ErrorCode.QU_DELETED] }),
  fillAnswer: (body: FillAnswerReq) =>
    request<{ quId: string; answered: boolean }>('/api/paper/paper/fill-answer', body, {
      quiet: [ErrorCode.PAPER_HANDED, ErrorCode.PAPER_TIMEOUT],
    }),
  handExam: (id: string) => request<{ id: string; state: number }>('/api/paper/paper/hand-exam', { id }, { quiet: [ErrorCode.PAPER_HANDED] }),
  paperResult: (id: string) => request<PaperResult>('/api/paper/paper/paper-result', { id }),
  paging: (current: number, size: number, params: { examId?: string; state?: number } = {}) =>
    request<Page<PaperRecord>>('/api/paper/paper/paging', { current, size, params }),
};
