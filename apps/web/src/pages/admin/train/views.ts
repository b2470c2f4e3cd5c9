/** Views of the training administration (module train) for the router registry. */
import type { ViewLoaders } from '../../../router/registry';

export const views = {
  RepoTrainStat: () => import('./RepoTrainStat'),
} satisfies ViewLoaders;
