import { accountResource } from '@peis/shared';
import { Button, Card, Form, Input, Space, type TableProps } from 'antd';
import { useState } from 'react';
import type { Query } from '../../app/http';
import { type ListLayout, ListTable, usePagedList } from '../../components/list';
import { CompanyPicker } from '../../components/pickers/company-picker';
import { FieldValue } from '../../resource-ui/field-kinds/field-value';
import { fetchList, type ResourceRecord, resourceKeys } from '../../resource-ui/resource-api';

const COLUMN_KEYS = ['name', 'jobNo', 'unitId', 'idCard', 'mobile'] as const;
/** An employee to pick: 姓名 and 所属单位 on the card beside its checkbox (phone). */
const LAYOUT: ListLayout = { title: 'name', essential: ['unitId', 'jobNo'] };

const columns: TableProps<ResourceRecord>['columns'] = COLUMN_KEYS.map((key) => {
  const f = accountResource.fields[key];
  return {
    key,
    dataIndex: key,
    title: f.label,
    width: key === 'idCard' ? 180 : key === 'unitId' ? 160 : 120,
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
  const { tableProps } = usePagedList<ResourceRecord>(
    [...resourceKeys.all(accountResource), 'list'],
    ({ page, pageSize }, signal) => fetchList(accountResource, { page, pageSize, filters }, signal),
    filters,
    { pageSize: 10 },
  );
  const search = (values: { name?: string; unitId?: number | null }) =>
    setFilters({ name: values.name?.trim(), unitId: values.unitId ?? undefined });
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
      <ListTable<ResourceRecord>
        {...tableProps}
        layout={LAYOUT}
        size="small"
        columns={columns}
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
        data-testid="transfer-employee-table"
      />
    </Card>
  );
}
