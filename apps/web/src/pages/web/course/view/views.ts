/**
 * Learner course study pages (issue 11 "Learner"; SPEC §2 course routes): CourseView and
 * CourseViewWithFile (one page: without a fileId it opens the first unfinished file), and the
 * 我的课件学习 tab of /web/uc (`?to=courseFiles`).
 */
import type { ViewLoaders } from '../../../../router/registry';
import type { UcTabDef } from '../../../../router/extensions';

export const views = {
  CourseView: () => import('./CourseStudy'),
  CourseViewWithFile: () => import('./CourseStudy'),
} satisfies ViewLoaders;

export const ucTabs: UcTabDef[] = [{ key: 'courseFiles', label: '我的课件学习', order: 25, load: () => import('./MyCourseFiles') }];
