import { ABNORMALITY_TYPES, RISK_LEVELS } from '@peis/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Modal, Result, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { errorText } from '../../app/http';
import { freshOnOpen } from '../../components/fresh-on-open';
import { JobProgress } from '../../components/job-progress';
import { CompanyPicker } from '../../components/pickers';
import {
  fetchGenerateJob,
  type GenerateJob,
  KINDS,
  type PrescriptionKind,
  prescriptionKeys,
  resourceOf,
  startGenerateJob,
} from '../../components/prescription';
import { resourceKeys } from '../../resource-ui/resource-api';
import { bulkFilterOf, type FilterValues, jobDoneText } from './prescription-text';

const LEVELS = [1, 2, 3].map((l) => ({ value: l, label: l === 3 ? '3级' : `${l}级及以上` }));

const running = (j: GenerateJob | undefined) => j?.status === 'queued' || j?.status === 'running';

export interface BulkGenerateDialogProps {
  kind: PrescriptionKind;
  open: boolean;
  onClose: () => void;
}

/**
 * 批量生成: everyone matching a filter (unit, risk level, abnormal group and level) gets a draft, in the
 * background on the server; the dialog follows the job until it is done and says what it made and skipped.
 */
export const BulkGenerateDialog = freshOnOpen(function BulkGenerateDialog({
  kind,
  open,
  onClose,
}: BulkGenerateDialogProps) {
  const meta = KINDS[kind];
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FilterValues>();
  const tag = Form.useWatch('tag', form);
  const [jobId, setJobId] = useState<number | null>(null);

  const start = useMutation({
    mutationFn: (v: FilterValues) => startGenerateJob(kind, bulkFilterOf(v)),
    onSuccess: setJobId,
  });
  const job = useQuery({
    queryKey: prescriptionKeys.job(jobId ?? 0),
    queryFn: ({ signal }) => fetchGenerateJob(jobId as number, signal),
    enabled: jobId !== null,
    refetchInterval: (q) => (q.state.data && !running(q.state.data) ? false : 1000),
  });
  const j = job.data;
  const finished = j !== undefined && !running(j);
  // The new drafts appear in the list once the job has made them.
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: resourceKeys.all(resourceOf(kind)) });
  }, [finished, queryClient, kind]);

  const busy = start.isPending || (jobId !== null && !finished);
  return (
    <Modal
      title={`批量生成${meta.label}`}
      open={open}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      width={560}
      data-testid="bulk-generate"
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose} data-testid="bulk-close">
            {finished ? '关 闭' : busy ? '后台继续，关闭窗口' : '取 消'}
          </Button>
          {jobId === null ? (
            <Button type="primary" loading={start.isPending} onClick={() => form.submit()} data-testid="bulk-start">
              开始生成
            </Button>
          ) : null}
        </Flex>
      }
    >
      {jobId === null ? (
        <>
          <Typography.Paragraph type="secondary">
            为符合条件的员工按各自数据生成{meta.label}草稿；已有草稿、已开具或执行中{meta.label}
            的员工，以及按规则暂不宜开具的员工将被跳过。不选条件即为权限范围内的全部员工。
          </Typography.Paragraph>
          <Form<FilterValues>
            form={form}
            layout="vertical"
            onFinish={(v) => start.mutate(v)}
            disabled={start.isPending}
            data-testid="bulk-form"
          >
            <Form.Item name="unitId" label="单位">
              <CompanyPicker placeholder="全部单位" />
            </Form.Item>
            <Form.Item name="riskLevel" label="风险分级">
              <Select
                allowClear
                placeholder="不限"
                options={RISK_LEVELS.map((r) => ({ value: r, label: r }))}
                aria-label="风险分级"
              />
            </Form.Item>
            <Flex gap={12} wrap>
              <Form.Item name="tag" label="异常分组" style={{ flex: '1 1 180px' }}>
                <Select
                  allowClear
                  placeholder="不限"
                  options={ABNORMALITY_TYPES.map((t) => ({ value: t.key, label: t.label }))}
                  aria-label="异常分组"
                  data-testid="bulk-tag"
                />
              </Form.Item>
              <Form.Item name="minLevel" label="异常级别" style={{ flex: '1 1 140px' }}>
                <Select allowClear placeholder="1级及以上" disabled={!tag} options={LEVELS} aria-label="异常级别" />
              </Form.Item>
            </Flex>
          </Form>
          {start.isError ? <Alert type="error" showIcon title="未能开始" description={errorText(start.error)} /> : null}
        </>
      ) : j?.status === 'failed' ? (
        <Result status="error" title="批量生成失败" subTitle={j.error ?? '请稍后重试'} data-testid="bulk-failed" />
      ) : finished && j ? (
        <Result status="success" title="批量生成完成" subTitle={jobDoneText(meta.label, j)} data-testid="bulk-done" />
      ) : (
        <Flex vertical gap={8} style={{ padding: '24px 0' }}>
          <JobProgress
            label={`正在生成${meta.label}`}
            done={j?.done ?? 0}
            total={j?.total ?? 0}
            testId="bulk-progress"
          />
          <Typography.Text type="secondary">
            已生成 {j?.created ?? 0} 份，跳过 {j?.skipped ?? 0} 人。关闭窗口不影响后台生成。
          </Typography.Text>
        </Flex>
      )}
    </Modal>
  );
});
