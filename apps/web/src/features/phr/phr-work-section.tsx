import { ABNORMALITY_TYPES } from '@peis/shared';
import { useQuery } from '@tanstack/react-query';
import { Flex, Spin, Table, type TableProps, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { phrKeys } from '../../components/phr';
import { CONTRACT_LEVELS, CONTRACT_STATUS, methodLabel, PLAN_STATUS } from '../followup/followup-api';
import type { Matched } from '../positive/positive-api';
import { DueDate, FindingStatusTag, LevelTag, MatchedValues, TaskStatusTag } from '../positive/positive-tags';
import { fetchPhrWork, type PhrWork } from './phr-api';

/** Risk levels from calm to grave, coloured the same way everywhere on this page. */
const RISK_COLOR: Record<string, string> = {
  健康: 'success',
  风险: 'gold',
  异常: 'orange',
  慢病: 'volcano',
  重病: 'error',
};

function StatusTag({ table, status }: { table: Record<number, { label: string; color: string }>; status: number }) {
  const s = table[status];
  return <Tag color={s?.color}>{s?.label ?? status}</Tag>;
}

/** Each year's grouping: risk level and the abnormal groups with their levels. */
function TagsByYear({ rows }: { rows: PhrWork['tags'] }) {
  const columns: TableProps<PhrWork['tags'][number]>['columns'] = [
    { title: '年度', dataIndex: 'year', width: 90 },
    {
      title: '风险分级',
      dataIndex: 'riskLevel',
      width: 110,
      render: (v: string) => <Tag color={RISK_COLOR[v]}>{v}</Tag>,
    },
    {
      title: '异常分组',
      key: 'groups',
      render: (_, row) => {
        const groups = ABNORMALITY_TYPES.filter((t) => row[t.key] > 0);
        if (!groups.length) return <Typography.Text type="secondary">无</Typography.Text>;
        return (
          <Flex wrap gap={4}>
            {groups.map((t) => (
              <Tag key={t.key} color="error">
                {t.label} {row[t.key]}级
              </Tag>
            ))}
          </Flex>
        );
      },
    },
  ];
  return <Table rowKey="year" size="small" pagination={false} columns={columns} dataSource={rows} />;
}

function Part({
  title,
  count,
  testId,
  children,
}: {
  title: string;
  count: number;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section data-testid={testId}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {title}
        <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 'normal', marginInlineStart: 8 }}>
          {count} 条
        </Typography.Text>
      </Typography.Title>
      {count === 0 ? <Typography.Text type="secondary">暂无</Typography.Text> : children}
    </section>
  );
}

/** One part of the person's work as a small table; `paged`: 20 rows a page once it has more. */
function WorkTable<T extends { id: number }>({
  title,
  testId,
  rows,
  columns,
  paged,
}: {
  title: string;
  testId: string;
  rows: T[];
  columns: TableProps<T>['columns'];
  paged?: boolean;
}) {
  return (
    <Part title={title} count={rows.length} testId={testId}>
      <Table<T>
        rowKey="id"
        size="small"
        pagination={paged && rows.length > 20 ? { pageSize: 20, size: 'small' } : false}
        scroll={{ x: 'max-content' }}
        dataSource={rows}
        columns={columns}
      />
    </Part>
  );
}

/**
 * 健康管理: what the product did with this person's checks — each year's grouping, the positive findings,
 * the management tasks, the follow-up plans and the yearly service packages (GET /phr/{id}/work).
 */
export function PhrWorkSection({ employeeId }: { employeeId: number }) {
  const query = useQuery({
    queryKey: [...phrKeys.detail(employeeId), 'work'],
    queryFn: ({ signal }) => fetchPhrWork(employeeId, signal),
  });
  if (query.isLoading) {
    return (
      <div style={{ padding: 32, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  }
  if (query.isError || !query.data) {
    return <Typography.Text type="secondary">健康管理记录加载失败，请刷新后重试</Typography.Text>;
  }
  const w = query.data;
  type Finding = PhrWork['findings'][number];
  type Task = PhrWork['tasks'][number];
  type Plan = PhrWork['followUps'][number];
  type Contract = PhrWork['contracts'][number];
  return (
    <Flex vertical gap={24} data-testid="phr-work">
      <Part title="历年分组" count={w.tags.length} testId="phr-work-tags">
        <TagsByYear rows={w.tags} />
      </Part>
      <WorkTable<Finding>
        title="阳性发现"
        testId="phr-work-findings"
        rows={w.findings}
        paged
        columns={[
          { title: '体检日期', dataIndex: 'checkDate', width: 110 },
          { title: '规则', dataIndex: 'ruleName' },
          { title: '分类', dataIndex: 'libraryName' },
          { title: '级别', dataIndex: 'level', width: 80, render: (v: number) => <LevelTag level={v} /> },
          {
            title: '异常值',
            dataIndex: 'matched',
            render: (v: Matched) => <MatchedValues matched={v} />,
          },
          { title: '状态', dataIndex: 'status', width: 90, render: (v: number) => <FindingStatusTag status={v} /> },
        ]}
      />
      <WorkTable<Task>
        title="管理任务"
        testId="phr-work-tasks"
        rows={w.tasks}
        columns={[
          { title: '阳性规则', dataIndex: 'ruleName' },
          { title: '责任人', dataIndex: 'assigneeName', render: (v: string | null) => v ?? '-' },
          {
            title: '截止日期',
            dataIndex: 'dueDate',
            render: (v: string, row) => <DueDate date={v} overdue={row.overdue} />,
          },
          { title: '状态', dataIndex: 'status', width: 90, render: (v: number) => <TaskStatusTag status={v} /> },
        ]}
      />
      <WorkTable<Plan>
        title="随访计划"
        testId="phr-work-followups"
        rows={w.followUps}
        columns={[
          { title: '计划', dataIndex: 'title' },
          { title: '方式', dataIndex: 'method', width: 80, render: (v: number) => methodLabel(v) },
          { title: '频率', dataIndex: 'frequencyDays', width: 100, render: (v: number) => `每 ${v} 天` },
          { title: '下次随访', dataIndex: 'nextDate', width: 110 },
          { title: '已随访', dataIndex: 'records', width: 90, render: (v: number) => `${v} 次` },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (v: number) => <StatusTag table={PLAN_STATUS} status={v} />,
          },
        ]}
      />
      <WorkTable<Contract>
        title="健康服务包"
        testId="phr-work-contracts"
        rows={w.contracts}
        columns={[
          { title: '年度', dataIndex: 'year', width: 90 },
          {
            title: '服务包',
            dataIndex: 'level',
            render: (v: number) => CONTRACT_LEVELS.find((l) => l.value === v)?.label ?? v,
          },
          {
            title: '状态',
            dataIndex: 'status',
            render: (v: number) => <StatusTag table={CONTRACT_STATUS} status={v} />,
          },
        ]}
      />
    </Flex>
  );
}
