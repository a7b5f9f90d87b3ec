import { interventionModelResource, interventionTaskResource } from '@peis/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Modal, Result, Space, Spin, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import {
  fetchJob,
  HI_ROUTES,
  type InterventionJob,
  jobActive,
  previewCondition,
  runModel,
} from '../../components/intervention/intervention-api';
import { JobProgress } from '../../components/job-progress';
import { showFailure } from '../../components/list';
import { invalidateResource, type ResourceRecord, resourceKeys } from '../../resource-ui/resource-api';
import { PreviewResultView } from './preview-result';

/** The model a run is for, as its list row has it. */
export interface RunTarget {
  id: number;
  name: string;
  condition: string;
  /** The model's current version (the one a run makes tasks of). */
  version: number;
  /** Enabled, and the account may add tasks: the dialog offers 运行 after the preview. */
  runnable: boolean;
}

/** A run's job, polled every second while it is queued or running; the task list refreshes when it ends. */
export function useInterventionJob(jobId: number | null) {
  const queryClient = useQueryClient();
  const job = useQuery({
    queryKey: [...resourceKeys.all(interventionModelResource), 'job', jobId],
    queryFn: ({ signal }) => fetchJob(jobId as number, signal),
    enabled: jobId !== null,
    refetchInterval: (q) => (q.state.data === undefined || jobActive(q.state.data) ? 1000 : false),
  });
  const wasActive = useRef(false);
  const active = jobId !== null && (job.data === undefined || jobActive(job.data));
  useEffect(() => {
    if (wasActive.current && !active) void invalidateResource(queryClient, interventionTaskResource);
    wasActive.current = active;
  }, [active, queryClient]);
  return { job: job.data, active };
}

/** '正在生成干预任务：done/total' while a job runs. */
export function RunProgress({ job }: { job: InterventionJob | undefined }) {
  return (
    <JobProgress label="正在生成干预任务" done={job?.done ?? 0} total={job?.total ?? 0} testId="hi-run-progress" />
  );
}

/** What a finished run did: created and skipped, or why it failed. */
function RunOutcome({ job, onOpenTasks }: { job: InterventionJob; onOpenTasks: () => void }) {
  if (job.status === 'failed') {
    return (
      <Result
        status="error"
        title="生成失败"
        subTitle={job.error ?? '后台任务出错，请稍后重试'}
        data-testid="hi-run-failed"
      />
    );
  }
  return (
    <Result
      status="success"
      title="干预任务已生成"
      subTitle={`新建 ${job.created ?? 0} 个，跳过 ${job.skipped ?? 0} 个（同一人、同一模型版本、同一年度已有任务的不重复生成）`}
      extra={
        <Button type="primary" onClick={onOpenTasks} data-testid="hi-run-open-tasks">
          查看干预任务
        </Button>
      }
      data-testid="hi-run-done"
    />
  );
}

/**
 * A model's 预览与运行: first how many people its saved condition matches (the preview: count and sample), then,
 * when it may run and once confirmed, the background job creating one task per person (POST /hi/model/:id/run) with its progress until
 * it is done, and what it created and skipped. Closing while it runs leaves the progress on the page.
 */
export function ModelRunDialog({
  target,
  jobId,
  onStarted,
  open,
  onClose,
}: {
  target: RunTarget | null;
  jobId: number | null;
  onStarted: (jobId: number) => void;
  open: boolean;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const count = useQuery({
    queryKey: [...resourceKeys.all(interventionModelResource), 'run-count', target?.id, target?.version],
    queryFn: () => previewCondition({ condition: target?.condition ?? '', modelId: target?.id }),
    enabled: open && target !== null && jobId === null,
    staleTime: 0,
  });
  const run = useMutation({
    mutationFn: (year: number) => runModel(target?.id as number, year),
    onSuccess: onStarted,
    onError: (e) => showFailure(message, e),
  });
  const { job, active } = useInterventionJob(jobId);

  let body: React.ReactNode;
  let footer: React.ReactNode = <Button onClick={onClose}>关 闭</Button>;
  if (jobId !== null) {
    body =
      active || !job ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <RunProgress job={job} />
          <Typography.Text type="secondary">可以关闭此窗口，生成在后台继续，进度显示在列表上方。</Typography.Text>
        </Space>
      ) : (
        <RunOutcome
          job={job}
          onOpenTasks={() => {
            onClose();
            navigate(HI_ROUTES.task);
          }}
        />
      );
  } else if (count.isPending) {
    body = (
      <div style={{ padding: 24, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  } else if (count.isError) {
    body = <Alert type="error" showIcon title="统计符合条件的人数失败，请稍后重试" />;
  } else {
    const { matched, alreadyTasked, year } = count.data;
    const n = Math.max(0, matched - alreadyTasked);
    body = (
      <Flex vertical gap={12}>
        <PreviewResultView condition={target?.condition ?? ''} result={count.data} />
        {target?.runnable ? (
          <Alert
            type={n > 0 ? 'warning' : 'success'}
            showIcon
            title={
              n > 0
                ? `运行将按${year}年体检为 ${n} 人生成干预任务${alreadyTasked > 0 ? `（另有 ${alreadyTasked} 人已有本版本的任务，跳过）` : ''}`
                : matched > 0
                  ? `符合条件的 ${matched} 人都已有本版本${year}年度的干预任务，无需再运行`
                  : `${year}年体检中没有符合条件的人员，无需运行`
            }
            description="同一人、同一模型版本、同一年度不重复生成；处方为草稿，由工作人员审核后开具。"
            data-testid="hi-run-count"
          />
        ) : null}
      </Flex>
    );
    if (target?.runnable) {
      footer = (
        <>
          <Button onClick={onClose}>取 消</Button>
          <Button
            type="primary"
            disabled={n === 0}
            loading={run.isPending}
            onClick={() => run.mutate(year)}
            data-testid="hi-run-ok"
          >
            运 行
          </Button>
        </>
      );
    }
  }
  return (
    <Modal
      title={
        target ? `${target.runnable ? '预览与运行' : '预览'}：${target.name}（第${target.version}版）` : '预览与运行'
      }
      open={open}
      onCancel={onClose}
      destroyOnHidden
      width={{ xs: '100%', md: jobId === null ? 860 : 560 }}
      footer={footer}
    >
      <div data-testid="hi-run-dialog">{body}</div>
    </Modal>
  );
}

/** The list row of a model as a run target; `mayRun`: the account may add tasks. */
export const runTargetOf = (r: ResourceRecord, mayRun: boolean): RunTarget => ({
  id: Number(r.id),
  name: String(r.name ?? ''),
  condition: String(r.condition ?? ''),
  version: Number(r.currentVersion ?? r.version ?? 1),
  runnable: mayRun && r.enabled !== false,
});
