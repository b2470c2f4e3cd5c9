/** Paths of the learner notice pages (SPEC §2 /web/notice, /web/notice/detail/{id}). */

/** The learner notice list. */
export const NOTICE_LIST_PATH = '/web/notice';

/** The detail page of notice `id` (the id is URL-encoded). */
export function noticeDetailPath(id: string): string {
  return `/web/notice/detail/${encodeURIComponent(id)}`;
}
