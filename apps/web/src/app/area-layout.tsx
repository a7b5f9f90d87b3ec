import { findRoute } from '@peis/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { Navigate, useLocation } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { fetchMe, ME_QUERY_KEY } from '../features/auth/auth-api';
import { ConsoleLayout } from './console-layout';
import { FullScreenLayout } from './full-screen-layout';
import { PASSWORD_PATH } from './http';
import { useSession } from './use-session';

/**
 * The one layout of /company/* and /main/*: requires a session, refreshes /api/me once per load so role
 * changes reach menus and buttons, then renders the console (or the bare full-screen frame).
 */
export function AreaLayout() {
  const { pathname } = useLocation();
  const { session, menus } = useSession();
  const me = useQuery({ queryKey: ME_QUERY_KEY, queryFn: fetchMe, enabled: Boolean(session), staleTime: Infinity });

  if (!session) return <Navigate to="/login" replace />;
  // An initial password set by an administrator is changed before anything else (the server insists too).
  if (me.data?.mustChangePassword) return <Navigate to={PASSWORD_PATH} replace />;
  if (!menus) {
    if (me.isError) {
      return (
        <Result status="error" title="账户信息加载失败" extra={<Button onClick={() => me.refetch()}>重试</Button>} />
      );
    }
    return <PageLoading />;
  }
  const route = findRoute(pathname);
  return route?.fullScreen ? <FullScreenLayout route={route} /> : <ConsoleLayout />;
}
