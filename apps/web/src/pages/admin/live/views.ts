/** Views of this folder for the router registry (router/registry.ts): 课程管理 → 直播课堂. */
import type { ViewLoaders } from '../../../router/registry';

export const views = {
  ListLive: () => import('./ListLive'),
} satisfies ViewLoaders;
