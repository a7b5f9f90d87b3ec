import { accountResource } from '@peis/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Space, Table, type TableProps } from 'antd';
import { useMemo, useState } from 'react';
import type { Query } from '../../app/http';
import { CompanyPicker } from '../../components/pickers/company-picker';
import { FieldValue } from '../../resource-ui/field-kinds/field-value';
import { fetchList, type ResourceRecord, resourceKeys } from '../../resource-ui/resource-api';

const COLUMN_KEYS = ['name', 'jobNo', 'unitId', 'idCard', 'mobile'] as const;

const columns: TableProps<ResourceRecord>['columns'] = COLUMN_KEYS.map((key) => {
  const f = accountResource.fields[key];
  return {
    key,
    dataIndex: key,
    title: f.label,
    render: (_: unknown, record: ResourceRecord) => (
      <FieldValue fieldKey={key} field={f} record={record} variant="list" />
    ),
  };
});

export interface TransferEmployeeTableProps {
  /** The picked employees, kept across pages and searches. */
  selected: ResourceRecord[];
  onSelect: (rows: ResourceRecord[]) => void;
}

/** The employees to move: GET /account with 姓名/所属单位 filters, server-paged, with row selection. */
export function TransferEmployeeTable({ selected, onSelect }: TransferEmployeeTableProps) {
  const [filters, setFilters] = useState<Query>({});
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const params = useMemo(() => ({ page, pageSize, filters }), [page, pageSize, filters]);
  const list = useQuery({
    queryKey: resourceKeys.list(accountResource, params),
    queryFn: ({ signal }) => fetchList(accountResource, params, signal),
    placeholderData: keepPreviousData,
  });
  const search = (values: { name?: string; unitId?: number | null }) => {
    setFilters({ name: values.name?.trim(), unitId: values.unitId ?? undefined });
    setPage(1);
  };
  const [form] = Form.useForm();

  return (
    <Card title="选择员工" size="small" data-testid="transfer-employees">
      <Form
        name="transfer-search"
        form={form}
        layout="inline"
        onFinish={search}
        style={{ rowGap: 8, marginBottom: 12 }}
      >
        <Form.Item name="name" label="姓名">
          <Input allowClear placeholder="请输入姓名" data-testid="transfer-search-name" />
        </Form.Item>
        <Form.Item name="unitId" label="所属单位">
          <CompanyPicker style={{ width: 200 }} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" data-testid="transfer-search-submit">
              查询
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                search({});
              }}
            >
              重置
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Table<ResourceRecord>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        rowSelection={{
          selectedRowKeys: selected.map((r) => r.id),
          preserveSelectedRowKeys: true,
          onChange: (keys, rows) => {
            // Rows of other pages may come back undefined; keep the ones already known.
            const known = new Map(selected.map((r) => [String(r.id), r]));
            const picked = keys.map((key) => rows.find((r) => r?.id === key) ?? known.get(String(key)));
            onSelect(picked.filter((r): r is ResourceRecord => r !== undefined));
          },
        }}
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
        data-testid="transfer-employee-table"
      />
    </Card>
  );
}
