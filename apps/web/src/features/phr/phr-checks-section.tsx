import { INDICATOR_BY_CODE, INDICATORS } from '@peis/shared';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Flex, Grid, Row, Spin, Table, type TableProps, Tooltip, Typography, theme } from 'antd';
import { useMemo } from 'react';
import { EChart, type EChartOption } from '../../components/chart';
import { DATE, fromDate } from '../../components/list';
import { phrKeys } from '../../components/phr';
import { type CheckRecord, fetchChecks } from './phr-api';
import { isAbnormal, REFERENCES } from './reference-ranges';

interface IndicatorRow {
  code: string;
  name: string;
  unit: string;
  reference: string;
  values: (number | null)[];
}

/** Trend charts of the main indicators (SPEC: SBP/DBP, lipids, FPG, UA, BMI/waist). */
const TREND_GROUPS: { title: string; codes: string[]; twoAxes?: boolean }[] = [
  { title: '血压', codes: ['SBP', 'DBP'] },
  { title: '血脂', codes: ['TC', 'TG', 'LDLC', 'HDLC'] },
  { title: '空腹血糖', codes: ['FPG'] },
  { title: '尿酸', codes: ['UA'] },
  { title: 'BMI / 腰围', codes: ['BMI', 'WAIST'], twoAxes: true },
];

const num = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : v === null || v === undefined || v === '' || Number.isNaN(Number(v))
      ? null
      : Number(v);

const nameOf = (code: string) => INDICATOR_BY_CODE[code]?.name ?? code;
const unitOf = (code: string) => INDICATOR_BY_CODE[code]?.unit ?? '';

/** Column title of a check: its date, YYYY-MM-DD for every check (one format per kind, never "2025年" beside a date). */
export function checkLabels(checks: Pick<CheckRecord, 'checkDate'>[]): string[] {
  return checks.map((c) => fromDate(c.checkDate)?.format(DATE) ?? '-');
}

function trendOption(group: (typeof TREND_GROUPS)[number], labels: string[], checks: CheckRecord[]): EChartOption {
  const units = [...new Set(group.codes.map(unitOf))];
  return {
    tooltip: { trigger: 'axis' },
    // The legend sits under the chart, on one scrolling line: on top it wrapped onto the axis names (血脂).
    legend: { type: 'scroll', bottom: 0 },
    grid: { left: 48, right: group.twoAxes ? 48 : 16, top: 36, bottom: 56 },
    xAxis: { type: 'category', data: labels, boundaryGap: false },
    yAxis: group.twoAxes
      ? group.codes.map((code, i) => ({
          type: 'value' as const,
          name: unitOf(code),
          position: i === 0 ? ('left' as const) : ('right' as const),
          scale: true,
          splitLine: { show: i === 0 },
        }))
      : [{ type: 'value', name: units.join(' / '), scale: true }],
    series: group.codes.map((code, i) => ({
      type: 'line' as const,
      name: nameOf(code),
      yAxisIndex: group.twoAxes ? i : 0,
      connectNulls: true,
      symbolSize: 7,
      data: checks.map((c) => num(c.values?.[code])),
    })),
  };
}

/** 体检记录: every indicator by check year (values outside the reference marked) and the trend charts. */
export function PhrChecksSection({ employeeId, sex }: { employeeId: number; sex: number | null | undefined }) {
  const { token } = theme.useToken();
  // On a phone the unit and reference go under the indicator's name, so the values are in view beside it.
  const phone = Grid.useBreakpoint().md === false;
  const query = useQuery({
    queryKey: phrKeys.checks(employeeId),
    queryFn: ({ signal }) => fetchChecks(employeeId, signal),
  });
  const checks = useMemo(
    () => [...(query.data ?? [])].sort((a, b) => String(a.checkDate).localeCompare(String(b.checkDate))),
    [query.data],
  );
  const labels = useMemo(() => checkLabels(checks), [checks]);

  const rows = useMemo<IndicatorRow[]>(() => {
    const present = new Set(
      checks.flatMap((c) => Object.keys(c.values ?? {}).filter((k) => num(c.values[k]) !== null)),
    );
    const known = INDICATORS.filter((i) => present.has(i.code)).map((i) => i.code);
    const extra = [...present].filter((code) => !INDICATOR_BY_CODE[code]).sort();
    return [...known, ...extra].map((code) => ({
      code,
      name: nameOf(code),
      unit: unitOf(code),
      reference: REFERENCES[code]?.text(sex) ?? '-',
      values: checks.map((c) => num(c.values?.[code])),
    }));
  }, [checks, sex]);

  const charts = useMemo(
    () =>
      TREND_GROUPS.filter((g) => g.codes.some((code) => checks.some((c) => num(c.values?.[code]) !== null))).map(
        (g) => ({
          group: g,
          option: trendOption(g, labels, checks),
        }),
      ),
    [checks, labels],
  );

  if (query.isLoading) {
    return (
      <div style={{ padding: 32, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  }
  if (query.isError) return <Empty description="体检记录加载失败" />;
  if (checks.length === 0) return <Empty description="暂无体检记录" />;

  const columns: NonNullable<TableProps<IndicatorRow>['columns']> = [
    ...(phone
      ? [
          {
            key: 'name',
            title: '指标',
            fixed: 'left' as const,
            width: 128,
            render: (_: unknown, row: IndicatorRow) => (
              <Flex vertical>
                <span>{row.name}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {[row.unit, row.reference].filter((t) => t && t !== '-').join(' · ')}
                </Typography.Text>
              </Flex>
            ),
          },
        ]
      : [
          { key: 'name', dataIndex: 'name', title: '指标', fixed: 'left' as const, width: 170 },
          { key: 'unit', dataIndex: 'unit', title: '单位', width: 90 },
          { key: 'reference', dataIndex: 'reference', title: '参考', width: 100 },
        ]),
    ...checks.map((c, i) => ({
      key: `check-${c.id}`,
      title: (
        <Tooltip title={`${c.checkDate}${c.provider ? ` · ${c.provider}` : ''}`}>
          <span>{labels[i]}</span>
        </Tooltip>
      ),
      width: phone ? 96 : 110,
      align: 'right' as const,
      render: (_: unknown, row: IndicatorRow) => {
        const v = row.values[i];
        if (v === null) return <Typography.Text type="secondary">-</Typography.Text>;
        const decimals = INDICATOR_BY_CODE[row.code]?.decimals;
        const text = decimals === undefined ? String(v) : v.toFixed(decimals);
        return isAbnormal(row.code, v, sex) ? (
          <span className="phr-abnormal" style={{ color: token.colorError, fontWeight: 600 }} title="超出参考范围">
            {text}
          </span>
        ) : (
          text
        );
      },
    })),
  ];

  return (
    <Flex vertical gap={16}>
      <Table<IndicatorRow>
        rowKey="code"
        size="small"
        bordered
        pagination={false}
        dataSource={rows}
        columns={columns}
        scroll={{ x: phone ? 128 + checks.length * 96 : 360 + checks.length * 110 }}
        data-testid="phr-checks-table"
      />
      <Typography.Text type="secondary" className="phr-no-print">
        标红的数值超出成人参考范围（中国相关指南）。
      </Typography.Text>
      <Row gutter={[16, 16]}>
        {charts.map(({ group, option }) => (
          <Col key={group.title} xs={24} lg={12}>
            <Card size="small" title={`${group.title}趋势`} className="phr-trend-card">
              <EChart option={option} height={260} testId="phr-trend-chart" />
            </Card>
          </Col>
        ))}
      </Row>
    </Flex>
  );
}
