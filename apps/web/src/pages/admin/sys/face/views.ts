/** Views of this folder for the router registry (router/registry.ts): 系统管理 → 人脸配置. */
import type { ViewLoaders } from '../../../../router/registry';

export const views = {
  SysFace: () => import('./SysFace'),
} satisfies ViewLoaders;
