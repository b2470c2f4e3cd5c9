/** Views of this folder for the router registry (router/registry.ts): component name → lazy import of a module whose default export is the view. */
import type { ViewLoaders } from '../../../router/registry';

export const views = {
  ExamStat: () => import('./ExamStat'),
} satisfies ViewLoaders;
