/**
 * The phone exam page of the /m site (issue 14 "Mobile site", SPEC §2 mobile routes): /m/info/exam
 * (query `id` = exam id). Declared here as a `mobilePages` entry (router/extensions.ts); the page and
 * antd-mobile load only when it opens, never with the web or admin chunks.
 */
import type { MobilePageDef } from '../../router/extensions';
import type { ViewLoaders } from '../../router/registry';

/** No view of the route tree here (the registry expects the export). */
export const views = {} satisfies ViewLoaders;

export const mobilePages: MobilePageDef[] = [{ path: '/m/info/exam', title: '在线考试', load: () => import('./MExam') }];
