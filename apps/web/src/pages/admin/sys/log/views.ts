/** Views of this folder for the router registry (router/registry.ts): 系统管理 → 操作日志. */
import type { ViewLoaders } from '../../../../router/registry';

export const views = {
  ListOperLog: () => import('./ListOperLog'),
} satisfies ViewLoaders;
