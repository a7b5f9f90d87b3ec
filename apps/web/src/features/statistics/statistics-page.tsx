import { DownloadOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import type { RouteDef } from '@peis/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Select, Table, Tabs, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { download, http } from '../../app/http';
import { Permission } from '../../components/Permission';
import { CompanyPicker } from '../../components/pickers';

interface StatisticsData {
  /** `note`: the criterion the column counts (the same as the company dashboard's), shown on hover. */
  columns: { key: string; header: string; note?: string }[];
  rows: Record<string, unknown>[];
}

const YEARS = [2025, 2024, 2023];

/**
 * One statistics table whose columns come from the server (so the screen and its .xlsx export always agree),
 * with the shared filters: unit and year.
 */
function StatisticsTable({
  endpoint,
  title,
  extra,
}: {
  endpoint: string;
  title: string;
  extra?: Record<string, string>;
}) {
  const [unitId, setUnitId] = useState<number | undefined>();
  const [year, setYear] = useState(2025);
  const query = { year, unitId, ...extra };
  const table = useQuery({
    queryKey: ['statistics', endpoint, query],
    queryFn: () => http.get<{ data: StatisticsData }>(endpoint, query).then((r) => r.data),
  });
  const columns = (table.data?.columns ?? []).map((c, i) => ({
    title: c.note ? (
      <Tooltip title={c.note}>
        <span data-testid={`criterion-${c.key}`}>
          {c.header} <QuestionCircleOutlined />
        </span>
      </Tooltip>
    ) : (
      c.header
    ),
    dataIndex: c.key,
    key: c.key,
    fixed: i === 0 ? ('left' as const) : undefined,
    width: i === 0 ? 140 : Math.max(90, c.header.length * 16),
    align: i === 0 ? ('left' as const) : ('right' as const),
  }));
  return (
    <Flex vertical gap={12} data-testid="statistics-table">
      <Flex gap={12} wrap align="center">
        <CompanyPicker
          value={unitId}
          onChange={(v) => setUnitId(v as number | undefined)}
          placeholder="全部单位"
          style={{ width: 260 }}
        />
        <Select
          value={year}
          onChange={setYear}
          options={YEARS.map((y) => ({ value: y, label: `${y}年` }))}
          style={{ width: 120 }}
        />
        <Permission required="statistics:export">
          <Button
            icon={<DownloadOutlined />}
            onClick={() => download(endpoint, { ...query, export: 1 }, `${title}.xlsx`)}
            data-testid="statistics-export"
          >
            导出
          </Button>
        </Permission>
      </Flex>
      <Table
        rowKey={(r) => String(r[table.data?.columns[0]?.key ?? 'unitName'])}
        columns={columns}
        dataSource={table.data?.rows ?? []}
        loading={table.isLoading}
        pagination={false}
        size="small"
        scroll={{ x: 'max-content' }}
        bordered
      />
    </Flex>
  );
}

const PAGES: Record<
  string,
  { endpoint: string; note: string; tabs?: { key: string; label: string; extra: Record<string, string> }[] }
> = {
  'company/statistics/yufenzu': {
    endpoint: '/company/statistics/yufenzu',
    note: '按体检年度，各单位在各风险等级与各类异常（1–3级）中的人数。各类异常的判定标准与公司看板的员工健康指标表相同（鼠标移到列名上查看）。',
  },
  'company/statistics/manbing': {
    endpoint: '/company/statistics/manbing',
    note: '慢病患病率＝该年体检人员中达到慢病标准的比例；较上年为患病率变化（百分点）。判定标准与公司看板相同（鼠标移到列名上查看）。',
    tabs: [
      { key: 'unit', label: '按单位', extra: { by: 'unit' } },
      { key: 'band', label: '按年龄段与性别（%）', extra: { by: 'band' } },
    ],
  },
  'company/statistics/dabing': {
    endpoint: '/company/statistics/dabing',
    note: '大病人数来自健康档案既往史中的冠心病、严重精神障碍、脑梗、脑卒中。',
  },
};

export default function StatisticsPage({ route }: { route: RouteDef }) {
  const page = PAGES[route.path];
  return (
    <Card title={route.title} data-testid="statistics-page">
      <Typography.Paragraph type="secondary">{page.note}</Typography.Paragraph>
      {page.tabs ? (
        <Tabs
          items={page.tabs.map((t) => ({
            key: t.key,
            label: t.label,
            children: <StatisticsTable endpoint={page.endpoint} title={`${route.title}_${t.label}`} extra={t.extra} />,
          }))}
        />
      ) : (
        <StatisticsTable endpoint={page.endpoint} title={route.title} />
      )}
    </Card>
  );
}
