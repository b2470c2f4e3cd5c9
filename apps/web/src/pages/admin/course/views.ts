/** Views of the course admin pages (issue 11) for the router registry: component name → lazy import. */
import type { ViewLoaders } from '../../../router/registry';

export const views = {
  ListCourse: () => import('./ListCourse'),
  CourseStat: () => import('./CourseStat'),
} satisfies ViewLoaders;
