/** Views of this folder for the router registry (router/registry.ts): 系统管理 → 存储配置. */
import type { ViewLoaders } from '../../../../router/registry';

export const views = {
  SysStorage: () => import('./SysStorage'),
} satisfies ViewLoaders;
