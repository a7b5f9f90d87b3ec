import { interventionTaskResource } from '@peis/shared';
import { useQuery } from '@tanstack/react-query';
import { Spin, Table, type TableProps, Typography } from 'antd';
import { Link } from 'react-router';
import { fetchList, type ResourceRecord, resourceKeys } from '../../resource-ui/resource-api';
import { DueDate } from '../list';
import { HI_ROUTES } from './intervention-api';
import { TaskProgress, TaskStatusTag } from './task-progress';

/** A person's tasks shown at most (newest year first); more are a search on 干预任务 away. */
const LIMIT = 50;

/**
 * 健康干预 of a person's page: their 干预任务 (the declared list filtered by employeeId) — model and version,
 * check year, progress, due date marked 已逾期, status — each linking to its detail on 干预任务.
 */
export function PersonInterventions({ employeeId }: { employeeId: number }) {
  const filters = { employeeId };
  const query = useQuery({
    queryKey: [...resourceKeys.all(interventionTaskResource), 'person', employeeId],
    queryFn: ({ signal }) =>
      fetchList(interventionTaskResource, { page: 1, pageSize: LIMIT, sort: 'year', order: 'desc', filters }, signal),
  });
  if (query.isLoading) return <Spin />;
  if (query.isError || !query.data) {
    return <Typography.Text type="secondary">干预任务加载失败，请刷新后重试</Typography.Text>;
  }
  const columns: TableProps<ResourceRecord>['columns'] = [
    {
      key: 'model',
      title: '干预模型',
      render: (_, r) => (
        <Link to={`${HI_ROUTES.task}?id=${r.id}`} data-testid="phr-hi-task-link">
          {String(r.modelName ?? '-')}（第{String(r.modelVersion ?? '-')}版）
        </Link>
      ),
    },
    { key: 'year', dataIndex: 'year', title: '体检年度', width: 90 },
    { key: 'progress', title: '进度', width: 130, render: (_, r) => <TaskProgress record={r} /> },
    {
      key: 'dueDate',
      title: '截止日期',
      width: 170,
      render: (_, r) => <DueDate date={r.dueDate as string | null} overdue={Boolean(r.overdue)} />,
    },
    { key: 'status', title: '状态', width: 90, render: (_, r) => <TaskStatusTag status={r.status} /> },
  ];
  const { records, total } = query.data;
  return (
    <section data-testid="phr-hi-tasks">
      {records.length === 0 ? (
        <Typography.Text type="secondary">暂无干预任务</Typography.Text>
      ) : (
        <Table<ResourceRecord>
          rowKey="id"
          size="small"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={records}
          columns={columns}
          rowClassName={(r) => (r.overdue ? 'work-row-alert' : '')}
        />
      )}
      {total > records.length ? (
        <Typography.Text type="secondary">
          共 {total} 条，此处列出最近 {records.length} 条
        </Typography.Text>
      ) : null}
    </section>
  );
}
