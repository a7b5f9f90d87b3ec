import { completionRate } from '@peis/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Table, type TableProps, Typography } from 'antd';
import { useMemo } from 'react';
import { UnitName } from '../unit-name';
import { type DashboardFilter, dashboardKeys, fetchProgress, type ProgressRow } from './dashboard-api';
import { PACKAGE_LEVELS, type PackageRow, pivotPackages, sumPackages } from './progress';
import { RateBar } from './rate-bar';

export interface ProgressDialogProps {
  open: boolean;
  /** Card title, sent as target (高血压 … or 健康服务包). */
  title: string;
  /** The health-package variant: columns split by package level plus a total. */
  packageVariant: boolean;
  filter: DashboardFilter;
  year: number;
  onClose: () => void;
}

const num = { align: 'right' as const, width: 96 };

/** A 合计 cell of the summary row. */
const sumCell = (index: number, value: number) => (
  <Table.Summary.Cell key={index} index={index} align="right">
    <Typography.Text strong>{value}</Typography.Text>
  </Table.Summary.Cell>
);

/** The dialog's table: bordered, scrolling, with a fixed 合计 row (序号+单位 merged) once it has rows. */
function ProgressTable<T extends object>({
  rowKey,
  rows,
  columns,
  loading,
  scrollX,
  sums,
  rate,
  rateTotal,
}: {
  rowKey: string;
  rows: T[];
  columns: TableProps<T>['columns'];
  loading: boolean;
  scrollX?: number;
  /** The summed numbers, from the third column on. */
  sums: number[];
  rate: number;
  /** The count the 合计 rate is a share of (0: 无数据). */
  rateTotal: number;
}) {
  return (
    <Table<T>
      rowKey={rowKey}
      size="small"
      bordered
      loading={loading}
      dataSource={rows}
      columns={columns}
      pagination={false}
      scroll={{ x: scrollX, y: 420 }}
      data-testid="ring-dialog-table"
      summary={() =>
        rows.length > 0 ? (
          <Table.Summary fixed>
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={2} align="center">
                <Typography.Text strong>合计</Typography.Text>
              </Table.Summary.Cell>
              {sums.map((v, i) => sumCell(i + 2, v))}
              <Table.Summary.Cell index={sums.length + 2}>
                <RateBar rate={rate} total={rateTotal} />
              </Table.Summary.Cell>
            </Table.Summary.Row>
          </Table.Summary>
        ) : null
      }
    />
  );
}

/** 进度统计: unit, people to manage, completed, completion rate (SPEC §9: rounded whole percent). */
function IndicatorProgressTable({ rows, loading }: { rows: ProgressRow[]; loading: boolean }) {
  const total = rows.reduce((s, r) => s + (r.total ?? 0), 0);
  const done = rows.reduce((s, r) => s + (r.status2Total ?? 0), 0);
  const columns: NonNullable<TableProps<ProgressRow>['columns']> = [
    { key: 'index', title: '序号', width: 64, align: 'center', render: (_, __, i) => i + 1 },
    { key: 'unit', dataIndex: 'entOrgNameTwo', title: '单位', render: (v: string) => <UnitName name={v} /> },
    { key: 'total', dataIndex: 'total', title: '应签/应管人数', ...num, width: 120 },
    { key: 'done', dataIndex: 'status2Total', title: '已完成', ...num },
    {
      key: 'rate',
      title: '完成率%',
      width: 180,
      render: (_, row) => <RateBar rate={completionRate(row.status2Total, row.total)} total={row.total ?? 0} />,
    },
  ];
  return (
    <ProgressTable<ProgressRow>
      rowKey="entOrgNameTwo"
      rows={rows}
      columns={columns}
      loading={loading}
      sums={[total, done]}
      rate={completionRate(done, total)}
      rateTotal={total}
    />
  );
}

/** The health-package variant: 一级/二级/三级 (签约数, 完成数) and 合计 = level 1 + 2 + 3 (SPEC §9). */
function PackageProgressTable({ rows, loading }: { rows: ProgressRow[]; loading: boolean }) {
  const pivot = useMemo(() => pivotPackages(rows), [rows]);
  const sum = useMemo(() => sumPackages(pivot), [pivot]);
  const columns: NonNullable<TableProps<PackageRow>['columns']> = [
    { key: 'index', title: '序号', width: 64, align: 'center', fixed: 'left', render: (_, __, i) => i + 1 },
    {
      key: 'unit',
      dataIndex: 'unit',
      title: '单位',
      width: 140,
      fixed: 'left',
      render: (v: string) => <UnitName name={v} />,
    },
    ...PACKAGE_LEVELS.map(({ level, label }) => ({
      key: `level${level}`,
      title: label,
      children: [
        {
          key: `level${level}-total`,
          title: '签约数',
          ...num,
          render: (_: unknown, row: PackageRow) => row.levels[level].total,
        },
        {
          key: `level${level}-done`,
          title: '完成数',
          ...num,
          render: (_: unknown, row: PackageRow) => row.levels[level].done,
        },
      ],
    })),
    {
      key: 'sum',
      title: '合计',
      children: [
        { key: 'sum-total', dataIndex: 'total', title: '签约数', ...num },
        { key: 'sum-done', dataIndex: 'done', title: '完成数', ...num },
        {
          key: 'sum-rate',
          title: '完成率%',
          width: 170,
          render: (_, row) => <RateBar rate={row.rate} total={row.total} />,
        },
      ],
    },
  ];
  return (
    <ProgressTable<PackageRow>
      rowKey="unit"
      rows={pivot}
      columns={columns}
      loading={loading}
      scrollX={1160}
      sums={[
        ...PACKAGE_LEVELS.flatMap(({ level }) => [sum.levels[level].total, sum.levels[level].done]),
        sum.total,
        sum.done,
      ]}
      rate={sum.rate}
      rateTotal={sum.total}
    />
  );
}

/** Mounted only while the dialog is open, so every opening loads the table afresh (SPEC §4). */
function ProgressContent({ title, packageVariant, filter, year }: Omit<ProgressDialogProps, 'open' | 'onClose'>) {
  const progress = useQuery({
    queryKey: dashboardKeys.progress(title, filter, year),
    queryFn: ({ signal }) => fetchProgress(title, filter, year, signal),
  });
  const rows = progress.data ?? [];
  return packageVariant ? (
    <PackageProgressTable rows={rows} loading={progress.isFetching} />
  ) : (
    <IndicatorProgressTable rows={rows} loading={progress.isFetching} />
  );
}

/** SPEC §2 进度统计 dialog of a completion ring: per-unit progress, loaded when opened; read-only, so one 关 闭. */
export function ProgressDialog({ open, title, packageVariant, filter, year, onClose }: ProgressDialogProps) {
  return (
    <Modal
      title={`${title} · 进度统计（${year}年${filter.companyName ? ` · ${filter.companyName}` : ''}）`}
      open={open}
      onCancel={onClose}
      footer={<Button onClick={onClose}>关 闭</Button>}
      width={packageVariant ? 1240 : 760}
      destroyOnHidden
      modalRender={(node) => <div data-testid="ring-dialog">{node}</div>}
    >
      {open && <ProgressContent title={title} packageVariant={packageVariant} filter={filter} year={year} />}
    </Modal>
  );
}
