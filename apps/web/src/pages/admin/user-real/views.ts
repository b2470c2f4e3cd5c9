/** Views of this folder for the router registry (router/registry.ts): the 实名认证 audit page (module user-real's menu under 系统管理). */
import type { ViewLoaders } from '../../../router/registry';

export const views = {
  ListUserReal: () => import('./ListUserReal'),
} satisfies ViewLoaders;
