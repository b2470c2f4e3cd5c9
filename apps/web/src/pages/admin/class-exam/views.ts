/** Views of this folder for the router registry; its tab in the class management drawer (培训班 → 管理 → 培训考试). */
import type { ViewLoaders } from '../../../router/registry';
import type { ClassAdminTabDef } from '../train-class/adminSections';

export const views = {} satisfies ViewLoaders;

/** The 培训考试 tab of the class management drawer (pages/admin/train-class/adminSections.tsx). */
export const classAdminTabs: ClassAdminTabDef[] = [{ key: 'exam', title: '培训考试', order: 20, perms: ['train:class:exam'], load: () => import('./ClassExamsAdmin') }];
