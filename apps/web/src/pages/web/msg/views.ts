/** The learner's messages: the 我的消息 tab of /web/uc (`?to=msg`, SPEC §2 "Message centre"; router/extensions.ts `ucTabs`). */
import type { ViewLoaders } from '../../../router/registry';
import type { UcTabDef } from '../../../router/extensions';

export const views = {} satisfies ViewLoaders;

export const ucTabs: UcTabDef[] = [{ key: 'msg', label: '我的消息', order: 10, load: () => import('./MsgCenter') }];
