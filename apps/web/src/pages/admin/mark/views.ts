/** Views of the marking pages (module paper's menus ListMark and MarkPaper) for the router registry. */
import type { ViewLoaders } from '../../../router/registry';

export const views = {
  ListMark: () => import('./ListMark'),
  MarkPaper: () => import('./MarkPaper'),
} satisfies ViewLoaders;
