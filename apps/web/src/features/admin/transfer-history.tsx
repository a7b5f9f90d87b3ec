import { accountResource } from '@peis/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Input, Table, type TableProps, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { resourceKeys } from '../../resource-ui/resource-api';
import { fetchTransfers, type TransferRecord } from './admin-api';

const columns: TableProps<TransferRecord>['columns'] = [
  { key: 'employeeName', dataIndex: 'employeeName', title: '姓名' },
  { key: 'fromUnitName', dataIndex: 'fromUnitName', title: '调出单位' },
  { key: 'toUnitName', dataIndex: 'toUnitName', title: '调入单位' },
  {
    key: 'reason',
    dataIndex: 'reason',
    title: '调动原因',
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
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const query = useMemo(() => ({ page, pageSize, name: name || undefined }), [page, pageSize, name]);
  const list = useQuery({
    // Under the account resource's keys, so a transfer (or any account write) refreshes it.
    queryKey: [...resourceKeys.all(accountResource), 'transfers', query],
    queryFn: ({ signal }) => fetchTransfers(query, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <Card
      title="调动记录"
      size="small"
      extra={
        <Input.Search
          allowClear
          placeholder="按姓名查询"
          style={{ width: 220 }}
          onSearch={(v) => {
            setName(v.trim());
            setPage(1);
          }}
          data-testid="transfer-history-search"
        />
      }
    >
      <Table<TransferRecord>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (t) => `共 ${t} 条`,
          onChange: (p, size) => {
            setPage(size !== pageSize ? 1 : p);
            setPageSize(size);
          },
        }}
        data-testid="transfer-history"
      />
    </Card>
  );
}
