import type { FieldDef } from '@peis/shared';
import { Checkbox, Input, InputNumber, Radio, Select, Switch } from 'antd';
import { CompanyPicker } from '../../components/pickers/company-picker';
import { RemotePicker } from '../../components/pickers/remote-picker';
import { ExpressionInput } from '../../components/rule-expression';
import { AvatarUploader } from '../../components/uploaders/avatar-uploader';
import { ChildrenInput } from './children-table';
import { DateInput } from './date-input';
import { EmployeeInput } from './employee-input';
import { FileInput } from './file-input';
import { RichTextInput } from './rich-text-input';

/** antd options from a definition's readonly option list. */
export const optionsOf = (f: FieldDef) => (f.options ?? []).map((o) => ({ value: o.value, label: o.label }));

export const inputPlaceholder = (f: FieldDef) => f.placeholder ?? `请输入${f.label}`;
export const selectPlaceholder = (f: FieldDef) => f.placeholder ?? `请选择${f.label}`;

export interface FieldInputProps {
  field: FieldDef;
  /** The field's key: a child table's server messages are found by it. */
  fieldKey?: string;
  /** The record being edited: an employee field shows its `${key}Name` / `${key}UnitName` before any search. */
  record?: Record<string, unknown>;
  disabled?: boolean;
  id?: string;
  status?: 'error';
  'aria-label'?: string;
  /** Filled in by Form.Item. */
  value?: unknown;
  onChange?: (value: unknown) => void;
}

/**
 * The control of one field kind (SPEC §2 generic form renderer). Rendered as the only child of a Form.Item,
 * which hands it value/onChange (checked/onChange for switches).
 */
export function FieldInput({ field: f, fieldKey = '', record, disabled, ...control }: FieldInputProps) {
  // Form.Item injects value/onChange (and id, status…) into its child; each control takes what it needs.
  const rest = control as Record<string, never>;
  switch (f.kind) {
    case 'employee':
      return (
        <EmployeeInput
          {...rest}
          current={record && { name: record[`${fieldKey}Name`], unitName: record[`${fieldKey}UnitName`] }}
          placeholder={f.placeholder}
          disabled={disabled}
        />
      );
    case 'children':
      return <ChildrenInput {...rest} fieldKey={fieldKey} field={f} disabled={disabled} />;
    case 'richText':
      return <RichTextInput {...rest} placeholder={inputPlaceholder(f)} disabled={disabled} />;
    case 'file':
      return <FileInput {...rest} accept={f.accept} maxFiles={f.maxFiles} disabled={disabled} />;
    case 'computed':
      return null;
    case 'date':
      return <DateInput {...rest} placeholder={selectPlaceholder(f)} disabled={disabled} />;
    case 'radio':
      return <Radio.Group {...rest} options={optionsOf(f)} disabled={disabled} />;
    case 'number':
      return (
        <InputNumber
          {...rest}
          min={f.min}
          max={f.max}
          precision={f.decimals}
          placeholder={inputPlaceholder(f)}
          disabled={disabled}
          style={{ width: '100%' }}
        />
      );
    case 'textarea':
      return (
        <Input.TextArea
          {...rest}
          maxLength={f.maxLength}
          showCount={Boolean(f.maxLength)}
          autoSize={{ minRows: 3, maxRows: 8 }}
          placeholder={inputPlaceholder(f)}
          disabled={disabled}
        />
      );
    case 'checkbox':
      return <Checkbox.Group {...rest} options={optionsOf(f)} disabled={disabled} />;
    case 'multiSelect':
      return (
        <Select
          {...rest}
          mode="multiple"
          options={optionsOf(f)}
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          placeholder={selectPlaceholder(f)}
          disabled={disabled}
        />
      );
    case 'select':
      if (f.remote)
        return <RemotePicker {...rest} remote={f.remote} placeholder={selectPlaceholder(f)} disabled={disabled} />;
      return (
        <Select
          {...rest}
          options={optionsOf(f)}
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          placeholder={selectPlaceholder(f)}
          disabled={disabled}
        />
      );
    case 'company':
      return <CompanyPicker {...rest} placeholder={selectPlaceholder(f)} disabled={disabled} />;
    case 'remoteMultiSelect':
      if (!f.remote) return <Select {...rest} mode="tags" placeholder={selectPlaceholder(f)} disabled={disabled} />;
      return (
        <RemotePicker {...rest} remote={f.remote} multiple placeholder={selectPlaceholder(f)} disabled={disabled} />
      );
    case 'tags':
      return (
        <Select
          {...rest}
          mode="tags"
          options={optionsOf(f)}
          tokenSeparators={[',', '，']}
          allowClear
          placeholder={f.placeholder ?? `请选择或输入${f.label}`}
          disabled={disabled}
        />
      );
    case 'switch':
      return <Switch {...rest} disabled={disabled} />;
    case 'image':
      return <AvatarUploader {...rest} disabled={disabled} />;
    case 'title':
      return null;
    default:
      // A rule condition: its Chinese reading, the expression under 表达式（高级）.
      if (f.expression) {
        return (
          <ExpressionInput
            {...rest}
            maxLength={f.maxLength}
            placeholder={inputPlaceholder(f)}
            help={f.help}
            disabled={disabled}
            testId="expression-input"
          />
        );
      }
      // input and hidden
      return (
        <Input {...rest} maxLength={f.maxLength} allowClear placeholder={inputPlaceholder(f)} disabled={disabled} />
      );
  }
}
