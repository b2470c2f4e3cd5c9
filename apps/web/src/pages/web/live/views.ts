/** Views of this folder for the router registry (router/registry.ts): 直播课堂 (/web/liveClass) and its player page. */
import type { ViewLoaders } from '../../../router/registry';

export const views = {
  WebLiveClass: () => import('./WebLiveClass'),
  WebLivePlay: () => import('./WebLivePlay'),
} satisfies ViewLoaders;
