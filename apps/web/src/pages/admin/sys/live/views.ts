/** Views of this folder for the router registry (router/registry.ts): 系统管理 → 直播配置. */
import type { ViewLoaders } from '../../../../router/registry';

export const views = {
  SysLive: () => import('./SysLive'),
} satisfies ViewLoaders;
