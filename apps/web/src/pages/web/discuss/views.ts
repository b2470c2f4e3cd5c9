/** Views of this folder for the router registry; its tab on the learner's class page (培训班 → 讨论区). */
import type { ViewLoaders } from '../../../router/registry';
import type { ClassTabDef } from '../train-class/sections';

export const views = {} satisfies ViewLoaders;

/** The 讨论区 tab of the learner's class page (pages/web/train-class/sections.tsx). */
export const classTabs: ClassTabDef[] = [{ key: 'discuss', title: '讨论区', order: 60, load: () => import('./ClassDiscussSection') }];
