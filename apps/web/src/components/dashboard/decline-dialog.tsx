import { useQuery } from '@tanstack/react-query';
import { Modal, Table, type TableProps, Typography } from 'antd';
import { UnitName } from '../unit-name';
import { type DashboardFilter, type DeclineRow, dashboardKeys, fetchDecline } from './dashboard-api';
import { NO_DATA_TEXT } from './rate-bar';

/** SPEC §8: the text of an empty decline table. */
export const DECLINE_EMPTY_TEXT = '暂无数据，请稍后访问';

export interface DeclineDialogProps {
  open: boolean;
  /** Indicator title sent as target (高血压 …). */
  title: string;
  filter: DashboardFilter;
  onClose: () => void;
}

/** The server's fraction as a percent with two decimals; a rise (negative decline) shows in red. */
export function DeclineRate({ rate }: { rate: number }) {
  const value = Number.isFinite(rate) ? rate : 0;
  const text = `${(value * 100).toFixed(2)}%`;
  if (value > 0) return <Typography.Text type="success">{text}</Typography.Text>;
  if (value < 0) return <Typography.Text type="danger">{text}</Typography.Text>;
  return <Typography.Text>{text}</Typography.Text>;
}

const columns: NonNullable<TableProps<DeclineRow>['columns']> = [
  { key: 'name', dataIndex: 'name', title: '单位名称', render: (v: string) => <UnitName name={v} /> },
  { key: 'count2024', dataIndex: 'count2024', title: '2024年人数', align: 'right', width: 130 },
  { key: 'count2025', dataIndex: 'count2025', title: '2025年人数', align: 'right', width: 130 },
  {
    key: 'rate',
    dataIndex: 'rate',
    title: '下降比例',
    align: 'right',
    width: 130,
    // Nobody flagged in 2024: there is nothing to decline from.
    render: (rate: number, row) =>
      row.count2024 > 0 ? (
        <DeclineRate rate={rate} />
      ) : (
        <Typography.Text type="secondary">{NO_DATA_TEXT}</Typography.Text>
      ),
  },
];

/** Mounted only while open: every opening loads the table (SPEC §4). */
function DeclineContent({ title, filter }: { title: string; filter: DashboardFilter }) {
  const decline = useQuery({
    queryKey: dashboardKeys.decline(title, filter),
    queryFn: ({ signal }) => fetchDecline(title, filter, signal),
  });
  return (
    <Table<DeclineRow>
      rowKey="name"
      size="small"
      bordered
      loading={decline.isFetching}
      dataSource={decline.data ?? []}
      columns={columns}
      pagination={false}
      scroll={{ y: 420 }}
      locale={{ emptyText: DECLINE_EMPTY_TEXT }}
      data-testid="decline-table"
    />
  );
}

/**
 * SPEC §2 指标下降率统计: per unit, people flagged with the indicator in 2024 and in 2025 and the decline
 * ratio (PRODUCT.md: (count2024 − count2025) / count2024). Footer buttons 取 消 and 确 定 as SPEC §2 names them
 * word for word; both only close it (the dialog changes nothing).
 */
export function DeclineDialog({ open, title, filter, onClose }: DeclineDialogProps) {
  return (
    <Modal
      title={`${title} · 指标下降率统计`}
      open={open}
      onCancel={onClose}
      onOk={onClose}
      cancelText="取 消"
      okText="确 定"
      width={720}
      destroyOnHidden
      modalRender={(node) => <div data-testid="decline-dialog">{node}</div>}
    >
      {open && <DeclineContent title={title} filter={filter} />}
    </Modal>
  );
}
