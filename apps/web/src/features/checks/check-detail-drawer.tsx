import { enumLabel, INDICATORS, SEX } from '@peis/shared';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Empty, Spin, Table, type TableProps, Typography } from 'antd';
import { orDash, type PanelProps, RowDrawer } from '../../components/list';
import { Digits } from '../../components/list/digits';
import { UnitName } from '../../components/unit-name';
import { FindingStatusTag, LevelTag, MatchedValues } from '../positive/positive-tags';
import { type CheckDetail, type CheckFinding, type CheckIndicator, checkKeys, fetchCheck } from './checks-api';

interface IndicatorLine extends CheckIndicator {
  value?: number;
  out: 'high' | 'low' | null;
}

const rangeText = (i: CheckIndicator) => {
  if (i.refLow !== null && i.refHigh !== null) return `${i.refLow}–${i.refHigh}`;
  if (i.refHigh !== null) return `≤${i.refHigh}`;
  if (i.refLow !== null) return `≥${i.refLow}`;
  return '-';
};

/** Whether a value lies outside its reference range (the server's flag when it sends one). */
function outside(i: CheckIndicator, v: number | undefined): 'high' | 'low' | null {
  if (i.flag !== undefined) return i.flag ?? null;
  if (typeof v !== 'number') return null;
  if (i.refHigh !== null && v > i.refHigh) return 'high';
  if (i.refLow !== null && v < i.refLow) return 'low';
  return null;
}

/** Every indicator, in the list's order: those of the check with their reference, then the unmeasured. */
function lines(detail: CheckDetail): IndicatorLine[] {
  const byCode = new Map(detail.indicators.map((i) => [i.code, i]));
  const codes = [
    ...detail.indicators.map((i) => i.code),
    ...INDICATORS.map((i) => i.code).filter((c) => !byCode.has(c)),
  ];
  return codes.map((code) => {
    const def = INDICATORS.find((d) => d.code === code);
    const i: CheckIndicator = byCode.get(code) ?? {
      code,
      name: def?.name ?? code,
      unit: def?.unit ?? null,
      refLow: null,
      refHigh: null,
    };
    const value = detail.values?.[code];
    return { ...i, value, out: outside(i, value) };
  });
}

const indicatorColumns: TableProps<IndicatorLine>['columns'] = [
  { key: 'name', title: '指标', render: (_, r) => r.name },
  {
    key: 'value',
    title: '结果',
    width: 110,
    render: (_, r) =>
      r.value === undefined ? (
        <Typography.Text type="secondary">未检</Typography.Text>
      ) : r.out ? (
        <Typography.Text type="danger" strong data-testid="check-value-abnormal">
          {r.value} {r.out === 'high' ? '↑' : '↓'}
        </Typography.Text>
      ) : (
        r.value
      ),
  },
  { key: 'unit', title: '单位', width: 90, render: (_, r) => orDash(r.unit) },
  { key: 'range', title: '参考范围', width: 120, render: (_, r) => rangeText(r) },
];

const findingColumns: TableProps<CheckFinding>['columns'] = [
  { key: 'rule', title: '阳性规则', render: (_, f) => f.ruleName ?? f.names ?? '-' },
  { key: 'libraryName', dataIndex: 'libraryName', title: '所属库', width: 90 },
  { key: 'level', title: '级别', width: 80, render: (_, f) => <LevelTag level={f.level} /> },
  { key: 'matched', title: '异常值', render: (_, f) => <MatchedValues matched={f.matched} /> },
  { key: 'status', title: '状态', width: 90, render: (_, f) => <FindingStatusTag status={f.status} /> },
];

/** 查看: one check — every indicator with unit and reference range (outside it in red) and its findings. */
export function CheckDetailDrawer({ id, open, onClose }: PanelProps & { id: number | null }) {
  const detail = useQuery({
    queryKey: checkKeys.detail(id ?? 0),
    enabled: open && id !== null,
    queryFn: ({ signal }) => fetchCheck(id ?? 0, signal),
  });
  const d = detail.data;
  return (
    <RowDrawer
      title={d ? `体检结果：${d.name} · ${d.checkDate}` : '体检结果'}
      open={open}
      onClose={onClose}
      size={720}
      testId="check-detail"
    >
      {detail.isLoading ? (
        <Spin />
      ) : !d ? (
        <Empty description="加载失败，请稍后重试" />
      ) : (
        <>
          <Descriptions
            size="small"
            bordered
            column={2}
            style={{ marginBottom: 16 }}
            items={[
              { key: 'name', label: '姓名', children: d.name },
              {
                key: 'sex',
                label: '性别/年龄',
                children: `${enumLabel(SEX, d.sex) || '-'}${d.age !== undefined ? ` / ${d.age}岁` : ''}`,
              },
              { key: 'unit', label: '单位', children: <UnitName name={d.unitName} full /> },
              { key: 'idCard', label: '身份证号', children: <Digits>{d.idCard}</Digits> },
              { key: 'date', label: '体检日期', children: d.checkDate },
              { key: 'provider', label: '体检机构', children: orDash(d.provider) },
            ]}
          />
          <Typography.Title level={5}>检查指标</Typography.Title>
          <Table<IndicatorLine>
            rowKey="code"
            size="small"
            columns={indicatorColumns}
            dataSource={lines(d)}
            pagination={false}
            data-testid="check-detail-indicators"
          />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            阳性发现
          </Typography.Title>
          <Table<CheckFinding>
            rowKey={(f) => f.id ?? `${f.ruleName ?? f.names}-${f.level}`}
            size="small"
            columns={findingColumns}
            dataSource={d.findings ?? []}
            pagination={false}
            locale={{ emptyText: '无阳性发现' }}
            data-testid="check-detail-findings"
          />
        </>
      )}
    </RowDrawer>
  );
}
