import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Form, Grid, Input, Layout, Typography } from 'antd';
import { Outlet, useNavigate } from 'react-router';
import { AppHeader } from '../../app/app-header';
import { ApiError } from '../../app/http';
import { NewPasswordFields } from '../../components/password-fields';
import { useHomeUrl } from '../../components/use-home-url';
import { changePassword, fetchMe, ME_QUERY_KEY } from './auth-api';

interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  newPasswordConfirm: string;
}

/**
 * /main/password: change one's own password, then sign in again with it. An account signed in with a
 * password an administrator set lands here first and cannot leave but by changing it (or signing out).
 */
export function PasswordPage() {
  const me = useQuery({ queryKey: ME_QUERY_KEY, queryFn: fetchMe, staleTime: Infinity });
  const forced = me.data?.mustChangePassword === true;
  const [form] = Form.useForm<PasswordForm>();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const home = useHomeUrl();
  const narrow = Grid.useBreakpoint().md === false;

  const mutation = useMutation({
    mutationFn: ({ oldPassword, newPassword }: PasswordForm) => changePassword({ oldPassword, newPassword }),
    onSuccess: () => {
      message.success('密码已修改，请重新登录');
      navigate('/logout', { replace: true });
    },
    onError: (e) => {
      if (!(e instanceof ApiError) || !e.msg) return; // the catalogue already said it
      const fields = new Set<string>(['oldPassword', 'newPassword']);
      const fieldErrors = e.errors.filter((f) => fields.has(f.path));
      if (fieldErrors.length) {
        form.setFields(fieldErrors.map((f) => ({ name: f.path as keyof PasswordForm, errors: [f.message] })));
      } else {
        message.error(e.msg);
      }
    },
  });

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader narrow={narrow} />
      <Layout.Content style={{ padding: narrow ? 12 : 24 }}>
        <Card title="修改密码" style={{ maxWidth: 520, margin: '0 auto' }} data-testid="password-page">
          {forced ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title="当前密码是管理员设置的初始密码，请先设置自己的密码再使用系统"
              data-testid="password-forced"
            />
          ) : null}
          <Typography.Paragraph type="secondary">修改成功后需要使用新密码重新登录。</Typography.Paragraph>
          <Form<PasswordForm>
            form={form}
            layout="vertical"
            requiredMark={false}
            onFinish={(values) => mutation.mutate(values)}
          >
            <Form.Item label="原密码" name="oldPassword" rules={[{ required: true, message: '请输入原密码' }]}>
              <Input.Password autoComplete="current-password" data-testid="password-old" />
            </Form.Item>
            <NewPasswordFields name="newPassword" testId={{ password: 'password-new', confirm: 'password-confirm' }} />
            <Flex gap={8} justify="flex-end">
              {forced ? (
                <Button onClick={() => navigate('/logout')}>退出登录</Button>
              ) : (
                <Button onClick={() => navigate(home)}>取消</Button>
              )}
              <Button type="primary" htmlType="submit" loading={mutation.isPending} data-testid="password-submit">
                确定
              </Button>
            </Flex>
          </Form>
        </Card>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
