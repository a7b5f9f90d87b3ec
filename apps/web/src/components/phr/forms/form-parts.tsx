import type { Enum } from '@peis/shared';
import { enumOptions } from '@peis/shared';
import type { FormRule } from 'antd';
import { Checkbox, Col, Divider, Form, Radio, Row, Select } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import type { ReactNode } from 'react';

/** SPEC §5: every required field says 必填项, checked on change. */
export const REQUIRED_MESSAGE = '必填项';
export const required: FormRule[] = [{ required: true, message: REQUIRED_MESSAGE }];

/** Section title inside a tab (健康数据, 既往史, 其他, 生活信息, 居住环境). */
export function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <Divider titlePlacement="start" style={{ marginBlock: '8px 16px' }}>
      {children}
    </Divider>
  );
}

/** A responsive grid of form fields. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return <Row gutter={[16, 0]}>{children}</Row>;
}

/** One field of the grid; `wide` spans the whole row. */
export function Cell({ children, wide }: { children: ReactNode; wide?: boolean }) {
  return wide ? (
    <Col span={24}>{children}</Col>
  ) : (
    <Col xs={24} sm={12} lg={8}>
      {children}
    </Col>
  );
}

export function EnumSelect({
  options,
  multiple,
  ...rest
}: {
  options: Enum;
  multiple?: boolean;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  id?: string;
  placeholder?: string;
}) {
  return (
    <Select
      {...rest}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      placeholder={rest.placeholder ?? '请选择'}
      options={enumOptions(options)}
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: '100%' }}
    />
  );
}

export function EnumRadio({
  options,
  ...rest
}: {
  options: Enum;
  value?: unknown;
  onChange?: (e: unknown) => void;
  disabled?: boolean;
  id?: string;
}) {
  return <Radio.Group {...rest} options={enumOptions(options)} />;
}

export function EnumCheckbox({
  options,
  ...rest
}: {
  options: Enum;
  value?: number[];
  onChange?: (value: number[]) => void;
  disabled?: boolean;
  id?: string;
}) {
  return <Checkbox.Group {...rest} options={enumOptions(options)} />;
}

/** Renders its children only while the watched value passes the test (SPEC §4 conditional fields). */
export function When({
  name,
  test,
  children,
}: {
  name: NamePath;
  test: (value: unknown) => boolean;
  children: ReactNode;
}) {
  const form = Form.useFormInstance();
  const value = Form.useWatch(name, form);
  return test(value) ? children : null;
}

/** True when a list of codes (or a JSON-string list) holds the code. */
export const includesCode = (code: number) => (value: unknown) =>
  Array.isArray(value) && value.some((c) => Number(c) === code);
