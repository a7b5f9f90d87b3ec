import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Flex, Result, Spin, Table, type TableProps, Typography } from 'antd';
import { useMemo } from 'react';
import { EChart, type EChartOption } from '../chart';
import { RowDrawer } from '../list';
import { num } from './derivation';
import {
  type EffectAnswer,
  type EffectIndicator,
  fetchEffect,
  KINDS,
  type PrescriptionKind,
  prescriptionKeys,
} from './prescription-api';
import './prescription.css';

/** The change of one indicator, arrow and sign, green when it moved the better way and red when the worse. */
export function ChangeCell({ i }: { i: EffectIndicator }) {
  if (i.change === null) return <Typography.Text type="secondary">-</Typography.Text>;
  if (i.change === 0)
    return (
      <Typography.Text type="secondary" data-testid="effect-same">
        持平
      </Typography.Text>
    );
  const cls = i.improved === true ? 'rx-better' : i.improved === false ? 'rx-worse' : undefined;
  return (
    <span className={cls} data-testid={i.improved ? 'effect-better' : 'effect-worse'}>
      {i.change > 0 ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {i.change > 0 ? '+' : ''}
      {num(i.change, 2)}
      {i.improved === true ? '（改善）' : i.improved === false ? '（变差）' : ''}
    </span>
  );
}

function IndicatorTable({ rows }: { rows: EffectIndicator[] }) {
  const columns: TableProps<EffectIndicator>['columns'] = [
    { key: 'name', dataIndex: 'name', title: '指标', width: 130 },
    { key: 'unit', dataIndex: 'unit', title: '单位', width: 80 },
    { key: 'before', title: '开具前', width: 80, render: (_, r) => num(r.before, 2) },
    { key: 'after', title: '开具后', width: 80, render: (_, r) => num(r.after, 2) },
    { key: 'change', title: '变化', width: 140, render: (_, r) => <ChangeCell i={r} /> },
    { key: 'better', title: '期望', width: 80, render: (_, r) => (r.better === 'up' ? '升高' : '降低') },
  ];
  return (
    <Table<EffectIndicator>
      rowKey="code"
      size="small"
      pagination={false}
      columns={columns}
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      data-testid="effect-table"
    />
  );
}

/** One indicator's values over the person's checks (drawn at once: no half-drawn line on screen or paper). */
function trendOption(i: EffectIndicator, trend: EffectAnswer['trend']): EChartOption {
  return {
    animation: false,
    tooltip: { trigger: 'axis' },
    grid: { left: 48, right: 16, top: 28, bottom: 28 },
    xAxis: { type: 'category', data: trend.map((t) => t.date), boundaryGap: false },
    yAxis: { type: 'value', name: i.unit, scale: true },
    series: [
      {
        type: 'line',
        name: i.name,
        connectNulls: true,
        showAllSymbol: true,
        symbolSize: 7,
        data: trend.map((t) => {
          const v = t.values[i.code];
          return v === null || v === undefined ? null : Number(v);
        }),
      },
    ],
  };
}

/** The indicators before → after and the person's own trend of each (the body of 效果). */
export function EffectBody({ answer, issuedAt }: { answer: EffectAnswer; issuedAt: string | null }) {
  const charts = useMemo(
    () =>
      answer.indicators
        .filter((i) => answer.trend.some((t) => t.values[i.code] !== null && t.values[i.code] !== undefined))
        .map((i) => ({ i, option: trendOption(i, answer.trend) })),
    [answer],
  );
  return (
    <Flex vertical gap={16} data-testid="effect-body">
      <Typography.Text>
        基线体检：{answer.baseline?.date ?? '无'}
        {issuedAt ? ` · 开具日期：${issuedAt}` : ''} · 开具后首次体检：{answer.after?.date ?? '无'}
      </Typography.Text>
      {!answer.after ? (
        <Alert
          type="info"
          showIcon
          title="尚无开具后的体检"
          description="待员工下一次体检后，这里显示各干预指标开具前后的变化。"
          data-testid="effect-no-after"
        />
      ) : null}
      {answer.indicators.length ? (
        <IndicatorTable rows={answer.indicators} />
      ) : (
        <Empty description="该处方没有干预指标" />
      )}
      {charts.length ? (
        <Flex vertical gap={12}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            个人趋势
          </Typography.Title>
          {charts.map(({ i, option }) => (
            <Card key={i.code} size="small" title={`${i.name}（${i.unit}）`}>
              <EChart option={option} height={200} testId="effect-trend-chart" />
            </Card>
          ))}
        </Flex>
      ) : null}
    </Flex>
  );
}

export interface EffectDrawerProps {
  kind: PrescriptionKind;
  id: number | string | null;
  /** The prescription's issue date (yyyy-MM-dd), to mark the checks after it. */
  issuedAt?: string | null;
  /** Who, for the title. */
  name?: string;
  open: boolean;
  onClose: () => void;
}

/** 效果: a prescription's targeted indicators at the next check, and their trend. */
export function EffectDrawer({ kind, id, issuedAt = null, name, open, onClose }: EffectDrawerProps) {
  const effect = useQuery({
    queryKey: prescriptionKeys.effect(kind, id ?? ''),
    queryFn: ({ signal }) => fetchEffect(kind, id as number, signal),
    enabled: open && id !== null,
  });
  return (
    <RowDrawer
      title={`${KINDS[kind].label}效果${name ? ` · ${name}` : ''}`}
      size={720}
      testId="effect-drawer"
      open={open}
      onClose={onClose}
    >
      {effect.isError ? (
        <Result status="warning" title="效果加载失败" subTitle="请关闭后重试" />
      ) : !effect.data ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      ) : (
        <EffectBody answer={effect.data} issuedAt={issuedAt?.slice(0, 10) ?? null} />
      )}
    </RowDrawer>
  );
}
