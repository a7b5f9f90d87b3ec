import { passwordSchema } from '@peis/shared';
import { Form, Input } from 'antd';

/** The shared zod rule (PASSWORD_RULE_MESSAGE) as an antd validator, so client and server say the same thing. */
export async function validatePassword(_: unknown, value: string | undefined): Promise<void> {
  if (!value) return;
  const result = passwordSchema.safeParse(value);
  if (!result.success) throw new Error(result.error.issues[0]?.message);
}

/** 新密码 + 确认新密码 (typed twice, must match) for a form whose new-password field is `name`. */
export function NewPasswordFields({ name, testId }: { name: string; testId: { password: string; confirm: string } }) {
  return (
    <>
      <Form.Item
        label="新密码"
        name={name}
        rules={[{ required: true, message: '请输入新密码' }, { validator: validatePassword }]}
      >
        <Input.Password autoComplete="new-password" data-testid={testId.password} />
      </Form.Item>
      <Form.Item
        label="确认新密码"
        name={`${name}Confirm`}
        dependencies={[name]}
        rules={[
          { required: true, message: '请再次输入新密码' },
          ({ getFieldValue }) => ({
            validator: async (_, value?: string) => {
              if (value && value !== getFieldValue(name)) throw new Error('两次输入的密码不一致');
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid={testId.confirm} />
      </Form.Item>
    </>
  );
}
