import { Progress, Space, Typography } from 'antd';

/**
 * A background job that creates records for many people, as its progress call answers it (批量生成处方,
 * 干预模型运行): queued → running → done or failed, with how many people it has done, created and skipped.
 */
export interface CreatingJob {
  status: 'queued' | 'running' | 'done' | 'failed';
  total: number | null;
  done: number | null;
  created: number | null;
  skipped: number | null;
  error: string | null;
}

/** A running background job as a person reads it: '正在…：done/total' and its bar. */
export function JobProgress({
  label,
  done,
  total,
  testId,
}: {
  label: string;
  done: number;
  total: number;
  testId?: string;
}) {
  const percent = total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 0;
  return (
    <Space size={8} wrap data-testid={testId}>
      <Typography.Text>
        {label}：{done}/{total}
      </Typography.Text>
      <Progress percent={percent} status="active" size="small" style={{ width: 140, margin: 0 }} />
    </Space>
  );
}
