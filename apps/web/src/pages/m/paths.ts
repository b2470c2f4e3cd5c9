/** Links between the /m pages (issue 14; SPEC §2 mobile routes). Ids are URL-encoded. */

/** Kinds of item /m/info/xqInfo shows: a system notice, a training news article, or one of my messages. */
export const DETAIL_TYPES = ['notice', 'news', 'msg'] as const;
export type DetailType = (typeof DETAIL_TYPES)[number];

/** /m/info/xqInfo?type=&id= — the detail of a notice, news article or message. */
export function detailPath(type: DetailType, id: string): string {
  return `/m/info/xqInfo?type=${type}&id=${encodeURIComponent(id)}`;
}

/** /m/info/kcInfo?id= (and &fileId= for one file) — a course's info and study. */
export function coursePath(courseId: string, fileId?: string): string {
  return `/m/info/kcInfo?id=${encodeURIComponent(courseId)}${fileId ? `&fileId=${encodeURIComponent(fileId)}` : ''}`;
}

/** /m/info/bjInfo?classId= — a class (pages/web/class-session MobileClassInfo). */
export function classPath(classId: string): string {
  return `/m/info/bjInfo?classId=${encodeURIComponent(classId)}`;
}

/** /m/info/exam?id= — sitting an exam at phone size (another folder's page). */
export function examPath(examId: string): string {
  return `/m/info/exam?id=${encodeURIComponent(examId)}`;
}

/** The detail type named by a query value, or null for anything else. */
export function detailTypeOf(value: string | null): DetailType | null {
  return (DETAIL_TYPES as readonly string[]).includes(value ?? '') ? (value as DetailType) : null;
}
