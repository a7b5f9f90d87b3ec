import { accountResource } from '@peis/shared';
import { Card, type TableProps, Typography } from 'antd';
import { useState } from 'react';
import type { Query } from '../../app/http';
import { type ListLayout, ListTable, NameSearch, usePagedList } from '../../components/list';
import { unitCell } from '../../components/unit-name';
import { resourceKeys } from '../../resource-ui/resource-api';
import type { TransferRecord } from './admin-api';

/** Who moved from where to where, and when it takes effect: in view at 1440 px, a card on a phone. */
const LAYOUT: ListLayout = {
  title: 'employeeName',
  due: 'effectiveDate',
  essential: ['fromUnitName', 'toUnitName'],
  dates: ['effectiveDate'],
  datetimes: ['createdAt'],
  wrap: ['reason'],
};

const columns: TableProps<TransferRecord>['columns'] = [
  { key: 'employeeName', dataIndex: 'employeeName', title: '姓名' },
  { key: 'fromUnitName', dataIndex: 'fromUnitName', title: '调出单位', render: unitCell, width: 160 },
  { key: 'toUnitName', dataIndex: 'toUnitName', title: '调入单位', render: unitCell, width: 160 },
  {
    key: 'reason',
    dataIndex: 'reason',
    title: '调动原因',
    width: 292,
    render: (v: string) => (
      <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 260 }}>
        {v}
      </Typography.Text>
    ),
  },
  { key: 'effectiveDate', dataIndex: 'effectiveDate', title: '生效日期' },
  { key: 'createdBy', dataIndex: 'createdBy', title: '操作人', render: (v: string | null) => v ?? '-' },
  { key: 'createdAt', dataIndex: 'createdAt', title: '操作时间' },
];

/** 调动记录: GET /account/transfer, newest first, with a name filter. */
export function TransferHistory() {
  const [filters, setFilters] = useState<Query>({});
  // Under the account resource's keys, so a transfer (or any account write) refreshes it.
  const { tableProps } = usePagedList<TransferRecord>(
    [...resourceKeys.all(accountResource), 'transfers'],
    '/account/transfer',
    filters,
    { pageSize: 10 },
  );
  return (
    <Card
      title="调动记录"
      size="small"
      extra={<NameSearch onSearch={(name) => setFilters({ name })} testId="transfer-history-search" />}
    >
      <ListTable<TransferRecord>
        {...tableProps}
        layout={LAYOUT}
        size="small"
        columns={columns}
        data-testid="transfer-history"
      />
    </Card>
  );
}
