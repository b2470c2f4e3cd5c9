/** Views of this folder for the router registry (router/registry.ts): 培训管理 → 信息采集. */
import type { ViewLoaders } from '../../../router/registry';

export const views = {
  ListXdsc: () => import('./ListXdsc'),
} satisfies ViewLoaders;
