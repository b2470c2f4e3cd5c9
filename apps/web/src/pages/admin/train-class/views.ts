/** Views of the training-class admin pages (issue 13) for the router registry: component name → lazy import. */
import type { ViewLoaders } from '../../../router/registry';
import type { ClassAdminTabDef } from './adminSections';
import { TrainClassPerm } from '@kaopei/contracts/train-class';

export const views = {
  ListTrainClass: () => import('./ListTrainClass'),
} satisfies ViewLoaders;

/** The 培训统计 tab of the class management drawer (pages/admin/train-class/adminSections.tsx). */
export const classAdminTabs: ClassAdminTabDef[] = [{ key: 'stat', title: '培训统计', order: 90, perms: [TrainClassPerm.STAT], load: () => import('./ClassStatSection') }];
