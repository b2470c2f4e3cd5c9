/** The learner's certificates: the 我的证书 tab of /web/uc (`?to=cert`; router/extensions.ts `ucTabs`). */
import type { ViewLoaders } from '../../../router/registry';
import type { UcTabDef } from '../../../router/extensions';

export const views = {} satisfies ViewLoaders;

export const ucTabs: UcTabDef[] = [{ key: 'cert', label: '我的证书', order: 30, load: () => import('./MyCerts') }];
