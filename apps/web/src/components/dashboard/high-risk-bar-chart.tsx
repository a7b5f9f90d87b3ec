import type { HighRiskAnswer } from '@peis/shared';
import { Card, DatePicker, Flex, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { EChart, type EChartOption } from '../chart';
import { ChartEmpty } from './chart-empty';

const COLORS = ['#f5222d', '#fa8c16', '#faad14', '#722ed1', '#13c2c2'];
const DAY = 'YYYY-MM-DD';

interface BarParam {
  dataIndex?: number;
}

/** The bars with each one's definition in its tooltip. */
function chartOption(data: HighRiskAnswer): EChartOption {
  return {
    grid: { left: 8, right: 16, top: 28, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (raw: unknown) => {
        const bar = data.bars[(raw as BarParam).dataIndex ?? -1];
        if (!bar) return '';
        return `<b>${bar.name}</b>：${bar.value} 人<br/><span style="white-space:normal">${bar.criterion}</span>`;
      },
      extraCssText: 'max-width:280px',
    },
    xAxis: { type: 'category', data: data.bars.map((b) => b.name), axisTick: { alignWithLabel: true } },
    yAxis: { type: 'value', name: '人数', minInterval: 1, splitLine: { lineStyle: { type: 'dashed' } } },
    series: [
      {
        type: 'bar',
        name: '人数',
        barMaxWidth: 36,
        label: { show: true, position: 'top' },
        itemStyle: { borderRadius: [4, 4, 0, 0] },
        data: data.bars.map((b, i) => ({ value: b.value, itemStyle: { color: COLORS[i % COLORS.length] } })),
      },
    ],
  };
}

type Range = [Dayjs | null, Dayjs | null] | null;

export interface HighRiskBarChartProps {
  /** The range shown, yyyy-MM-dd (both days included). */
  range: readonly [string, string];
  onRangeChange: (range: [string, string]) => void;
  data: HighRiskAnswer | undefined;
  loading: boolean;
  error: boolean;
}

/**
 * SPEC §2 高危指标统计 with its date-range filter (default 2023-01-01 to 2023-12-31, SPEC §9): per abnormality,
 * the people of the account's scope whose checks in the range show it, by the one definition of each (the bar's
 * tooltip says which). The page asks the server for each range.
 */
export function HighRiskBarChart({ range, onRangeChange, data, loading, error }: HighRiskBarChartProps) {
  const [start, end] = range;
  const option = useMemo(() => (data ? chartOption(data) : null), [data]);
  const onChange = (v: Range) => {
    if (v?.[0] && v[1]) onRangeChange([v[0].format(DAY), v[1].format(DAY)]);
  };
  return (
    <Card
      title="高危指标统计"
      data-testid="high-risk-chart"
      style={{ height: '100%' }}
      styles={{ body: { padding: 12 } }}
    >
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {data ? `范围内体检的 ${data.checked} 人中各项异常的人数` : '按体检日期统计人数'}
        </Typography.Text>
        <DatePicker.RangePicker
          size="small"
          value={[dayjs(start), dayjs(end)]}
          onChange={onChange}
          allowClear={false}
          style={{ width: 240, maxWidth: '100%' }}
          data-testid="high-risk-range"
        />
      </Flex>
      <Spin spinning={loading}>
        {data && data.checked > 0 && option ? (
          <div data-testid="high-risk-bars" data-values={data.bars.map((b) => b.value).join(',')}>
            <EChart option={option} height={280} />
          </div>
        ) : (
          <ChartEmpty height={280} error={error} answered={Boolean(data)} testId="high-risk-empty" />
        )}
      </Spin>
    </Card>
  );
}
