import { positiveRuleResource } from '@peis/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Tag, Tooltip, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { http } from '../../app/http';
import { JobProgress } from '../../components/job-progress';
import { resourceKeys } from '../../resource-ui/resource-api';
import { positiveKeys } from './positive-api';

/** A background re-evaluation of the findings after a rule changed (GET /positive/jobs, newest first). */
interface EvaluationJob {
  id: number;
  reason: string | null;
  status: 'queued' | 'running' | 'done' | 'failed';
  total: number | null;
  done: number | null;
  error: string | null;
  startedAt: string | null;
  finishedAt: string | null;
}

/**
 * Under the rule resource's key: the generic form and list refresh everything under it after a save, delete
 * or restore, so the progress appears as soon as the change has queued its job.
 */
const jobsKey = [...resourceKeys.all(positiveRuleResource), 'jobs'] as const;
const active = (j: EvaluationJob) => j.status === 'queued' || j.status === 'running';

/** '规则变更后正在重新评估：done/total' while a job runs (polled every second), then when it last finished. */
export function RuleJobsProgress() {
  const queryClient = useQueryClient();
  const jobs = useQuery({
    queryKey: jobsKey,
    queryFn: ({ signal }) =>
      http.get<{ data?: EvaluationJob[] }>('/positive/jobs', undefined, { signal }).then((a) => a.data ?? []),
    refetchInterval: (q) => ((q.state.data ?? []).some(active) ? 1000 : false),
  });
  const list = jobs.data ?? [];
  const running = list.filter(active);
  const latest = list[0];

  // When a run ends the findings changed: the finding and task lists elsewhere must not show stale rows.
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && running.length === 0) void queryClient.invalidateQueries({ queryKey: positiveKeys.all });
    wasRunning.current = running.length > 0;
  }, [running.length, queryClient]);

  if (running.length) {
    const done = running.reduce((s, j) => s + (j.done ?? 0), 0);
    const total = running.reduce((s, j) => s + (j.total ?? 0), 0);
    return <JobProgress label="规则变更后正在重新评估" done={done} total={total} testId="rule-jobs-progress" />;
  }
  if (latest?.status === 'failed') {
    return (
      <Tooltip title={latest.error}>
        <Tag color="error" data-testid="rule-jobs-failed">
          重新评估失败（{latest.finishedAt ?? latest.startedAt ?? ''}）
        </Tag>
      </Tooltip>
    );
  }
  if (latest?.status === 'done') {
    return (
      <Typography.Text type="secondary" data-testid="rule-jobs-done">
        最近评估：{latest.finishedAt}完成（{latest.done ?? 0}/{latest.total ?? 0}）
      </Typography.Text>
    );
  }
  return null;
}
