import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import type { CSSProperties } from 'react';

/** The wire format of date fields (yyyy-MM-dd). */
export const DATE_FORMAT = 'YYYY-MM-DD';

export interface DateInputProps {
  /** yyyy-MM-dd */
  value?: string | null;
  onChange?: (value: string | null) => void;
  placeholder?: string;
  disabled?: boolean;
  style?: CSSProperties;
  id?: string;
}

/** DatePicker whose value is the yyyy-MM-dd string itself (what element's value-format did). */
export function DateInput({ value, onChange, placeholder, disabled, style, id }: DateInputProps) {
  const parsed = value ? dayjs(value) : null;
  return (
    <DatePicker
      id={id}
      value={parsed?.isValid() ? parsed : null}
      onChange={(d) => onChange?.(d ? d.format(DATE_FORMAT) : null)}
      format={DATE_FORMAT}
      placeholder={placeholder}
      disabled={disabled}
      style={{ width: '100%', ...style }}
    />
  );
}
