import { type FieldDef, REQUIRED_MESSAGE } from '@peis/shared';
import { Col, Divider, Form, Row } from 'antd';
import { FieldInput } from './field-input';
import { fieldRules } from './field-rules';

export interface FormRendererProps {
  /** A resource's fields (its `fields` object); hideInForm fields are left out, titles become headings. */
  fields: Record<string, FieldDef>;
  /** Editing an existing record: immutable fields are shown but locked. */
  editing?: boolean;
  /** Locks every field (e.g. while saving). */
  disabled?: boolean;
  /** The record being edited (an employee field shows its current person's name and unit from it). */
  record?: Record<string, unknown>;
}

/**
 * SPEC §2 generic form renderer: one control per field kind in a responsive grid (span of 24; every field is
 * full width on a phone). Must sit inside an antd <Form>; field names are the definition's keys.
 */
export function FormRenderer({ fields, editing, disabled, record }: FormRendererProps) {
  // Same selection as formFields(def, mode) of the shared package, titles kept as headings.
  const entries = Object.entries(fields).filter(
    ([, f]) => !f.hideInForm && f.kind !== 'computed' && !(editing && f.createOnly),
  );
  return (
    <Row gutter={16}>
      {entries.map(([key, f]) => {
        if (f.kind === 'title') {
          return (
            <Col span={24} key={key}>
              <Divider titlePlacement="start" style={{ marginTop: 4 }}>
                {f.label}
              </Divider>
            </Col>
          );
        }
        if (f.kind === 'hidden') {
          return (
            <Form.Item key={key} name={key} hidden noStyle>
              <FieldInput field={f} />
            </Form.Item>
          );
        }
        const shownWhen = f.shownWhen;
        const item = (
          <Col key={key} xs={24} md={f.span ?? 12}>
            <Form.Item
              name={key}
              label={f.label}
              required={f.required || shownWhen?.required}
              rules={
                shownWhen?.required ? [{ required: true, message: REQUIRED_MESSAGE }, ...fieldRules(f)] : fieldRules(f)
              }
              validateFirst
              // A child table is checked on submit; until then each cell speaks for itself once edited.
              validateTrigger={f.kind === 'children' ? [] : 'onChange'}
              valuePropName={f.kind === 'switch' ? 'checked' : 'value'}
              // A rule condition shows its help in its own advanced panel.
              extra={f.expression ? undefined : f.help}
            >
              <FieldInput field={f} fieldKey={key} record={record} disabled={disabled || (editing && f.immutable)} />
            </Form.Item>
          </Col>
        );
        if (!shownWhen) return item;
        // Shown only while the other field holds the value (e.g. 管理单位 for 指定单位); hidden, it is sent empty.
        return (
          <Form.Item key={key} noStyle dependencies={[shownWhen.field]}>
            {({ getFieldValue }) => (getFieldValue(shownWhen.field) === shownWhen.equals ? item : null)}
          </Form.Item>
        );
      })}
    </Row>
  );
}
