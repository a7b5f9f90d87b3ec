import { Card, DatePicker, Flex } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { EChart, type EChartOption } from '../chart';

/** SPEC §9: the date range the chart opens with. */
export const HIGH_RISK_DEFAULT_RANGE = ['2023-01-01', '2023-12-31'] as const;

/**
 * SPEC §2: "Data is fixed; nothing is loaded." These are the chart's fixed sample values (people per
 * high-risk indicator), in the SPEC's category order.
 */
export const HIGH_RISK_SAMPLE = [
  { name: '高血压', value: 326 },
  { name: '高血脂', value: 412 },
  { name: '高血糖', value: 158 },
  { name: '高尿酸', value: 203 },
  { name: '超重', value: 487 },
] as const;

const COLORS = ['#f5222d', '#fa8c16', '#faad14', '#722ed1', '#13c2c2'];

type Range = [Dayjs | null, Dayjs | null] | null;

/**
 * SPEC §2 high-risk indicator bar chart with a date-range filter (default 2023-01-01 to 2023-12-31).
 * The range is display state only: changing it loads nothing and the bars stay the fixed sample values,
 * exactly as the SPEC describes the original widget.
 */
export function HighRiskBarChart() {
  const [range, setRange] = useState<Range>([dayjs(HIGH_RISK_DEFAULT_RANGE[0]), dayjs(HIGH_RISK_DEFAULT_RANGE[1])]);
  const option = useMemo<EChartOption>(
    () => ({
      grid: { left: 8, right: 16, top: 28, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v) => `${v} 人` },
      xAxis: {
        type: 'category',
        data: HIGH_RISK_SAMPLE.map((d) => d.name),
        axisTick: { alignWithLabel: true },
      },
      yAxis: { type: 'value', name: '人数', splitLine: { lineStyle: { type: 'dashed' } } },
      series: [
        {
          type: 'bar',
          name: '高危人数',
          barMaxWidth: 36,
          label: { show: true, position: 'top' },
          itemStyle: { borderRadius: [4, 4, 0, 0] },
          data: HIGH_RISK_SAMPLE.map((d, i) => ({ value: d.value, itemStyle: { color: COLORS[i] } })),
        },
      ],
    }),
    [],
  );
  return (
    <Card
      title="高危指标统计"
      data-testid="high-risk-chart"
      style={{ height: '100%' }}
      styles={{ body: { padding: 12 } }}
    >
      <Flex justify="flex-end">
        <DatePicker.RangePicker
          size="small"
          value={range}
          onChange={(v) => setRange(v)}
          allowClear={false}
          style={{ width: 240, maxWidth: '100%' }}
          data-testid="high-risk-range"
        />
      </Flex>
      <EChart option={option} height={280} />
    </Card>
  );
}
