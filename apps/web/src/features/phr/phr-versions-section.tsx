import { useQuery } from '@tanstack/react-query';
import { Flex, Table, type TableProps, Tag, Tooltip, Typography } from 'antd';
import { pathLabel, phrKeys } from '../../components/phr';
import { fetchVersions, formatTime, type VersionRecord } from './phr-api';

const TYPE_LABELS: Record<string, string> = { add: '新建', edit: '修改' };
const SHOWN_PATHS = 6;

/** What changed in a version, as Chinese field names. */
function ChangedPaths({ paths }: { paths: string[] }) {
  if (!paths?.length) return <Typography.Text type="secondary">-</Typography.Text>;
  const labels = paths.map(pathLabel);
  const shown = labels.slice(0, SHOWN_PATHS);
  return (
    <Flex wrap gap={4}>
      {shown.map((l) => (
        <Tag key={l}>{l}</Tag>
      ))}
      {labels.length > shown.length ? (
        <Tooltip title={labels.slice(SHOWN_PATHS).join('；')}>
          <Tag>等 {labels.length} 项</Tag>
        </Tooltip>
      ) : null}
    </Flex>
  );
}

/** 版本记录: every saved version of the record, newest first. */
export function PhrVersionsSection({ employeeId }: { employeeId: number }) {
  const query = useQuery({
    queryKey: phrKeys.versions(employeeId),
    queryFn: ({ signal }) => fetchVersions(employeeId, signal),
  });
  const rows = [...(query.data ?? [])].sort((a, b) => b.version - a.version);
  const columns: NonNullable<TableProps<VersionRecord>['columns']> = [
    { key: 'version', dataIndex: 'version', title: '版本', width: 80, render: (v: number) => `V${v}` },
    {
      key: 'type',
      dataIndex: 'type',
      title: '类型',
      width: 80,
      render: (v: string | null, row) => TYPE_LABELS[v ?? ''] ?? (row.version === 1 ? '新建' : v || '修改'),
    },
    { key: 'changedBy', dataIndex: 'changedBy', title: '修改人', width: 120, render: (v: string | null) => v || '-' },
    { key: 'changedAt', dataIndex: 'changedAt', title: '修改时间', width: 160, render: (v: string) => formatTime(v) },
    {
      key: 'changedPaths',
      dataIndex: 'changedPaths',
      title: '修改内容',
      render: (v: string[]) => <ChangedPaths paths={v} />,
    },
  ];
  return (
    <Table<VersionRecord>
      rowKey="version"
      size="small"
      loading={query.isLoading}
      dataSource={rows}
      columns={columns}
      pagination={rows.length > 10 ? { pageSize: 10, size: 'small' } : false}
      locale={{ emptyText: query.isError ? '版本记录加载失败' : '暂无版本记录' }}
      scroll={{ x: 640 }}
      data-testid="phr-versions"
    />
  );
}
