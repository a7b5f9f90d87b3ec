import { describeExpression, INDICATORS } from '@peis/shared';
import { Collapse, Flex, Input, Typography } from 'antd';
import { type ChangeEvent, type ReactNode, useState } from 'react';

/** The indicator codes an expression may use, for the advanced panel. */
const CODE_HINT = `指标代码：${INDICATORS.map((i) => `${i.code} ${i.name}`).join('、')}`;
const INVALID = '条件未写完或有误';

/** The raw expression, folded under 表达式（高级）. */
// forceRender: a folded form input stays mounted, so the form still validates and submits it.
const rawPanel = (children: ReactNode) => [{ key: 'raw', label: '表达式（高级）', children, forceRender: true }];

/**
 * A rule condition for reading: 收缩压 ≥ 140 或 舒张压 ≥ 90 (describeExpression). A list cell shows the
 * reading only; a detail adds the raw expression folded under 表达式（高级）.
 */
export function ExpressionText({ value, variant }: { value: unknown; variant: 'list' | 'detail' }) {
  const raw = value == null ? '' : String(value);
  const text = describeExpression(raw) ?? INVALID;
  if (variant === 'list') {
    return (
      <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: '100%' }} data-testid="expression-text">
        {text}
      </Typography.Text>
    );
  }
  return (
    <Flex vertical gap={4}>
      <Typography.Text data-testid="expression-text">{text}</Typography.Text>
      <Collapse
        size="small"
        ghost
        items={rawPanel(<Typography.Text code>{raw}</Typography.Text>)}
        data-testid="expression-raw"
      />
    </Flex>
  );
}

export interface ExpressionInputProps {
  /** Filled in by Form.Item. */
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  placeholder?: string;
  maxLength?: number;
  disabled?: boolean;
  /** How to write the expression, shown in the advanced panel. */
  help?: string;
  /** Open the advanced panel from the start (a dialog for trying conditions out). */
  defaultOpen?: boolean;
  testId?: string;
}

/**
 * A rule condition for writing: its Chinese reading first, the expression under 表达式（高级）— open while
 * the condition is empty or does not read, folded once it does. Form.Item shows its errors below either way.
 */
export function ExpressionInput({ value, onChange, help, defaultOpen, testId, ...input }: ExpressionInputProps) {
  const text = describeExpression(value);
  const [open, setOpen] = useState<string[]>(() => (text && !defaultOpen ? [] : ['raw']));
  return (
    <Flex vertical gap={4}>
      <Typography.Text type={text ? undefined : 'secondary'} data-testid="expression-reading">
        {text ?? (value?.trim() ? INVALID : '尚未填写条件')}
      </Typography.Text>
      <Collapse
        size="small"
        activeKey={open}
        onChange={(keys) => setOpen(keys as string[])}
        items={rawPanel(
          <Flex vertical gap={4}>
            <Input
              {...input}
              value={value}
              onChange={(e: ChangeEvent<HTMLInputElement>) => onChange?.(e.target.value)}
              allowClear
              style={{ fontFamily: 'monospace' }}
              data-testid={testId}
            />
            {help ? <Typography.Text type="secondary">{help}</Typography.Text> : null}
            <Typography.Text type="secondary">{CODE_HINT}</Typography.Text>
          </Flex>,
        )}
        data-testid="expression-advanced"
      />
    </Flex>
  );
}
