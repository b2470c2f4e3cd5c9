/** Views of this folder: none are menu pages (the lesson screens are a tab of the class drawer, adminSections.tsx). */
import type { ViewLoaders } from '../../../router/registry';
import type { ClassAdminTabDef } from '../train-class/adminSections';

export const views = {} satisfies ViewLoaders;

/** The 面授签到 tab of the class management drawer (pages/admin/train-class/adminSections.tsx). */
export const classAdminTabs: ClassAdminTabDef[] = [{ key: 'sessions', title: '面授签到', order: 10, perms: ['train:lesson:list'], load: () => import('./ClassSessionsAdmin') }];
