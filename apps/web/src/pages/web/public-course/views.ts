/** Public courses (SPEC §2 /web/publicCourse and /web/publicCourse/info; issue 11) for the router registry. */
import type { ViewLoaders } from '../../../router/registry';

export const views = {
  PublicCourse: () => import('./PublicCourse'),
  PublicCourseInfo: () => import('./PublicCourseInfo'),
} satisfies ViewLoaders;
