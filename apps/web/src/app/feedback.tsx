import { App, message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

/**
 * The HTTP client runs outside React, yet its toasts must use the themed, localised context of antd's <App>.
 * <FeedbackBridge/> (rendered inside <App>) hands that instance over; the static API is the fallback.
 */
let current: MessageInstance | null = null;

export function toast(): MessageInstance {
  return current ?? staticMessage;
}

export function FeedbackBridge() {
  current = App.useApp().message;
  return null;
}
