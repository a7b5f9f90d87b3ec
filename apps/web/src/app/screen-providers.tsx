import { QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { releaseToast, setToast } from './feedback';
import { queryClient } from './query-client';

/** Hands the message instance of the enclosing <App> to the HTTP client's toasts (feedback.tsx). */
function FeedbackBridge() {
  const { message } = App.useApp();
  // Set while rendering, so a child's first effect can already toast; released only if still ours.
  setToast(message);
  useEffect(() => () => releaseToast(message), [message]);
  return null;
}

/**
 * What every screen but the login page runs in: antd's <App> (message, modal and notification contexts) and
 * the server-state cache. They come with the first screen (router.tsx), not in the entry chunk: <App> brings
 * Modal and Notification along, TanStack Query its whole cache, and the login page needs neither.
 */
export function ScreenProviders({ children }: { children: ReactNode }) {
  return (
    <App>
      <FeedbackBridge />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </App>
  );
}
