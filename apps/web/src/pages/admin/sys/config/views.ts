/** Views of this folder for the router registry (router/registry.ts): 系统管理 → 基础配置 and 功能开关. */
import type { ViewLoaders } from '../../../../router/registry';

export const views = {
  SysConfig: () => import('./SysConfig'),
  SysSwitch: () => import('./SysSwitch'),
} satisfies ViewLoaders;
