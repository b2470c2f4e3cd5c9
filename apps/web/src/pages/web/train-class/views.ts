/** Views of the learner's training-class pages (issue 13) for the router registry: component name → lazy import. */
import type { ViewLoaders } from '../../../router/registry';

export const views = {
  WebClassApply: () => import('./WebClassApply'),
  WebClassApplyInfo: () => import('./WebClassApplyInfo'),
  WebClassApplyPublic: () => import('./WebClassApplyPublic'),
} satisfies ViewLoaders;
