import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, Modal, Typography } from 'antd';
import { freshOnOpen } from '../../components/fresh-on-open';
import { leftoverMessage, type ResourceRecord } from '../../resource-ui/resource-api';
import { applyFieldErrors, resetUserPassword, validatePassword } from './admin-api';

interface ResetForm {
  password: string;
  confirm: string;
}

export interface ResetPasswordDialogProps {
  user: ResourceRecord | null;
  open: boolean;
  onClose: () => void;
}

/** 重置密码: a new password (the shared rule) typed twice → POST /user/{id}/password. */
export const ResetPasswordDialog = freshOnOpen(function ResetPasswordDialog({
  user,
  open,
  onClose,
}: ResetPasswordDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ResetForm>();
  const reset = useMutation({
    mutationFn: ({ password }: ResetForm) => resetUserPassword(user?.id ?? '', password),
    onSuccess: (answer) => {
      message.success(answer?.msg || '密码已重置');
      onClose();
    },
    onError: (e) => {
      if (applyFieldErrors(form, e, ['password'])) return;
      const text = leftoverMessage(e);
      if (text) message.error(text);
    },
  });
  return (
    <Modal
      title={`重置密码：${String(user?.name ?? user?.username ?? '')}`}
      open={open}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      okText="确 定"
      cancelText="取 消"
      confirmLoading={reset.isPending}
      onOk={() => form.submit()}
      okButtonProps={{ 'data-testid': 'reset-password-ok' }}
    >
      <Typography.Paragraph type="secondary">
        重置后该账号的所有登录会话将失效，锁定状态同时解除，用户需使用新密码重新登录。
      </Typography.Paragraph>
      <Form<ResetForm>
        form={form}
        layout="vertical"
        onFinish={(values) => reset.mutate(values)}
        disabled={reset.isPending}
        data-testid="reset-password-form"
      >
        <Form.Item
          label="新密码"
          name="password"
          rules={[{ required: true, message: '请输入新密码' }, { validator: validatePassword }]}
        >
          <Input.Password autoComplete="new-password" data-testid="reset-password-new" />
        </Form.Item>
        <Form.Item
          label="确认新密码"
          name="confirm"
          dependencies={['password']}
          rules={[
            { required: true, message: '请再次输入新密码' },
            ({ getFieldValue }) => ({
              validator: async (_, value?: string) => {
                if (value && value !== getFieldValue('password')) throw new Error('两次输入的密码不一致');
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="reset-password-confirm" />
        </Form.Item>
      </Form>
    </Modal>
  );
});
