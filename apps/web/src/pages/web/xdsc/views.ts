/** Learner side of information collection (issue 13): the phone page /m/info/cj?id= (SPEC §2 mobile routes); no web views. */
import type { ViewLoaders } from '../../../router/registry';
import type { MobilePageDef } from '../../../router/extensions';
import type { ClassTabDef } from '../train-class/sections';

export const views = {} satisfies ViewLoaders;

export const mobilePages: MobilePageDef[] = [{ path: '/m/info/cj', title: '信息采集', load: () => import('./MobileXdsc') }];

/** The 信息采集 tab of the learner's class page (pages/web/train-class/sections.tsx). */
export const classTabs: ClassTabDef[] = [{ key: 'xdsc', title: '信息采集', order: 70, load: () => import('./ClassXdscSection') }];
