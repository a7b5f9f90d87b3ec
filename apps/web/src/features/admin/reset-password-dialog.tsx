import { Form } from 'antd';
import { freshOnOpen } from '../../components/fresh-on-open';
import { FormDialog, type PanelProps, useDialogSave } from '../../components/list';
import { NewPasswordFields } from '../../components/password-fields';
import type { ResourceRecord } from '../../resource-ui/resource-api';
import { resetUserPassword } from './admin-api';

interface ResetForm {
  password: string;
  passwordConfirm: string;
}

export interface ResetPasswordDialogProps extends PanelProps {
  user: ResourceRecord | null;
}

/** 重置密码: a new password (the shared rule) typed twice → POST /user/{id}/password. */
export const ResetPasswordDialog = freshOnOpen(function ResetPasswordDialog({
  user,
  open,
  onClose,
}: ResetPasswordDialogProps) {
  const [form] = Form.useForm<ResetForm>();
  const reset = useDialogSave({
    save: ({ password }: ResetForm) => resetUserPassword(user?.id ?? '', password),
    form,
    done: '密码已重置',
    onDone: onClose,
  });
  return (
    <FormDialog<ResetForm>
      title={`重置密码：${String(user?.name ?? user?.username ?? '')}`}
      open={open}
      onClose={onClose}
      form={form}
      saving={reset}
      okTestId="reset-password-ok"
      formTestId="reset-password-form"
      intro="重置后该账号的所有登录会话将失效，锁定状态同时解除，用户需使用新密码重新登录。"
    >
      <NewPasswordFields
        name="password"
        testId={{ password: 'reset-password-new', confirm: 'reset-password-confirm' }}
      />
    </FormDialog>
  );
});
