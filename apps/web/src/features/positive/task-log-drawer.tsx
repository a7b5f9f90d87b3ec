import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Empty, Space, Spin, Timeline, Typography } from 'antd';
import { fetchPaged, orDash } from '../../components/list';
import { type PositiveLog, type PositiveTask, positiveKeys } from './positive-api';
import { DueDate, LevelTag, LogActionTag, MatchedValues, TaskStatusTag } from './positive-tags';

const COLORS: Record<string, string> = { close: 'green', cancel: 'gray', dismiss: 'gray', assign: 'purple' };

/** 记录: the task and everything done on it (确认 → 改派 → 电话沟通 … → 结案), oldest first. */
export function TaskLogDrawer({
  task,
  open,
  onClose,
}: {
  task: PositiveTask | null;
  open: boolean;
  onClose: () => void;
}) {
  const logs = useQuery({
    queryKey: positiveKeys.taskLogs(task?.id ?? 0),
    enabled: open && Boolean(task),
    queryFn: ({ signal }) =>
      fetchPaged<PositiveLog>('/positive/log', { taskId: task?.id, page: 1, pageSize: 500 }, signal),
  });
  const items = [...(logs.data?.records ?? [])].reverse().map((l) => ({
    key: l.id,
    color: COLORS[l.action] ?? 'blue',
    title: l.createdAt,
    content: (
      <Space orientation="vertical" size={2}>
        <Space size={4} wrap>
          <LogActionTag action={l.action} />
          <Typography.Text type="secondary">{orDash(l.createdBy)}</Typography.Text>
        </Space>
        <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{orDash(l.note)}</Typography.Text>
      </Space>
    ),
  }));
  return (
    <Drawer
      title={task ? `处理记录：${task.name} · ${task.ruleName}` : '处理记录'}
      open={open}
      onClose={onClose}
      size={560}
      destroyOnHidden
      data-testid="task-log-drawer"
    >
      {task ? (
        <Descriptions
          size="small"
          column={2}
          bordered
          style={{ marginBottom: 24 }}
          items={[
            { key: 'unit', label: '单位', children: task.unitName, span: 2 },
            { key: 'rule', label: '阳性规则', children: `${task.ruleName}（${task.libraryName}）`, span: 2 },
            { key: 'level', label: '级别', children: <LevelTag level={task.level} /> },
            { key: 'status', label: '状态', children: <TaskStatusTag status={task.status} /> },
            { key: 'matched', label: '异常值', children: <MatchedValues matched={task.matched} />, span: 2 },
            { key: 'assignee', label: '处理人', children: orDash(task.assigneeName) },
            { key: 'due', label: '截止日期', children: <DueDate date={task.dueDate} overdue={task.overdue} /> },
            ...(task.completedAt ? [{ key: 'done', label: '完成时间', children: task.completedAt, span: 2 }] : []),
          ]}
        />
      ) : null}
      {logs.isLoading ? (
        <Spin />
      ) : items.length ? (
        <Timeline items={items} data-testid="task-log-timeline" />
      ) : (
        <Empty description={logs.isError ? '加载失败，请稍后重试' : '暂无处理记录'} />
      )}
    </Drawer>
  );
}
