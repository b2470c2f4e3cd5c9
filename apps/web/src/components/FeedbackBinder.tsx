/** Binds antd's `App.useApp()` feedback APIs to utils/feedback for non-component code. */
import { App } from 'antd';
import { useEffect } from 'react';
import { bindFeedback } from '../utils/feedback';

export function FeedbackBinder() {
  const { message, notification } = App.useApp();
  useEffect(() => {
    bindFeedback({ message, notification });
  }, [message, notification]);
  return null;
}
