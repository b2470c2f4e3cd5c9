/** Views of this folder for the router registry; its tab on the learner's class page (培训班 → 培训任务). */
import type { ViewLoaders } from '../../../router/registry';
import type { ClassTabDef } from '../train-class/sections';

export const views = {} satisfies ViewLoaders;

/** The 培训任务 tab of the learner's class page (pages/web/train-class/sections.tsx). */
export const classTabs: ClassTabDef[] = [{ key: 'task', title: '培训任务', order: 50, load: () => import('./ClassTasksSection') }];
