import { EyeOutlined } from '@ant-design/icons';
import type { RouteDef } from '@peis/shared';
import { interventionModelResource } from '@peis/shared';
import { Button, Typography } from 'antd';
import { useCallback, useState } from 'react';
import type { RecordsView } from '../../components/list';
import { LiveOrDeletedList } from '../../resource-ui/live-or-deleted-list';
import { useCan } from '../../resource-ui/resource-actions';
import type { ResourceRecord } from '../../resource-ui/resource-api';
import type { FormExtra } from '../../resource-ui/resource-form-dialog';
import { FormConditionPreview, ModelPreviewDialog } from './model-preview-dialog';
import { ModelRunDialog, RunProgress, type RunTarget, runTargetOf, useInterventionJob } from './model-run';

/** 版本记录 one saved version a line, newest first (the server joins them with '；'). */
function ModelVersions({ record }: { record: ResourceRecord }) {
  const lines = String(record.versions ?? '')
    .split('；')
    .filter(Boolean);
  if (!lines.length) return '-';
  return (
    <ul style={{ margin: 0, paddingInlineStart: 18 }} data-testid="hi-model-versions">
      {lines.map((line) => (
        <li key={line}>
          <Typography.Text>{line}</Typography.Text>
        </li>
      ))}
    </ul>
  );
}

const MODEL_CELLS = { versions: (r: ResourceRecord) => <ModelVersions record={r} /> };
const formExtra: FormExtra = ({ record }) => <FormConditionPreview record={record} />;

/**
 * /main/hi/model 干预模型: the declared list and form (触发条件 read in Chinese, written under 表达式（高级）),
 * 预览 — how many people in scope a condition matches, with a sample — and 运行: the count to confirm, then the
 * background job creating the tasks with its progress. The detail shows the model's saved versions.
 */
export default function ModelPage({ route }: { route?: RouteDef }) {
  const resource = interventionModelResource;
  const can = useCan();
  // Running a model creates tasks: the account needs to be able to add them.
  const mayRun = can('hiTask:add');
  const [preview, setPreview] = useState<{ open: boolean; condition: string; modelId?: number }>({
    open: false,
    condition: '',
  });
  const [run, setRun] = useState<{ open: boolean; target: RunTarget | null; jobId: number | null }>({
    open: false,
    target: null,
    jobId: null,
  });
  const { job, active } = useInterventionJob(run.jobId);

  // One button a row: the model's preview, with 运行 after it when the model is enabled and the account may run.
  const rowActions = useCallback(
    (r: ResourceRecord) => {
      const target = runTargetOf(r, mayRun);
      return (
        <Button
          type="link"
          size="small"
          data-testid="hi-row-run"
          onClick={() => setRun({ open: true, target, jobId: null })}
        >
          {target.runnable ? '运行' : '预览'}
        </Button>
      );
    },
    [mayRun],
  );
  const toolbar = (view: RecordsView) =>
    view === 'live' ? (
      <>
        {active && !run.open ? <RunProgress job={job} /> : null}
        <Button
          icon={<EyeOutlined />}
          data-testid="hi-preview"
          onClick={() => setPreview({ open: true, condition: '' })}
        >
          预览
        </Button>
      </>
    ) : null;

  return (
    <>
      <LiveOrDeletedList
        resource={resource}
        title={route?.title}
        toolbarExtra={toolbar}
        liveRowActions={rowActions}
        cells={MODEL_CELLS}
        formExtra={formExtra}
      />
      <ModelPreviewDialog
        condition={preview.condition}
        modelId={preview.modelId}
        open={preview.open}
        onClose={() => setPreview((p) => ({ ...p, open: false }))}
      />
      <ModelRunDialog
        target={run.target}
        jobId={run.jobId}
        open={run.open}
        onStarted={(jobId) => setRun((s) => ({ ...s, jobId }))}
        onClose={() => setRun((s) => ({ ...s, open: false }))}
      />
    </>
  );
}
