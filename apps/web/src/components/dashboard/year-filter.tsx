import { FilterOutlined } from '@ant-design/icons';
import { Badge, Button, DatePicker, Form, Popover } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DEFAULT_YEAR } from './dashboard-api';

export interface YearFilterProps {
  /** The chosen year; null once the picker was cleared. */
  value: number | null;
  onChange: (year: number | null) => void;
  /** Prefix of the test ids: `{prefix}-filter` (the button) and `{prefix}-year` (the picker). */
  testIdPrefix: string;
  /** Whether the picker may be emptied (the indicator table's export then falls back to 2024). */
  allowClear?: boolean;
}

const toDayjs = (year: number | null): Dayjs | null => (year === null ? null : dayjs().year(year).startOf('year'));

/**
 * SPEC §2 year filter of the dashboard widgets: a 过滤条件 popover holding one year picker labelled 评估日期.
 * A change applies at once. The button shows a dot when the year differs from the default.
 */
export function YearFilter({ value, onChange, testIdPrefix, allowClear = true }: YearFilterProps) {
  const content = (
    <Form layout="vertical" style={{ width: 220 }}>
      <Form.Item label="评估日期" style={{ marginBottom: 0 }}>
        <DatePicker
          picker="year"
          value={toDayjs(value)}
          onChange={(d) => onChange(d ? d.year() : null)}
          allowClear={allowClear}
          placeholder="请选择年份"
          style={{ width: '100%' }}
          data-testid={`${testIdPrefix}-year`}
          // Inside the popover, so choosing a year does not count as a click outside it.
          getPopupContainer={(trigger) => trigger.parentElement ?? document.body}
        />
      </Form.Item>
    </Form>
  );
  return (
    <Popover title="过滤条件" content={content} trigger="click" placement="bottomRight">
      <Badge dot={value !== DEFAULT_YEAR} offset={[-4, 4]}>
        <Button size="small" icon={<FilterOutlined />} data-testid={`${testIdPrefix}-filter`}>
          过滤
        </Button>
      </Badge>
    </Popover>
  );
}
