import type { FieldDef, FilterOp } from '@peis/shared';
import { DatePicker, Input, InputNumber, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import type { Query } from '../../app/http';
import { CompanyPicker } from '../../components/pickers/company-picker';
import { RemotePicker } from '../../components/pickers/remote-picker';
import { DATE_FORMAT, DateInput } from './date-input';
import { EmployeeInput } from './employee-input';
import { inputPlaceholder, optionsOf, selectPlaceholder } from './field-input';

type NumberRange = [number | null | undefined, number | null | undefined];

interface NumberRangeInputProps {
  value?: NumberRange;
  onChange?: (value: NumberRange) => void;
  id?: string;
  field: FieldDef;
}

/** Two number boxes for a `between` filter on a number field. */
function NumberRangeInput({ value, onChange, id, field: f }: NumberRangeInputProps) {
  const [from, to] = value ?? [undefined, undefined];
  return (
    <Space.Compact style={{ width: '100%' }} id={id}>
      <InputNumber
        value={from}
        onChange={(v) => onChange?.([v, to])}
        min={f.min}
        max={f.max}
        precision={f.decimals}
        placeholder="最小值"
        style={{ width: '50%' }}
      />
      <InputNumber
        value={to}
        onChange={(v) => onChange?.([from, v])}
        min={f.min}
        max={f.max}
        precision={f.decimals}
        placeholder="最大值"
        style={{ width: '50%' }}
      />
    </Space.Compact>
  );
}

const SWITCH_OPTIONS = [
  { value: true, label: '是' },
  { value: false, label: '否' },
];

export interface SearchFieldProps {
  field: FieldDef;
  /** Filled in by Form.Item. */
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
}

/**
 * The search control of a filterable field, by its filter operator: text for contains, a select for eq/in on
 * option fields (several values for in), a date or number range for between, the unit tree for inTree.
 */
export function SearchField({ field: f, ...control }: SearchFieldProps) {
  const rest = control as Record<string, never>;
  const op = f.filter as FilterOp;
  if (op === 'inTree' || f.kind === 'company') return <CompanyPicker {...rest} placeholder={selectPlaceholder(f)} />;
  if (op === 'between') {
    if (f.kind === 'number') return <NumberRangeInput {...rest} field={f} />;
    return (
      <DatePicker.RangePicker {...rest} format={DATE_FORMAT} allowEmpty={[true, true]} style={{ width: '100%' }} />
    );
  }
  if (op === 'contains') return <Input {...rest} allowClear placeholder={inputPlaceholder(f)} />;
  // A person (a work list's 员工): picked by name, ID or staff number, never typed as an id.
  if (f.kind === 'employee') return <EmployeeInput {...rest} placeholder={selectPlaceholder(f)} />;
  if (f.remote && !f.options) {
    return <RemotePicker {...rest} remote={f.remote} multiple={op === 'in'} placeholder={selectPlaceholder(f)} />;
  }
  if (f.options) {
    return (
      <Select
        {...rest}
        mode={op === 'in' ? 'multiple' : undefined}
        options={optionsOf(f)}
        showSearch={{ optionFilterProp: 'label' }}
        allowClear
        placeholder={selectPlaceholder(f)}
        style={{ width: '100%' }}
      />
    );
  }
  if (f.kind === 'switch') {
    return <Select {...rest} options={SWITCH_OPTIONS} allowClear placeholder={selectPlaceholder(f)} />;
  }
  if (f.kind === 'number') return <InputNumber {...rest} precision={f.decimals} style={{ width: '100%' }} />;
  if (f.kind === 'date') return <DateInput {...rest} placeholder={selectPlaceholder(f)} />;
  if (op === 'in') return <Select {...rest} mode="tags" allowClear placeholder={inputPlaceholder(f)} />;
  return <Input {...rest} allowClear placeholder={inputPlaceholder(f)} />;
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

const asText = (v: unknown): string => {
  if (v && typeof v === 'object' && 'format' in v) return (v as Dayjs).format(DATE_FORMAT);
  return typeof v === 'string' ? v.trim() : String(v);
};

/**
 * Search form values → list query parameters (the API's filter vocabulary): eq/contains/inTree `key=value`,
 * in `key=a,b`, between `keyFrom=…&keyTo=…` (dates yyyy-MM-dd, or numbers). Empty filters are left out.
 */
export function toFilterQuery(fields: Record<string, FieldDef>, values: Record<string, unknown>): Query {
  const query: Query = {};
  for (const [key, f] of Object.entries(fields)) {
    if (!f.filter) continue;
    const v = values[key];
    if (f.filter === 'between') {
      const [from, to] = Array.isArray(v) ? v : [];
      if (!isBlank(from)) query[`${key}From`] = asText(from);
      if (!isBlank(to)) query[`${key}To`] = asText(to);
    } else if (Array.isArray(v)) {
      const list = v.filter((x) => !isBlank(x)).map(asText);
      if (list.length) query[key] = list.join(',');
    } else if (!isBlank(v)) {
      query[key] = asText(v);
    }
  }
  return query;
}
