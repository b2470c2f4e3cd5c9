/** Real-name verification: the 实名认证 tab of /web/uc (`?to=real`; router/extensions.ts `ucTabs`), where the guard sends a learner not yet verified. */
import type { ViewLoaders } from '../../../router/registry';
import type { UcTabDef } from '../../../router/extensions';

export const views = {} satisfies ViewLoaders;

export const ucTabs: UcTabDef[] = [{ key: 'real', label: '实名认证', order: 15, load: () => import('./RealPerson') }];
