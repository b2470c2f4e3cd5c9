/**
 * Views of this folder for the router registry (router/registry.ts): the course view (CourseView,
 * CourseViewWithFile); and its /web/uc tabs (router/extensions.ts `ucTabs`): 我学习的课件 (`?to=learn`)
 * and 课程问答 (`?to=qa`).
 */
import type { UcTabDef } from '../../../../router/extensions';
import type { ViewLoaders } from '../../../../router/registry';

export const views = {
  CourseView: () => import('./CourseView'),
  CourseViewWithFile: () => import('./CourseView'),
} satisfies ViewLoaders;

export const ucTabs: UcTabDef[] = [
  { key: 'learn', label: '我学习的课件', order: 50, load: () => import('./MyLearnFiles') },
  { key: 'qa', label: '课程问答', order: 55, load: () => import('./CourseQa') },
];
