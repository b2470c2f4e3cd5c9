/** Question bank calls (SPEC §7 Question banks): paging, detail, save, delete. */
import type { IdsReq, Page, RepoRecord, RepoSaveReq } from '@kaopei/contracts';
import { request } from './request';

export interface RepoPagingParams {
  title?: string;
}

export const repoApi = {
  paging: (current: number, size: number, params: RepoPagingParams = {}) =>
    request<Page<RepoRecord>>('/api/repo/paging', { current, size, params }),
  detail: (id: string) => request<RepoRecord>('/api/repo/detail', { id }),
  save: (body: RepoSaveReq) => request<{ id: string } | null>('/api/repo/save', body),
  delete: (body: IdsReq) => request<unknown>('/api/repo/delete', body),
};
