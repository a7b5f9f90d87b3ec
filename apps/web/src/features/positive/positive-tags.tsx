import { RULE_LEVELS } from '@peis/shared';
import { Tag, Tooltip, Typography } from 'antd';
import { FINDING_STATUS, logAction, type Matched, matchedText, matchedTitle, TASK_STATUS } from './positive-api';

/** Rule level as its colour: 黄色 warning, 橙色 orange. */
export function LevelTag({ level }: { level: number }) {
  const label = RULE_LEVELS.find((l) => l.value === level)?.label ?? `级别${level}`;
  return <Tag color={level === 2 ? 'orange' : 'warning'}>{label}</Tag>;
}

export function FindingStatusTag({ status }: { status: number }) {
  const s = FINDING_STATUS[status];
  return s ? <Tag color={s.color}>{s.label}</Tag> : <Tag>{status}</Tag>;
}

export function TaskStatusTag({ status }: { status: number }) {
  const s = TASK_STATUS[status];
  return s ? <Tag color={s.color}>{s.label}</Tag> : <Tag>{status}</Tag>;
}

export function LogActionTag({ action }: { action: string }) {
  const a = logAction(action);
  return <Tag color={a?.color}>{a?.label ?? action}</Tag>;
}

/** The values that made the rule fire, '收缩压 152 / 舒张压 95', with the units on hover. */
export function MatchedValues({ matched }: { matched: Matched | null | undefined }) {
  return (
    <Tooltip title={matchedTitle(matched)}>
      <Typography.Text style={{ whiteSpace: 'nowrap' }}>{matchedText(matched)}</Typography.Text>
    </Tooltip>
  );
}

/** Where every list finds it now (components/list); kept here for the screens that import it from this file. */
export { DueDate } from '../../components/list';
