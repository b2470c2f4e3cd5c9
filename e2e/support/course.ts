/**
 * Course screens shared by the course journeys (issue 11): the start of ListCourse's 添加课程 dialog.
 */
import type { Page } from 'playwright-core';

/**
 * On 课程管理 → 课程列表 (already open in `admin`): opens 添加课程, types `title` and picks the
 * course file `fileTitle` (id `fileId`) with the course-file picker as chapter `chapter`. The dialog
 * stays open for the caller's other fields and 保存.
 */
export async function startCourseWithFile(admin: Page, o: { title: string; fileTitle: string; fileId: string; chapter: string }): Promise<void> {
  await admin.getByTestId('course-add').click();
  await admin.getByTestId('course-title').fill(o.title);
  await admin.getByTestId('course-files-add').click();
  await admin.getByTestId('course-file-picker-search').fill(o.fileTitle);
  await admin.getByTestId('course-file-picker-search').press('Enter');
  await admin.getByTestId(`course-file-picker-row-${o.fileId}`).click();
  await admin.getByTestId('course-file-picker-ok').click();
  await admin.getByTestId('course-files-chapter-0').fill(o.chapter);
}
