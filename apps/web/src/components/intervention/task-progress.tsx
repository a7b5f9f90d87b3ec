import { INTERVENTION_TASK_STATUSES } from '@peis/shared';
import { Flex, Progress, Tag } from 'antd';

/** A task's done/planned actions as a small bar with 'n/m' (from its actionsDone / actionsTotal). */
export function TaskProgress({ record }: { record: Record<string, unknown> }) {
  const done = Number(record.actionsDone ?? 0);
  const total = Number(record.actionsTotal ?? 0);
  return (
    <Flex align="center" gap={8} style={{ minWidth: 0 }} data-testid="hi-task-progress">
      <Progress
        percent={total > 0 ? Math.round((done / total) * 100) : 0}
        showInfo={false}
        size="small"
        status={total > 0 && done === total ? 'success' : 'normal'}
        style={{ width: 64, margin: 0 }}
      />
      <span>
        {done}/{total}
      </span>
    </Flex>
  );
}

const STATUS_COLOR: Record<number, string> = { 1: 'processing', 2: 'success', 3: 'default' };

/** 进行中 / 已完成 / 已终止 as a coloured tag. */
export function TaskStatusTag({ status }: { status: unknown }) {
  const s = INTERVENTION_TASK_STATUSES.find((o) => o.value === Number(status));
  return <Tag color={STATUS_COLOR[Number(status)]}>{s?.label ?? String(status ?? '-')}</Tag>;
}
