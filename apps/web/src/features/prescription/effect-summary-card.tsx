import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Select, Table, type TableProps, Typography } from 'antd';
import { useState } from 'react';
import { yearOptions } from '../../components/list';
import { CompanyPicker } from '../../components/pickers';
import {
  type EffectSummaryRow,
  fetchEffectSummary,
  KINDS,
  type PrescriptionKind,
  prescriptionKeys,
} from '../../components/prescription';
import { unitCell } from '../../components/unit-name';
import { rateText } from './prescription-text';

const columns: TableProps<EffectSummaryRow>['columns'] = [
  { key: 'unitName', dataIndex: 'unitName', title: '单位', render: unitCell, width: 180 },
  { key: 'issued', dataIndex: 'issued', title: '已开具', width: 90, align: 'right' },
  { key: 'withNextCheck', dataIndex: 'withNextCheck', title: '有复查体检', width: 110, align: 'right' },
  { key: 'improved', dataIndex: 'improved', title: '改善', width: 90, align: 'right' },
  { key: 'rate', title: '改善率', width: 90, align: 'right', render: (_, r) => rateText(r) },
];

/**
 * 效果汇总: per unit of the account's scope, how many prescriptions of the kind were issued in the year, how
 * many of those people have had a check since, and how many of them improved — with the server's definition
 * of "improved" under the table.
 */
export function EffectSummaryCard({ kind }: { kind: PrescriptionKind }) {
  // 全部年度 first: prescriptions are read at the next yearly check, so last year's are where effects show.
  const years = [{ value: 0, label: '全部年度' }, ...yearOptions()];
  const [year, setYear] = useState<number>(0);
  const [unitId, setUnitId] = useState<number | null>(null);
  const q = { year: year || undefined, unitId: unitId ?? undefined };
  const summary = useQuery({
    queryKey: prescriptionKeys.summary(kind, q),
    queryFn: ({ signal }) => fetchEffectSummary(kind, q, signal),
  });
  const rows = summary.data?.rows ?? [];
  return (
    <Card title={`${KINDS[kind].label}效果汇总`} data-testid="effect-summary">
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Select<number>
          value={year}
          onChange={setYear}
          options={years}
          style={{ width: 120 }}
          aria-label="开具年度"
          data-testid="effect-summary-year"
        />
        <CompanyPicker
          value={unitId}
          onChange={(v) => setUnitId(typeof v === 'number' ? v : null)}
          placeholder="全部单位"
          style={{ width: 220, maxWidth: '100%' }}
        />
      </Flex>
      <Table<EffectSummaryRow>
        rowKey="unitId"
        size="small"
        loading={summary.isLoading}
        columns={columns}
        dataSource={rows}
        pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: `${year ? `${year}年` : ''}无已开具的${KINDS[kind].label}` }}
        data-testid="effect-summary-table"
      />
      {summary.data?.definition ? (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }} data-testid="effect-summary-definition">
          {summary.data.definition}
        </Typography.Paragraph>
      ) : null}
    </Card>
  );
}
