/** Views of this folder for the router registry; its tab in the class management drawer (培训班 → 管理 → 培训任务). */
import type { ViewLoaders } from '../../../router/registry';
import type { ClassAdminTabDef } from '../train-class/adminSections';
import { ClassTaskPerm } from '@kaopei/contracts/class-task';

export const views = {} satisfies ViewLoaders;

/** The 培训任务 tab of the class management drawer (pages/admin/train-class/adminSections.tsx). */
export const classAdminTabs: ClassAdminTabDef[] = [{ key: 'task', title: '培训任务', order: 40, perms: [ClassTaskPerm.LIST], load: () => import('./ClassTasksAdmin') }];
