/**
 * Views of this folder for the router registry (router/registry.ts): component name → lazy import of
 * a module whose default export is the view; and its /web/uc tabs (router/extensions.ts `ucTabs`):
 * 账号绑定 (SPEC §2 "Login-binding list") and 我的积分 (module points, `?to=points`).
 */
import type { ViewLoaders } from '../../../router/registry';
import type { UcTabDef } from '../../../router/extensions';

export const views = {
  UserCenter: () => import('./UserCenter'),
} satisfies ViewLoaders;

export const ucTabs: UcTabDef[] = [
  { key: 'bind', label: '账号绑定', order: 20, load: () => import('../../../components/bind/BindList') },
  { key: 'points', label: '我的积分', order: 40, load: () => import('./MyPoints') },
];
