/**
 * Views of bank training (issue 10, SPEC §2 /web/repo/*) for the router registry: the learner pages
 * and the admin's preview routes MyRepoView / MyRepoTraining (same components; they build their links
 * under /admin when opened there, see train-paths.ts).
 */
import type { ViewLoaders } from '../../../router/registry';

export const views = {
  MyRepo: () => import('./MyRepo'),
  MyRepoView: () => import('./MyRepoView'),
  MyRepoTraining: () => import('./MyRepoTraining'),
  MyRepoResult: () => import('./MyRepoResult'),
} satisfies ViewLoaders;
