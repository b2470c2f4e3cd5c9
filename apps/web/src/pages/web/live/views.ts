/** Views of this folder for the router registry (router/registry.ts): 直播课堂 (/web/liveClass) and its player page. */
import type { ViewLoaders } from '../../../router/registry';
import type { ClassTabDef } from '../train-class/sections';

export const views = {
  WebLiveClass: () => import('./WebLiveClass'),
  WebLivePlay: () => import('./WebLivePlay'),
} satisfies ViewLoaders;

/** The 直播课堂 tab of the learner's class page (pages/web/train-class/sections.tsx). */
export const classTabs: ClassTabDef[] = [{ key: 'live', title: '直播课堂', order: 20, load: () => import('./ClassLiveSection') }];
