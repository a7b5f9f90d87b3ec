import { Tag } from 'antd';
import { LogEntry, LogTimeline, type PanelProps, RowDrawer } from '../../components/list';
import { type FollowUpPlan, type FollowUpRecord, followUpKeys, methodLabel } from './followup-api';

/** The follow-ups recorded on one plan, newest first. */
export function PlanLogsDrawer({ plan, open, onClose }: PanelProps & { plan: FollowUpPlan | null }) {
  return (
    <RowDrawer
      title={plan ? `随访记录：${plan.name} · ${plan.title}` : '随访记录'}
      open={open}
      onClose={onClose}
      size={520}
      testId="plan-logs-drawer"
    >
      <LogTimeline<FollowUpRecord>
        queryKey={followUpKeys.planLogs(plan?.id ?? 0)}
        path="/follow-up/log"
        filters={{ planId: plan?.id }}
        enabled={open && Boolean(plan)}
        toItem={(r) => ({
          key: r.id,
          title: r.followDate,
          content: (
            <LogEntry
              tag={<Tag color="blue">{methodLabel(r.method)}</Tag>}
              by={r.createdBy}
              text={r.outcome}
              note={r.note}
            />
          ),
        })}
        emptyText="尚未记录随访"
      />
    </RowDrawer>
  );
}
