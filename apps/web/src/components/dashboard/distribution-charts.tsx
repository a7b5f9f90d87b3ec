import { InfoCircleOutlined } from '@ant-design/icons';
import { ABNORMAL_FACTORS, RISK_LEVEL_CRITERIA, RISK_LEVELS } from '@peis/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Tooltip } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { EChart, type EChartOption } from '../chart';
import {
  type DashboardFilter,
  DEFAULT_YEAR,
  dashboardKeys,
  fetchFactors,
  fetchRiskPopulation,
  type PieItem,
} from './dashboard-api';
import { useElementWidth } from './use-element-width';
import { YearFilter } from './year-filter';

/** Abnormal factors in the order of ABNORMAL_FACTORS (血压, 血脂, 血糖, 尿酸, 体重). */
const FACTOR_COLORS = ['#f5222d', '#fa8c16', '#faad14', '#722ed1', '#13c2c2'];
/** Risk levels from 健康 to 重病: green to deep red. */
const RISK_COLORS = ['#52c41a', '#1677ff', '#faad14', '#fa541c', '#a8071a'];

/** Legend entries read "名称 值" (SPEC §2). */
const legendWithValues = (items: PieItem[]) => {
  const byName = new Map(items.map((i) => [i.name, i.value]));
  return (name: string) => `${name} ${byName.get(name) ?? 0}`;
};

/** Who each slice counts: the abnormality's criterion (the indicator table's rows) or the risk level's rule. */
const CRITERIA: Record<string, string> = {
  ...Object.fromEntries(ABNORMAL_FACTORS.map((f) => [f.name, f.criterion])),
  ...RISK_LEVEL_CRITERIA,
};

/** `compact`: a narrow card, legend under the chart instead of beside it. */
function pieOption(items: PieItem[], colors: string[], donut: boolean, compact: boolean): EChartOption {
  const total = items.reduce((s, i) => s + (i.value ?? 0), 0);
  return {
    color: colors,
    tooltip: {
      trigger: 'item',
      formatter: (p: unknown) => {
        const { name, value, percent } = p as { name: string; value: number; percent: number };
        const criterion = CRITERIA[name];
        return `${name}：${value} 人（${percent}%）${criterion ? `<br/>${criterion}` : ''}`;
      },
      confine: true,
    },
    legend: {
      ...(compact
        ? { orient: 'horizontal', left: 'center', bottom: 0 }
        : { orient: 'vertical', right: 8, top: 'middle' }),
      icon: 'circle',
      itemWidth: 10,
      itemHeight: 10,
      itemGap: 14,
      formatter: legendWithValues(items),
      textStyle: { fontSize: 13 },
    },
    title: donut
      ? {
          text: String(total),
          subtext: '总人数',
          left: compact ? '50%' : '35%',
          top: compact ? '33%' : '43%',
          textAlign: 'center',
          textStyle: { fontSize: 22, fontWeight: 600 },
          subtextStyle: { fontSize: 12 },
          itemGap: 4,
        }
      : undefined,
    series: [
      {
        type: 'pie',
        radius: donut ? ['45%', '70%'] : ['0%', compact ? '60%' : '70%'],
        center: compact ? ['50%', '40%'] : ['35%', '52%'],
        avoidLabelOverlap: true,
        label: donut ? { show: false } : { show: true, formatter: '{d}%', fontSize: 12 },
        labelLine: { show: !donut, length: 8, length2: 8 },
        itemStyle: { borderColor: '#fff', borderWidth: 2, borderRadius: donut ? 4 : 0 },
        emphasis: { scale: true, scaleSize: 6 },
        data: items.map((i) => ({ name: i.name, value: i.value })),
      },
    ],
  };
}

interface DistributionCardProps {
  title: string;
  testId: string;
  filter: DashboardFilter;
  donut: boolean;
}

function DistributionCard({ title, testId, filter, donut }: DistributionCardProps) {
  // Cleared picker = the default year again (the server's default too).
  const [year, setYear] = useState<number | null>(DEFAULT_YEAR);
  const shownYear = year ?? DEFAULT_YEAR;
  const query = useQuery({
    queryKey: donut ? dashboardKeys.risk(filter, shownYear) : dashboardKeys.factors(filter, shownYear),
    queryFn: ({ signal }) =>
      donut ? fetchRiskPopulation(filter, shownYear, signal) : fetchFactors(filter, shownYear, signal),
    placeholderData: keepPreviousData,
  });
  // SPEC §8: a failed load is logged only (in the fetcher); the card just has nothing to draw.
  const items = useMemo(() => (query.isError ? [] : (query.data ?? [])), [query.isError, query.data]);
  const bodyRef = useRef<HTMLDivElement>(null);
  const compact = useElementWidth(bodyRef) < 480;
  const option = useMemo(
    () => pieOption(items, donut ? RISK_COLORS : FACTOR_COLORS, donut, compact),
    [items, donut, compact],
  );
  const empty = !query.isFetching && items.every((i) => !i.value);
  return (
    <Card
      title={`${title}（${shownYear}年）`}
      data-testid={testId}
      extra={
        <Flex align="center" gap={8}>
          <Tooltip
            title={
              <div data-testid={`${testId}-criteria`}>
                {(donut ? [...RISK_LEVELS] : ABNORMAL_FACTORS.map((f) => f.name)).map((name) => (
                  <div key={name}>
                    {name}：{CRITERIA[name]}
                  </div>
                ))}
              </div>
            }
          >
            <InfoCircleOutlined data-testid={`${testId}-criteria-icon`} aria-label="判定标准" />
          </Tooltip>
          <YearFilter value={year} onChange={setYear} testIdPrefix={testId} />
        </Flex>
      }
      style={{ height: '100%' }}
      styles={{ body: { padding: 12 } }}
    >
      <div ref={bodyRef}>
        {empty ? (
          <EmptyChart />
        ) : (
          <EChart option={option} height={compact ? 340 : 300} loading={query.isFetching && items.length === 0} />
        )}
      </div>
    </Card>
  );
}

function EmptyChart() {
  return (
    <div style={{ height: 300, display: 'grid', placeItems: 'center' }}>
      <Empty description="暂无数据" />
    </div>
  );
}

/** SPEC §2 异常因素分布: people per abnormal factor in the chosen year; legend "名称 值". */
export function AbnormalFactorPie({ filter }: { filter: DashboardFilter }) {
  return <DistributionCard title="异常因素分布" testId="factor-pie" filter={filter} donut={false} />;
}

/** SPEC §2 风险人群分布: people per risk level in the chosen year, as a donut. */
export function RiskPopulationDonut({ filter }: { filter: DashboardFilter }) {
  return <DistributionCard title="风险人群分布" testId="risk-donut" filter={filter} donut />;
}
