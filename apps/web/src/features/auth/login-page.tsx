import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { homePath, type LoginBody } from '@peis/shared';
import { Alert, Button, Flex, Form, Input, theme } from 'antd';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { BrandMark } from '../../app/brand-mark';
import { preloadConsole } from '../../app/console-chunks';
import { ApiError, PASSWORD_PATH } from '../../app/http';
import { readSession } from '../../app/session';
import { login, ME_QUERY_KEY } from './auth-api';

/** /login. Plain state instead of TanStack Query: the login page is drawn without it (app/screen-providers.tsx). */
export function LoginPage() {
  const { token } = theme.useToken();
  const navigate = useNavigate();
  // Decided once: the session written by a successful login below must not race our own navigation.
  const [signedIn] = useState(() => readSession());
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(body: LoginBody) {
    setError(null);
    setPending(true);
    // The console's chunks (its query cache among them) download while the login call runs.
    preloadConsole();
    const cache = import('../../app/query-client');
    try {
      const { login: answer, me } = await login(body);
      // The console reads /api/me from the cache: handing the answer over saves a second call.
      (await cache).queryClient.setQueryData(ME_QUERY_KEY, me);
      navigate(me.mustChangePassword ? PASSWORD_PATH : homePath(answer.userType), { replace: true });
    } catch (e) {
      // The catalogue already toasted statuses it owns; the form shows the server's own words.
      setError(e instanceof ApiError && e.msg ? e.msg : null);
      setPending(false);
    }
  }

  if (signedIn) return <Navigate to={homePath(signedIn.userType)} replace />;

  return (
    <Flex
      align="center"
      justify="center"
      style={{
        minHeight: '100vh',
        padding: 16,
        // What antd's <App> would give its text; the login page is drawn without it (app/screen-providers.tsx).
        fontFamily: token.fontFamily,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        color: token.colorText,
        background: `linear-gradient(135deg, ${token.colorPrimaryBg} 0%, ${token.colorBgLayout} 55%, #e6fffb 100%)`,
      }}
    >
      {/* A plain panel, not Card/Typography: those pull in Tabs, Menu, Tooltip… and the login page is the first
          download on a slow link (issue 9 item 14). */}
      <div
        style={{
          width: 400,
          maxWidth: '100%',
          padding: 32,
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowSecondary,
        }}
      >
        <Flex vertical align="center" gap={8} style={{ marginBottom: 28 }}>
          <BrandMark size={48} />
          <h1
            style={{
              margin: 0,
              fontSize: token.fontSizeHeading3,
              lineHeight: token.lineHeightHeading3,
              fontWeight: token.fontWeightStrong,
              color: token.colorTextHeading,
            }}
          >
            健康管理服务平台
          </h1>
          <span style={{ color: token.colorTextSecondary }}>企业员工健康管理 · 账号登录</span>
        </Flex>
        {error && <Alert type="error" showIcon title={error} data-testid="login-error" style={{ marginBottom: 16 }} />}
        <Form<LoginBody>
          data-testid="login-form"
          size="large"
          layout="vertical"
          requiredMark={false}
          autoComplete="on"
          onFinish={(values) => submit({ username: values.username.trim(), password: values.password })}
        >
          <Form.Item
            label="用户名"
            name="username"
            rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" data-testid="login-username" maxLength={64} />
          </Form.Item>
          <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password
              prefix={<LockOutlined />}
              autoComplete="current-password"
              data-testid="login-password"
              maxLength={128}
            />
          </Form.Item>
          <Form.Item style={{ marginBottom: 0 }}>
            <Button type="primary" htmlType="submit" block loading={pending} data-testid="login-submit">
              登录
            </Button>
          </Form.Item>
        </Form>
      </div>
    </Flex>
  );
}
