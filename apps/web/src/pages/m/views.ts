/**
 * The phone site's own pages (issue 14 "Mobile site"; SPEC §2 mobile routes), rendered by the router
 * inside layouts/MobileLayout like every `mobilePages` entry: /m/home, /m/class and /m/mine (the
 * tab bar's three), /m/info/kcInfo (course info and study) and /m/info/xqInfo (notice, news or
 * message detail), one lazy chunk (./pages). No web views.
 */
import type { MobilePageDef } from '../../router/extensions';
import type { ViewLoaders } from '../../router/registry';

export const views = {} satisfies ViewLoaders;

/** A page of ./pages (the folder's pages share one chunk). */
const page = (name: keyof typeof import('./pages')) => () => import('./pages').then((m) => ({ default: m[name] }));

export const mobilePages: MobilePageDef[] = [
  { path: '/m/home', title: '首页', load: page('MobileHome') },
  { path: '/m/class', title: '我的班级', load: page('MobileClass') },
  { path: '/m/mine', title: '我的', load: page('MobileMine') },
  { path: '/m/info/kcInfo', title: '课程学习', load: page('MobileCourse') },
  { path: '/m/info/xqInfo', title: '详情', load: page('MobileDetail') },
];
