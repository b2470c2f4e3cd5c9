/** Shared names of the learner's messages (header bell, message centre). */

/** TanStack Query key of the unread count (SPEC §4: reading or deleting messages refreshes it). */
export const UNREAD_KEY = 'msg-unread';
/** The message centre: the 我的消息 tab of the personal centre. */
export const MSG_CENTRE = '/web/uc?to=msg';
