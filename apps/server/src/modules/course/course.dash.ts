/**
 * Dashboard list of courses in progress (module stat, SPEC §3 "Dashboard course row"): read-only
 * SQL on el_course for `CourseService.dashEnabled`.
 */
import type { Executor } from '../../db';
import { likeContains } from '../../lib/paging';

/** `{id, title}` of the enabled (state 0), live courses among `ids` whose title contains `title`, newest first. */
export async function dashEnabled(db: Executor, ids: string[], title: string): Promise<{ id: string; title: string }[]> {
  const rows: { id: string; title: string; createTime: number }[] = [];
  for (let i = 0; i < ids.length; i += 2000) {
    let q = db.selectFrom('el_course').select(['id', 'title', 'createTime']).where('id', 'in', ids.slice(i, i + 2000)).where('deleted', '=', 0).where('state', '=', 0);
    if (title) q = q.where(likeContains('title', title));
    rows.push(...(await q.execute()));
  }
  rows.sort((a, b) => Number(b.createTime) - Number(a.createTime) || (a.id < b.id ? 1 : -1));
  return rows.map(({ id, title: t }) => ({ id, title: t }));
}
