/**
 * Holder of antd's context-aware feedback APIs (message, notification) for code that runs outside
 * React components: the request helper (SPEC §8) and the navigation guard (SPEC §2).
 * `<FeedbackBinder/>` (components/FeedbackBinder.tsx) fills it from `App.useApp()`; until then the
 * static antd functions are used.
 */
import { App, message as staticMessage, notification as staticNotification } from 'antd';

type AppApi = ReturnType<typeof App.useApp>;

/** Notification / message duration in seconds (SPEC §9: 1500–2000 ms). */
export const NOTICE_SECONDS = 2;
export const MESSAGE_SECONDS = 1.5;

export const feedback: Pick<AppApi, 'message' | 'notification'> = {
  message: staticMessage,
  notification: staticNotification,
};

export function bindFeedback(api: Pick<AppApi, 'message' | 'notification'>): void {
  feedback.message = api.message;
  feedback.notification = api.notification;
}

/** Error notification with the spec's duration (SPEC §8 request responses). */
export function notifyError(text: string): void {
  feedback.notification.error({ title: '提示', description: text, duration: NOTICE_SECONDS });
}
