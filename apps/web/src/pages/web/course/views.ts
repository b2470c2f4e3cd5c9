/**
 * Learner course pages (issue 11; SPEC §2 course routes): /web/course (CourseLearn, my courses) and
 * the 课程问答 tab of /web/uc (`?to=courseQa`, SPEC §2 "Course Q&A list"). The study pages
 * (CourseView …) are in ./view.
 */
import type { ViewLoaders } from '../../../router/registry';
import type { UcTabDef } from '../../../router/extensions';

export const views = {
  CourseLearn: () => import('./CourseLearn'),
} satisfies ViewLoaders;

export const ucTabs: UcTabDef[] = [{ key: 'courseQa', label: '课程问答', order: 27, load: () => import('./CourseQaCenter') }];
