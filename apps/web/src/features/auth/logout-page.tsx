import { useQueryClient } from '@tanstack/react-query';
import { Flex, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { clearSession, readSession } from '../../app/session';
import { logout } from './auth-api';

/** /logout: ends the server session, forgets the local one and returns to the login page. */
export function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // StrictMode runs effects twice in development; one logout call is enough.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const call = readSession() ? logout().catch(() => undefined) : Promise.resolve();
    call.finally(() => {
      clearSession();
      queryClient.clear();
      navigate('/login', { replace: true });
    });
  }, [navigate, queryClient]);

  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }} data-testid="logout-page">
      <Spin size="large" description="正在退出…" />
    </Flex>
  );
}
