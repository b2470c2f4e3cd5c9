/**
 * Views of the learner's face-to-face pages (issue 13): /web/faceTeach (集中培训) for the router
 * registry, and the phone page /m/info/bjInfo (class info and QR sign-in).
 */
import type { MobilePageDef } from '../../../router/extensions';
import type { ViewLoaders } from '../../../router/registry';
import type { ClassTabDef } from '../train-class/sections';

export const views = {
  WebFaceTeach: () => import('./WebFaceTeach'),
} satisfies ViewLoaders;

export const mobilePages: MobilePageDef[] = [{ path: '/m/info/bjInfo', title: '培训班', load: () => import('./MobileClassInfo') }];

/** The 面授培训 tab of the learner's class page (pages/web/train-class/sections.tsx). */
export const classTabs: ClassTabDef[] = [{ key: 'sessions', title: '面授培训', order: 10, load: () => import('./ClassSessionsSection') }];
