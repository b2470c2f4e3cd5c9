/** Views of this folder for the router registry (router/registry.ts): 培训管理 → 信息采集. */
import type { ViewLoaders } from '../../../router/registry';
import type { ClassAdminTabDef } from '../train-class/adminSections';
import { XdscPerm } from '@kaopei/contracts/xdsc';

export const views = {
  ListXdsc: () => import('./ListXdsc'),
} satisfies ViewLoaders;

/** The 信息采集 tab of the class management drawer (pages/admin/train-class/adminSections.tsx). */
export const classAdminTabs: ClassAdminTabDef[] = [{ key: 'xdsc', title: '信息采集', order: 60, perms: [XdscPerm.LIST], load: () => import('./ClassXdscAdmin') }];
