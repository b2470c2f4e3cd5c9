/** Views of the training-class admin pages (issue 13) for the router registry: component name → lazy import. */
import type { ViewLoaders } from '../../../router/registry';

export const views = {
  ListTrainClass: () => import('./ListTrainClass'),
} satisfies ViewLoaders;
