/** Views of this folder for the router registry; its tab on the learner's class page (培训班 → 专题学习). */
import type { ViewLoaders } from '../../../router/registry';
import type { ClassTabDef } from '../train-class/sections';

export const views = {} satisfies ViewLoaders;

/** The 专题学习 tab of the learner's class page (pages/web/train-class/sections.tsx). */
export const classTabs: ClassTabDef[] = [{ key: 'zt', title: '专题学习', order: 80, load: () => import('./ClassZtSection') }];
