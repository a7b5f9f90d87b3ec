import type { RouteDef } from '@peis/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Drawer, Flex, Form, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { type HTMLAttributes, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { RateBar } from '../../components/dashboard/rate-bar';
import { type ListLayout, ListTable, usePagedList } from '../../components/list';
import { phrKeys } from '../../components/phr';
import { CompanyPicker } from '../../components/pickers';
import { fetchProgress, type PhrListRow, type ProgressRow } from './phr-api';

/** 单位 with its counts and rate: the whole row fits at 1440 px; a unit's card on a phone. */
const LAYOUT: ListLayout = {
  title: 'unitName',
  essential: ['employees', 'records', 'complete', 'rate'],
  keepOrder: true,
};

/** SPEC §9: completion rate = completed / total × 100, a rounded whole percent. */
const rateOf = (done: number, total: number) => (total > 0 ? Math.round((done / total) * 100) : 0);

/** The incomplete records of one unit (records not yet created or missing sections), with links to the detail. */
function IncompleteDrawer({ open, unit, onClose }: { open: boolean; unit: ProgressRow | null; onClose: () => void }) {
  const filters = useMemo(() => ({ unitId: unit?.unitId ?? 0 }), [unit?.unitId]);
  const { list, tableProps } = usePagedList<PhrListRow>(['phr', 'incomplete'], '/phr/progress/incomplete', filters, {
    enabled: open && unit !== null,
  });
  const columns: NonNullable<TableProps<PhrListRow>['columns']> = [
    {
      key: 'name',
      dataIndex: 'name',
      title: '姓名',
      width: 110,
      render: (v: string, row) => (
        <Link to={`/main/phr/detail/${row.id}`} data-testid="phr-progress-detail-link">
          {v}
        </Link>
      ),
    },
    {
      key: 'missing',
      title: '缺少内容',
      render: (_: unknown, row) =>
        !row.hasRecord ? (
          <Tag>未建档</Tag>
        ) : (
          <Space size={4} wrap>
            {(row.missing ?? []).map((m) => (
              <Tag key={m} color="warning">
                {m}
              </Tag>
            ))}
          </Space>
        ),
    },
  ];
  return (
    <Drawer title={unit ? `${unit.unitName} · 未完成档案` : '未完成档案'} open={open} onClose={onClose} size={560}>
      <Table<PhrListRow>
        {...tableProps}
        size="small"
        data-testid="phr-progress-incomplete"
        columns={columns}
        locale={{ emptyText: list.isError ? '加载失败' : '该单位档案均已完整' }}
        pagination={{ ...tableProps.pagination, size: 'small', showSizeChanger: false, showTotal: (t) => `共 ${t} 人` }}
      />
    </Drawer>
  );
}

/** /main/phr/progress 建档进度: per unit, employees, records, complete records and the completion rate. */
export default function PhrProgressPage({ route }: { route?: RouteDef }) {
  const [unitId, setUnitId] = useState<number | null>(null);
  // The unit stays while the drawer closes, so its content does not vanish mid-animation.
  const [drawer, setDrawer] = useState<{ open: boolean; unit: ProgressRow | null }>({ open: false, unit: null });
  const progress = useQuery({
    queryKey: phrKeys.progress(unitId),
    queryFn: ({ signal }) => fetchProgress(unitId, signal),
    placeholderData: keepPreviousData,
  });
  const rows = progress.data ?? [];
  const total = useMemo(() => {
    const employees = rows.reduce((s, r) => s + (r.employees ?? 0), 0);
    const records = rows.reduce((s, r) => s + (r.records ?? 0), 0);
    const complete = rows.reduce((s, r) => s + (r.complete ?? 0), 0);
    return { employees, records, complete, rate: rateOf(complete, employees) };
  }, [rows]);

  const columns: NonNullable<TableProps<ProgressRow>['columns']> = [
    { key: 'index', title: '序号', width: 64, render: (_, __, i) => i + 1 },
    {
      key: 'unitName',
      dataIndex: 'unitName',
      title: '单位',
      width: 240,
      render: (v: string) => <Typography.Link>{v}</Typography.Link>,
    },
    { key: 'employees', dataIndex: 'employees', title: '员工数', width: 100, align: 'right' },
    { key: 'records', dataIndex: 'records', title: '已建档', width: 100, align: 'right' },
    { key: 'complete', dataIndex: 'complete', title: '完整档案', width: 100, align: 'right' },
    {
      key: 'rate',
      dataIndex: 'rate',
      title: '完成率',
      width: 220,
      render: (v: number, row) => (
        <RateBar
          rate={typeof v === 'number' ? v : rateOf(row.complete, row.employees)}
          total={row.employees}
          minWidth={120}
        />
      ),
    },
  ];

  return (
    <Flex vertical gap={16} data-testid="phr-progress">
      <Card size="small">
        <Form layout="inline">
          <Form.Item label="单位" style={{ marginBlock: 4, minWidth: 280 }}>
            <CompanyPicker
              value={unitId}
              onChange={(v) => setUnitId(typeof v === 'number' ? v : null)}
              placeholder="全部单位"
            />
          </Form.Item>
        </Form>
      </Card>
      <Card title={route?.title ?? '建档进度'}>
        <ListTable<ProgressRow>
          layout={LAYOUT}
          cardSummary={
            rows.length > 0 ? (
              <Card size="small" data-testid="phr-progress-total">
                <Flex justify="space-between" wrap gap={8}>
                  <Typography.Text strong>合计</Typography.Text>
                  <Typography.Text>
                    员工 {total.employees} · 已建档 {total.records} · 完整 {total.complete}
                  </Typography.Text>
                </Flex>
                <RateBar rate={total.rate} total={total.employees} minWidth={120} />
              </Card>
            ) : null
          }
          rowKey="unitId"
          size="middle"
          loading={progress.isFetching}
          dataSource={rows}
          columns={columns}
          pagination={false}
          locale={{ emptyText: progress.isError ? '加载失败，请稍后重试' : '暂无数据' }}
          onRow={(row) =>
            ({
              onClick: () => setDrawer({ open: true, unit: row }),
              style: { cursor: 'pointer' },
              'data-testid': 'phr-progress-row',
            }) as HTMLAttributes<HTMLElement>
          }
          summary={() =>
            rows.length > 0 ? (
              <Table.Summary fixed>
                <Table.Summary.Row data-testid="phr-progress-total">
                  <Table.Summary.Cell index={0} colSpan={2}>
                    <Typography.Text strong>合计</Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={2} align="right">
                    <Typography.Text strong>{total.employees}</Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={3} align="right">
                    <Typography.Text strong>{total.records}</Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={4} align="right">
                    <Typography.Text strong>{total.complete}</Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={5}>
                    <RateBar rate={total.rate} total={total.employees} minWidth={120} />
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              </Table.Summary>
            ) : null
          }
        />
      </Card>
      <IncompleteDrawer
        key={drawer.unit?.unitId ?? 'none'}
        open={drawer.open}
        unit={drawer.unit}
        onClose={() => setDrawer((d) => ({ ...d, open: false }))}
      />
    </Flex>
  );
}
