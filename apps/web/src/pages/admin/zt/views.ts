/** Views of this folder for the router registry (router/registry.ts): component name → lazy import of a module whose default export is the view. */
import type { ViewLoaders } from '../../../router/registry';
import type { ClassAdminTabDef } from '../train-class/adminSections';

export const views = {
  ListZt: () => import('./ListZt'),
} satisfies ViewLoaders;

/** The 专题 tab of the class management drawer (pages/admin/train-class/adminSections.tsx). */
export const classAdminTabs: ClassAdminTabDef[] = [{ key: 'zt', title: '专题', order: 80, perms: ['zt:list'], load: () => import('./ClassZtAdmin') }];
