import { FilterOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Col, Form, type FormInstance, Grid, Row, Space } from 'antd';
import { type ReactNode, useState } from 'react';

export interface SearchCardProps<T> {
  form: FormInstance<T>;
  onSearch: (values: T) => void;
  onReset?: () => void;
  children: ReactNode;
  testId?: string;
  initialValues?: Partial<T>;
  className?: string;
  /** The form's name: it prefixes the field ids (a list's search fields beside a dialog with the same fields). */
  name?: string;
  /** Buttons after 查询 / 重置 (展开 of a long search form). */
  moreActions?: ReactNode;
}

/** How many filters hold a value (an empty string, an empty list or a blank range counts as none). */
export function activeFilterCount(values: object | undefined): number {
  const filled = (v: unknown): boolean =>
    Array.isArray(v) ? v.some(filled) : v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '');
  return Object.values(values ?? {}).filter(filled).length;
}

/**
 * The search form card of a list: its fields in a responsive grid, 查询 / 重置 at the end. On a phone the fields
 * fold behind a 筛选 button (its badge: how many filters are set); 查询 folds them again to show the list.
 */
export function SearchCard<T extends object>({
  form,
  onSearch,
  onReset,
  children,
  testId,
  initialValues,
  className,
  name,
  moreActions,
}: SearchCardProps<T>) {
  const phone = Grid.useBreakpoint().md === false;
  const [open, setOpen] = useState(false);
  const active = activeFilterCount(Form.useWatch((values: T) => values, { form, preserve: true }));
  const folded = phone && !open;
  return (
    <Card size="small" className={className}>
      {phone ? (
        <Badge count={active} size="small">
          <Button
            icon={<FilterOutlined />}
            onClick={() => setOpen((v) => !v)}
            aria-expanded={open}
            data-testid={testId ? `${testId}-toggle` : 'search-toggle'}
          >
            筛选
          </Button>
        </Badge>
      ) : null}
      {/* Folded fields stay mounted (only hidden): the form keeps its values and its instance. */}
      <Form<T>
        form={form}
        name={name}
        onFinish={(values) => {
          if (phone) setOpen(false);
          onSearch(values);
        }}
        initialValues={initialValues}
        data-testid={testId}
        style={folded ? { display: 'none' } : phone ? { marginTop: 8 } : undefined}
      >
        <Row gutter={[16, 0]}>
          {children}
          <Col flex="auto" style={{ textAlign: 'right' }}>
            <Form.Item style={{ marginBlock: 8 }}>
              <Space wrap>
                <Button type="primary" htmlType="submit" data-testid={testId ? `${testId}-submit` : undefined}>
                  查询
                </Button>
                <Button
                  data-testid={testId ? `${testId}-reset` : undefined}
                  onClick={() => {
                    form.resetFields();
                    onReset ? onReset() : onSearch(form.getFieldsValue(true));
                  }}
                >
                  重置
                </Button>
                {moreActions}
              </Space>
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Card>
  );
}

/** One search field in the grid; `wide` for a date range, which needs about twice the room. */
export function SearchItem({
  name,
  label,
  wide,
  children,
}: {
  name?: string;
  label: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const span = wide ? { sm: 24, lg: 12, xxl: 8 } : { sm: 12, lg: 8, xxl: 6 };
  return (
    <Col xs={24} {...span}>
      <Form.Item name={name} label={label} style={{ marginBlock: 8 }}>
        {children}
      </Form.Item>
    </Col>
  );
}
