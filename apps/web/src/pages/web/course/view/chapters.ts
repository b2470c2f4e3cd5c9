/** Chapter grouping of a course's files, shared by the web course view and the phone's /m/info/kcInfo. */
import type { CourseFileRow } from '@kaopei/contracts/course';

/** The files grouped by chapter, in course order. */
export function byChapter(files: readonly CourseFileRow[]): Array<{ chapter: string; files: CourseFileRow[] }> {
  const groups: Array<{ chapter: string; files: CourseFileRow[] }> = [];
  for (const f of [...files].sort((a, b) => a.sort - b.sort)) {
    const last = groups[groups.length - 1];
    if (last && last.chapter === f.chapter) last.files.push(f);
    else groups.push({ chapter: f.chapter, files: [f] });
  }
  return groups;
}
