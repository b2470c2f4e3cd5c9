/**
 * Learner course study pages (issue 11 "Learner"; SPEC §2 course routes) for the router registry
 * (router/registry.ts): CourseView and CourseViewWithFile (one page: without a fileId it opens the
 * first unfinished file); and its /web/uc tab (router/extensions.ts `ucTabs`) 我的课件学习
 * (`?to=courseFiles`, SPEC §2 "My course files learned").
 */
import type { UcTabDef } from '../../../../router/extensions';
import type { ViewLoaders } from '../../../../router/registry';

export const views = {
  CourseView: () => import('./CourseView'),
  CourseViewWithFile: () => import('./CourseView'),
} satisfies ViewLoaders;

export const ucTabs: UcTabDef[] = [
  { key: 'courseFiles', label: '我的课件学习', order: 25, load: () => import('./MyLearnFiles') },
];
