import { message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

/**
 * The HTTP client runs outside React, yet its toasts must use the themed, localised context of antd's <App>.
 * <FeedbackBridge/> (screen-providers.tsx, rendered inside <App>) hands that instance over; the static API is the
 * fallback, and what the login page uses (it is drawn without <App> to stay light).
 */
let current: MessageInstance | null = null;

export function toast(): MessageInstance {
  return current ?? staticMessage;
}

/** Called by FeedbackBridge: `instance` serves toasts from now on. */
export function setToast(instance: MessageInstance): void {
  current = instance;
}

/** Called when a FeedbackBridge goes: its instance no longer shows anything, unless another took over already. */
export function releaseToast(instance: MessageInstance): void {
  if (current === instance) current = null;
}
