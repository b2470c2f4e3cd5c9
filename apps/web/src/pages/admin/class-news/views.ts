/** Views of this folder for the router registry (router/registry.ts): component name → lazy import of a module whose default export is the view. */
import type { ViewLoaders } from '../../../router/registry';
import type { ClassAdminTabDef } from '../train-class/adminSections';

export const views = {
  ListClassNews: () => import('./ListClassNews'),
} satisfies ViewLoaders;

/** The 培训资讯 tab of the class management drawer (pages/admin/train-class/adminSections.tsx). */
export const classAdminTabs: ClassAdminTabDef[] = [{ key: 'news', title: '培训资讯', order: 70, perms: ['class:news:list'], load: () => import('./ClassNewsAdmin') }];
