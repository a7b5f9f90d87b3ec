import { Descriptions } from 'antd';
import { LogEntry, LogTimeline, orDash, type PanelProps, RowDrawer } from '../../components/list';
import { UnitName } from '../../components/unit-name';
import { type PositiveLog, type PositiveTask, positiveKeys } from './positive-api';
import { DueDate, LevelTag, LogActionTag, MatchedValues, TaskStatusTag } from './positive-tags';

const COLORS: Record<string, string> = { close: 'green', cancel: 'gray', dismiss: 'gray', assign: 'purple' };

/** 记录: the task and everything done on it (确认 → 改派 → 电话沟通 … → 结案), oldest first. */
export function TaskLogDrawer({ task, open, onClose }: PanelProps & { task: PositiveTask | null }) {
  return (
    <RowDrawer
      title={task ? `处理记录：${task.name} · ${task.ruleName}` : '处理记录'}
      open={open}
      onClose={onClose}
      size={560}
      testId="task-log-drawer"
    >
      {task ? (
        <Descriptions
          size="small"
          column={2}
          bordered
          style={{ marginBottom: 24 }}
          items={[
            { key: 'unit', label: '单位', children: <UnitName name={task.unitName} full />, span: 2 },
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
      <LogTimeline<PositiveLog>
        queryKey={positiveKeys.taskLogs(task?.id ?? 0)}
        path="/positive/log"
        filters={{ taskId: task?.id }}
        enabled={open && Boolean(task)}
        oldestFirst
        toItem={(l) => ({
          key: l.id,
          color: COLORS[l.action] ?? 'blue',
          title: l.createdAt,
          content: <LogEntry tag={<LogActionTag action={l.action} />} by={l.createdBy} text={orDash(l.note)} />,
        })}
        emptyText="暂无处理记录"
        testId="task-log-timeline"
      />
    </RowDrawer>
  );
}
