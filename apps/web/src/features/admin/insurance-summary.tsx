import { insuranceResource } from '@peis/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Select, Space, Table, type TableProps, Typography } from 'antd';
import { useState } from 'react';
import { unitCell } from '../../components/unit-name';
import { resourceKeys } from '../../resource-ui/resource-api';
import { fetchInsuranceSummary, type InsuranceSummaryRow } from './admin-api';

const DEFAULT_YEAR = 2025;
const FIRST_YEAR = 2015;
const LAST_YEAR = Math.max(DEFAULT_YEAR, new Date().getFullYear()) + 1;
const YEAR_OPTIONS = Array.from({ length: LAST_YEAR - FIRST_YEAR + 1 }, (_, i) => {
  const year = LAST_YEAR - i;
  return { value: year, label: `${year}年` };
});

const yuan = new Intl.NumberFormat('zh-CN', { style: 'currency', currency: 'CNY' });
/** ¥1,234.00 */
export const formatYuan = (n: number) => yuan.format(n);

const columns: TableProps<InsuranceSummaryRow>['columns'] = [
  { key: 'unitName', dataIndex: 'unitName', title: '单位', render: unitCell },
  { key: 'people', dataIndex: 'people', title: '参保人数', align: 'right' },
  { key: 'enrolments', dataIndex: 'enrolments', title: '参保记录', align: 'right' },
  { key: 'active', dataIndex: 'active', title: '有效保单', align: 'right' },
  { key: 'premium', dataIndex: 'premium', title: '保费合计', align: 'right', render: (v: number) => formatYuan(v) },
];

const sum = (rows: readonly InsuranceSummaryRow[], key: 'people' | 'enrolments' | 'active' | 'premium') =>
  rows.reduce((total, r) => total + Number(r[key] ?? 0), 0);

/** 按单位汇总: GET /healthInsurance/summary?year, one row per unit plus 合计. */
export function InsuranceSummary() {
  const [year, setYear] = useState(DEFAULT_YEAR);
  const summary = useQuery({
    // Under the insurance resource's keys, so the list's writes refresh the summary too.
    queryKey: [...resourceKeys.all(insuranceResource), 'summary', year],
    queryFn: ({ signal }) => fetchInsuranceSummary(year, signal),
    placeholderData: keepPreviousData,
  });
  const rows = summary.data ?? [];
  return (
    <Card
      title="按单位汇总"
      size="small"
      extra={
        <Space>
          <Typography.Text type="secondary">年度</Typography.Text>
          <Select<number>
            value={year}
            onChange={setYear}
            options={YEAR_OPTIONS}
            style={{ width: 110 }}
            data-testid="insurance-summary-year"
          />
        </Space>
      }
      data-testid="insurance-summary"
    >
      <Table<InsuranceSummaryRow>
        rowKey="unitId"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={summary.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: `${year}年暂无参保记录` }}
        summary={(data) =>
          data.length ? (
            <Table.Summary.Row data-testid="insurance-summary-total">
              <Table.Summary.Cell index={0}>
                <Typography.Text strong>合计</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                <Typography.Text strong>{sum(data, 'people')}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                <Typography.Text strong>{sum(data, 'enrolments')}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                <Typography.Text strong>{sum(data, 'active')}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                <Typography.Text strong>{formatYuan(sum(data, 'premium'))}</Typography.Text>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
    </Card>
  );
}
