import type { FormRule as Rule } from 'antd';
import { Form, Input } from 'antd';

/**
 * A written note of a form (处理情况, 随访结果, 排除原因, 备注…): a counted text area with its length limit, and
 * when required, not blank — messages name the field as the server does.
 */
export function NoteField({
  name,
  label,
  max,
  rows = 3,
  required,
  requiredMessage,
  placeholder,
  testId,
}: {
  name: string;
  label: string;
  max: number;
  rows?: number;
  required?: boolean;
  /** The wording when blank, if not 请填写{label}. */
  requiredMessage?: string;
  placeholder?: string;
  testId?: string;
}) {
  const rules: Rule[] = [
    ...(required ? [{ required: true, whitespace: true, message: requiredMessage ?? `请填写${label}` }] : []),
    { max, message: `${label}不能超过${max}个字` },
  ];
  return (
    <Form.Item label={label} name={name} rules={rules}>
      <Input.TextArea rows={rows} maxLength={max} showCount placeholder={placeholder} data-testid={testId} />
    </Form.Item>
  );
}
