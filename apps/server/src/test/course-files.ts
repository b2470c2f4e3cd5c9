/**
 * Test-only: course files of the library (el_course_file, module courseFile) written straight to
 * the table, for the course tests (issue 11: the file library's save lands on another branch).
 * Answers the new file's id.
 */
import { newId } from '../lib/ids';
import type { TestApp } from './app';

/** A file of type 11 link, 22 document or 33 video; `duration` seconds, `pageCount` pages. */
export async function insertCourseFile(t: TestApp, over: { title?: string; fileType?: number; duration?: number; pageCount?: number } = {}): Promise<string> {
  const id = newId();
  const at = Date.now();
  await t.db
    .insertInto('el_course_file')
    .values({
      id, title: over.title ?? `课件${id.slice(-6)}`, fileType: over.fileType ?? 33, viewUrl: over.fileType === 11 ? 'https://example.com/' : '', fileUrl: over.fileType === 11 ? '' : `/upload/${id}.mp4`,
      hlsUrl: '', fileSize: 1000, duration: over.duration ?? 0, pageCount: over.pageCount ?? 0, catId: '', videoId: '', dbsczt: 2, failMsg: '', deptCode: 'A01', createBy: '', createTime: at, updateTime: at,
    })
    .execute();
  return id;
}
