/** Views of 统计分析 → 学习统计 (issue 14) for the router registry: component name → lazy import. */
import type { ViewLoaders } from '../../../router/registry';

export const views = {
  StudyStat: () => import('./StudyStat'),
} satisfies ViewLoaders;
