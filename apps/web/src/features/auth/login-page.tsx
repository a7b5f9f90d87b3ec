import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { homePath, type LoginBody } from '@peis/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, Typography, theme } from 'antd';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { BrandMark } from '../../app/brand-mark';
import { ApiError } from '../../app/http';
import { readSession } from '../../app/session';
import { login, ME_QUERY_KEY } from './auth-api';

export function LoginPage() {
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Decided once: the session written by a successful login below must not race our own navigation.
  const [signedIn] = useState(() => readSession());
  const [error, setError] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: login,
    onMutate: () => setError(null),
    onSuccess: ({ login: answer, me }) => {
      queryClient.setQueryData(ME_QUERY_KEY, me);
      navigate(homePath(answer.userType), { replace: true });
    },
    // The catalogue already toasted statuses it owns; the form shows the server's own words.
    onError: (e) => setError(e instanceof ApiError && e.msg ? e.msg : null),
  });

  if (signedIn) return <Navigate to={homePath(signedIn.userType)} replace />;

  return (
    <Flex
      align="center"
      justify="center"
      style={{
        minHeight: '100vh',
        padding: 16,
        background: `linear-gradient(135deg, ${token.colorPrimaryBg} 0%, ${token.colorBgLayout} 55%, #e6fffb 100%)`,
      }}
    >
      <Card
        style={{ width: 400, maxWidth: '100%', boxShadow: token.boxShadowSecondary }}
        styles={{ body: { padding: 32 } }}
      >
        <Flex vertical align="center" gap={8} style={{ marginBottom: 28 }}>
          <BrandMark size={48} />
          <Typography.Title level={3} style={{ margin: 0 }}>
            健康管理服务平台
          </Typography.Title>
          <Typography.Text type="secondary">企业员工健康管理 · 账号登录</Typography.Text>
        </Flex>
        {error && <Alert type="error" showIcon title={error} data-testid="login-error" style={{ marginBottom: 16 }} />}
        <Form<LoginBody>
          data-testid="login-form"
          size="large"
          layout="vertical"
          requiredMark={false}
          autoComplete="on"
          onFinish={(values) => mutation.mutate({ username: values.username.trim(), password: values.password })}
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
            <Button type="primary" htmlType="submit" block loading={mutation.isPending} data-testid="login-submit">
              登录
            </Button>
          </Form.Item>
        </Form>
      </Card>
    </Flex>
  );
}
