import { Button, Card, Col, Form, type FormInstance, Row, Space } from 'antd';
import type { ReactNode } from 'react';

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

/** The search form card of a list: its fields in a responsive grid, 查询 / 重置 at the end. */
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
  return (
    <Card size="small" className={className}>
      <Form<T> form={form} name={name} onFinish={onSearch} initialValues={initialValues} data-testid={testId}>
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
