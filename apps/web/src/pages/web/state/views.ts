/**
 * Views of this folder for the router registry (router/registry.ts), and the visitor pages
 * (router/extensions.ts): /web/state and /web/state/details are open without login (SPEC §2) inside
 * the learner layout; signed-in users get them from the server menus (module classNews, grant 'all').
 */
import type { ViewLoaders } from '../../../router/registry';
import type { VisitorPageDef } from '../../../router/extensions';
import type { ClassTabDef } from '../train-class/sections';

export const views = {
  WebState: () => import('./WebState'),
  WebStateDetails: () => import('./WebStateDetails'),
} satisfies ViewLoaders;

export const visitorPages: VisitorPageDef[] = [
  { path: '/web/state', title: '工作动态', view: 'WebState', menu: true },
  { path: '/web/state/details', title: '资讯详情', view: 'WebStateDetails' },
];

/** The 培训资讯 tab of the learner's class page (pages/web/train-class/sections.tsx). */
export const classTabs: ClassTabDef[] = [{ key: 'news', title: '培训资讯', order: 90, public: true, load: () => import('./ClassNewsSection') }];
