/** Views of this folder for the router registry; its tab in the class management drawer (培训班 → 管理 → 讨论区). */
import type { ViewLoaders } from '../../../router/registry';
import type { ClassAdminTabDef } from '../train-class/adminSections';
import { DiscussPerm } from '@kaopei/contracts/discuss';

export const views = {} satisfies ViewLoaders;

/** The 讨论区 tab of the class management drawer (pages/admin/train-class/adminSections.tsx). */
export const classAdminTabs: ClassAdminTabDef[] = [{ key: 'discuss', title: '讨论区', order: 50, perms: [DiscussPerm.MANAGE], load: () => import('./ClassDiscussAdmin') }];
