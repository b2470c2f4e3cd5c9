/**
 * Paths of the training pages, on the learner site (/web/repo/…, SPEC §2) or in the admin's preview
 * (/admin/exam/repo/…, routes MyRepoView / MyRepoTraining / MyRepoResult of module train).
 */
export interface TrainTarget {
  mode: number;
  quType?: number;
  chapterId?: string;
  clear?: boolean;
}

/** The page family of `pathname`: admin preview or learner site. */
export const isAdminPath = (pathname: string) => pathname.startsWith('/admin/');

export function repoViewPath(admin: boolean, repoId: string): string {
  return admin ? `/admin/exam/repo/view/${encodeURIComponent(repoId)}` : `/web/repo/view/${encodeURIComponent(repoId)}`;
}

/** The training page of a bank and mode; type (4) and chapter (6) and restart as query parameters. */
export function trainingPath(admin: boolean, repoId: string, t: TrainTarget): string {
  const base = admin ? `/admin/exam/repo/training/${encodeURIComponent(repoId)}/${t.mode}` : `/web/repo/training/${encodeURIComponent(repoId)}/${t.mode}`;
  const q = new URLSearchParams();
  if (t.quType) q.set('quType', String(t.quType));
  if (t.chapterId) q.set('chapterId', t.chapterId);
  if (t.clear) q.set('clear', '1');
  const s = q.toString();
  return s ? `${base}?${s}` : base;
}

export function resultPath(admin: boolean, trainId: string): string {
  return admin ? `/admin/exam/repo/result/${encodeURIComponent(trainId)}` : `/web/repo/repo/${encodeURIComponent(trainId)}`;
}
