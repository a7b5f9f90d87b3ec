import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useSyncExternalStore } from 'react';

dayjs.locale('zh-cn');

const FONT =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif";

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the user asked the system for less motion (and follows it when they change it). */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const query = window.matchMedia(REDUCED_MOTION);
      query.addEventListener('change', notify);
      return () => query.removeEventListener('change', notify);
    },
    () => window.matchMedia(REDUCED_MOTION).matches,
  );
}

/**
 * Chinese locale and theme for the whole app; antd's <App> contexts and the server-state cache come with each
 * screen but the login page (screen-providers.tsx). antd's motion is off for users who ask their system for
 * reduced motion (the end-to-end tests run that way too, so a click never lands on a dialog or dropdown still
 * moving in).
 */
export function Providers({ children }: { children: ReactNode }) {
  const reducedMotion = usePrefersReducedMotion();
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { fontFamily: FONT, borderRadius: 6, motion: !reducedMotion } }}>
      {children}
    </ConfigProvider>
  );
}
