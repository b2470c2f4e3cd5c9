/** Views of this folder for the router registry; its tab in the class management drawer (培训班 → 管理 → 培训评估). */
import type { ViewLoaders } from '../../../router/registry';
import type { ClassAdminTabDef } from '../train-class/adminSections';
import { PjPerm } from '@kaopei/contracts/pj';

export const views = {} satisfies ViewLoaders;

/** The 培训评估 tab of the class management drawer (pages/admin/train-class/adminSections.tsx). */
export const classAdminTabs: ClassAdminTabDef[] = [{ key: 'eval', title: '培训评估', order: 30, perms: [PjPerm.LIST], load: () => import('./PjAdminSection') }];
