import { Descriptions, type DescriptionsProps, Flex, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { TaskProgress, TaskStatusTag } from '../../components/intervention/task-progress';
import { DATE, DueDate, orDash } from '../../components/list';
import type { ResourceRecord } from '../../resource-ui/resource-api';
import { TaskActionsPanel } from './task-actions';

/**
 * 干预任务's 查看: who and which model (version, check year), status, the period with the due date marked
 * 已逾期 once past, progress, where it came from, its outcome or end reason; then the planned actions with
 * 标记完成 and the declared 完成 / 终止.
 */
export function TaskDetail({ task }: { task: ResourceRecord }) {
  const open = Number(task.status) === 1;
  const today = dayjs().format(DATE);
  const past = (date: unknown) => open && Boolean(date) && String(date) < today;
  const due = task.dueDate as string | null;
  const next = task.nextDue as string | null;
  const items: DescriptionsProps['items'] = [
    {
      key: 'person',
      label: '员工',
      children: (
        <Link to={`/main/phr/detail/${task.employeeId}`} data-testid="hi-task-person">
          {String(task.name ?? '-')}（{String(task.unitName ?? '-')}）
        </Link>
      ),
    },
    { key: 'model', label: '干预模型', children: `${orDash(task.modelName)}（第${orDash(task.modelVersion)}版）` },
    { key: 'year', label: '体检年度', children: orDash(task.year) },
    { key: 'status', label: '状态', children: <TaskStatusTag status={task.status} /> },
    { key: 'start', label: '开始日期', children: orDash(task.startDate) },
    { key: 'due', label: '截止日期', children: <DueDate date={due} overdue={past(due)} /> },
    { key: 'progress', label: '进度', children: <TaskProgress record={task} /> },
    { key: 'next', label: '下一项到期', children: <DueDate date={next} overdue={past(next)} /> },
    { key: 'source', label: '来源', children: task.findingId ? '由已确认的阳性发现启动' : '干预模型运行生成' },
    ...(task.completedAt ? [{ key: 'ended', label: '结束时间', children: orDash(task.completedAt) }] : []),
    ...(task.outcome
      ? [{ key: 'outcome', label: '干预效果', span: 'filled' as const, children: String(task.outcome) }]
      : []),
    ...(task.endReason
      ? [{ key: 'reason', label: '终止原因', span: 'filled' as const, children: String(task.endReason) }]
      : []),
  ];
  return (
    <Flex vertical gap={16} data-testid="hi-task-detail">
      <Descriptions
        bordered
        size="small"
        // Short values: label beside value on a phone too, so the planned actions are near the top.
        styles={{ label: { whiteSpace: 'nowrap' } }}
        column={{ xs: 1, sm: 1, md: 2 }}
        items={items}
      />
      <Typography.Title level={5} style={{ margin: 0 }}>
        干预措施
      </Typography.Title>
      <TaskActionsPanel task={task} />
    </Flex>
  );
}
