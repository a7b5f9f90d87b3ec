import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { AGE_BANDS } from '@peis/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Grid, Space, Table, type TableProps } from 'antd';
import { useMemo, useState } from 'react';
import { download } from '../../app/http';
import { usePermission } from '../Permission';
import {
  type DashboardFilter,
  DEFAULT_YEAR,
  dashboardKeys,
  exportQuery,
  fetchIndicators,
  type IndicatorRow,
} from './dashboard-api';
import { YearFilter } from './year-filter';

/** Button permission of the per-row export (RouteDef company/dashboard btnPermissions). */
export const EXPORT_PERMISSION = 'dashboard:export';

/**
 * rowSpan of each row for cells merged over consecutive rows with the same key: the first row of a run
 * spans the run, the others 0. Computed from the data, so 心脑血管 spans 8 and 代谢 6, 血压 4, 血脂 4 …
 */
export function runSpans<T>(rows: readonly T[], keyOf: (row: T) => string): number[] {
  const spans = new Array<number>(rows.length).fill(0);
  let start = 0;
  while (start < rows.length) {
    let end = start + 1;
    while (end < rows.length && keyOf(rows[end]) === keyOf(rows[start])) end += 1;
    spans[start] = end - start;
    start = end;
  }
  return spans;
}

type CountKey = Exclude<keyof IndicatorRow, 'id' | 'leibie' | 'mingcheng' | 'biaozhun'>;

/**
 * SPEC §2 employee health-check indicator table: person-times per age band × sex for the 14 indicator rows,
 * titled with its year, with a refresh button, a 过滤条件 popover (评估日期, default 2025) and a per-row
 * export. A load failure is logged only (SPEC §8): the table simply stays empty.
 */
export function IndicatorTable({ filter }: { filter: DashboardFilter }) {
  // null once the picker is cleared: the table then shows the default year, the export uses 2024 (SPEC §4).
  const [year, setYear] = useState<number | null>(DEFAULT_YEAR);
  const shownYear = year ?? DEFAULT_YEAR;
  const canExport = usePermission(EXPORT_PERMISSION);
  // Fixed columns only where there is room for the scrolling ones between them.
  const wide = Grid.useBreakpoint().md ?? true;
  const [exporting, setExporting] = useState<number | null>(null);
  const table = useQuery({
    queryKey: dashboardKeys.indicators(filter, shownYear),
    queryFn: ({ signal }) => fetchIndicators(filter, shownYear, signal),
    placeholderData: keepPreviousData,
  });
  const rows = useMemo(() => (table.isError ? [] : (table.data ?? [])), [table.isError, table.data]);
  const categorySpans = useMemo(() => runSpans(rows, (r) => r.leibie), [rows]);
  const nameSpans = useMemo(() => runSpans(rows, (r) => `${r.leibie}\u0000${r.mingcheng}`), [rows]);

  const exportRow = async (row: IndicatorRow) => {
    setExporting(row.id);
    try {
      await download(
        '/company/dashboard/ygjkzb/export',
        exportQuery(filter, year, row.id),
        `员工健康指标_${row.mingcheng}_${row.id}.xlsx`,
      );
    } catch (e) {
      // download() has already shown the failure (SPEC §8 export failure); keep a trace for support.
      console.error('[dashboard] indicator export failed', e);
    } finally {
      setExporting(null);
    }
  };

  const count = (key: CountKey, title: string): NonNullable<TableProps<IndicatorRow>['columns']>[number] => ({
    key,
    dataIndex: key,
    title,
    align: 'center',
    width: 64,
  });

  const total: NonNullable<TableProps<IndicatorRow>['columns']>[number] = {
    key: 'heji',
    dataIndex: 'heji',
    title: '合计(人次)',
    width: wide ? 96 : 80,
    align: 'center',
    render: (v: number) => <strong>{v}</strong>,
  };
  // On a phone the table scrolls: the category (its name column groups the rows as well) gives way, and the
  // total comes right after the standard, so name, standard and count are in view without scrolling.
  const allColumns: NonNullable<TableProps<IndicatorRow>['columns']> = [
    {
      key: 'leibie',
      dataIndex: 'leibie',
      title: '指标类别',
      width: 92,
      align: 'center',
      fixed: wide ? 'left' : undefined,
      onCell: (_, index) => ({ rowSpan: categorySpans[index ?? 0] ?? 1 }),
    },
    {
      key: 'mingcheng',
      dataIndex: 'mingcheng',
      title: '指标名称',
      width: 84,
      align: 'center',
      fixed: wide ? 'left' : undefined,
      onCell: (_, index) => ({ rowSpan: nameSpans[index ?? 0] ?? 1 }),
    },
    { key: 'biaozhun', dataIndex: 'biaozhun', title: '判定标准', width: wide ? 220 : 160 },
    ...(wide ? [] : [total]),
    ...AGE_BANDS.map((band) => ({
      key: band.key,
      title: band.label,
      align: 'center' as const,
      children: [count(`${band.key}_nan`, '男'), count(`${band.key}_nv`, '女')],
    })),
    ...(wide ? [total] : []),
  ];
  const columns = wide ? allColumns : allColumns.filter((c) => c.key !== 'leibie');
  if (canExport) {
    columns.push({
      key: 'action',
      title: '操作',
      width: 84,
      align: 'center',
      fixed: wide ? 'right' : undefined,
      render: (_, row) => (
        <Button
          type="link"
          size="small"
          icon={<DownloadOutlined />}
          loading={exporting === row.id}
          disabled={exporting !== null && exporting !== row.id}
          onClick={() => void exportRow(row)}
          data-testid="indicator-export"
        >
          导出
        </Button>
      ),
    });
  }

  return (
    <Card
      title={`${shownYear}年员工体检指标`}
      data-testid="indicator-table"
      extra={
        <Space size={8}>
          <YearFilter value={year} onChange={setYear} testIdPrefix="indicator" />
          <Button
            size="small"
            icon={<ReloadOutlined />}
            loading={table.isFetching}
            onClick={() => void table.refetch()}
            data-testid="indicator-refresh"
          >
            刷新
          </Button>
        </Space>
      }
      styles={{ body: { padding: 12 } }}
    >
      <Table<IndicatorRow>
        rowKey="id"
        size="small"
        bordered
        loading={table.isFetching}
        dataSource={rows}
        columns={columns}
        pagination={false}
        scroll={{ x: wide ? 1000 : 820 }}
      />
    </Card>
  );
}
