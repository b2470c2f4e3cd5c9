/**
 * Question calls (SPEC §7, /api/qu/qu/*): paging, detail, save, delete, and the spreadsheet import
 * (template download, multipart upload with field `file` and optional `repoId`).
 * Import answers `{imported, errors:[{row,msg}]}`; a refused file answers code 20010009 with the same
 * data, which the caller shows (quiet).
 */
import { IMPORT_TEMPLATE_FILE, type IdsReq, type ImportRes, type Page, type QuDetail, type QuRecord, type QuSaveReq } from '@kaopei/contracts';
import { download, request, upload } from './request';

export interface QuPagingParams {
  repoId?: string;
  quType?: number;
  level?: number;
  content?: string;
}

export const quApi = {
  paging: (current: number, size: number, params: QuPagingParams = {}) =>
    request<Page<QuRecord>>('/api/qu/qu/paging', { current, size, params }),
  detail: (id: string) => request<QuDetail>('/api/qu/qu/detail', { id }),
  save: (body: QuSaveReq) => request<{ id: string } | null>('/api/qu/qu/save', body),
  delete: (body: IdsReq) => request<unknown>('/api/qu/qu/delete', body),
  downloadTemplate: () => download('/api/qu/qu/import/template', IMPORT_TEMPLATE_FILE),
  /** All business codes are left to the caller (shown in the import dialog, SPEC §8). */
  importFile: (file: File, repoId?: string) => {
    const form = new FormData();
    form.append('file', file);
    if (repoId) form.append('repoId', repoId);
    return upload<ImportRes>('/api/qu/qu/import', form, { quiet: true });
  },
};
