/**
 * Exam calls (SPEC §7 Exams): admin paging/detail/save/delete/state and the learner's online list
 * and check page. Save with a rule asking more questions than the bank holds answers 20010008 whose
 * msg names the rule (shown by the request helper).
 */
import type { ExamDetail, ExamRecord, ExamSaveReq, IdsReq, OnlineExam, Page, StateReq } from '@kaopei/contracts';
import { request } from './request';

export const examApi = {
  paging: (current: number, size: number, params: { title?: string } = {}) =>
    request<Page<ExamRecord>>('/api/exam/exam/paging', { current, size, params }),
  detail: (id: string) => request<ExamDetail>('/api/exam/exam/detail', { id }),
  save: (body: ExamSaveReq) => request<{ id: string } | null>('/api/exam/exam/save', body),
  delete: (body: IdsReq) => request<unknown>('/api/exam/exam/delete', body),
  /** state 0 normal, 1 disabled. */
  state: (body: StateReq) => request<unknown>('/api/exam/exam/state', body),
  onlinePaging: (current: number, size: number, params: { title?: string } = {}) =>
    request<Page<OnlineExam>>('/api/exam/exam/online-paging', { current, size, params }),
  checkInfo: (id: string) => request<OnlineExam>('/api/exam/exam/check-info', { id }),
};
