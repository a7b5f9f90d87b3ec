import { useQuery } from '@tanstack/react-query';
import { Empty, Space, Spin, Timeline, type TimelineItemProps, Typography } from 'antd';
import type { ReactNode } from 'react';
import { orDash } from './format';
import { fetchPaged } from './paged-list';

/** One entry of a history: what was done (a tag), by whom, the text written, an optional note. */
export function LogEntry({
  tag,
  by,
  text,
  note,
}: {
  tag: ReactNode;
  by: string | null;
  text: ReactNode;
  note?: string | null;
}) {
  return (
    <Space orientation="vertical" size={2}>
      <Space size={4} wrap>
        {tag}
        <Typography.Text type="secondary">{orDash(by)}</Typography.Text>
      </Space>
      <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{text}</Typography.Text>
      {note ? <Typography.Text type="secondary">备注：{note}</Typography.Text> : null}
    </Space>
  );
}

/**
 * The history of one record (a plan's follow-ups, a task's handling) as a timeline, from a log list endpoint
 * filtered to that record; a history is short, so it comes as one page.
 */
export function LogTimeline<T>({
  queryKey,
  path,
  filters,
  enabled,
  toItem,
  oldestFirst,
  emptyText,
  testId,
}: {
  queryKey: readonly unknown[];
  path: string;
  filters: Record<string, number | undefined>;
  enabled: boolean;
  toItem: (record: T) => TimelineItemProps & { key: number };
  /** The endpoint answers newest first; a task's story reads better from its start. */
  oldestFirst?: boolean;
  emptyText: string;
  testId?: string;
}) {
  const logs = useQuery({
    queryKey,
    enabled,
    queryFn: ({ signal }) => fetchPaged<T>(path, { ...filters, page: 1, pageSize: 500 }, signal),
  });
  const records = logs.data?.records ?? [];
  const items = (oldestFirst ? [...records].reverse() : records).map(toItem);
  if (logs.isLoading) return <Spin />;
  if (!items.length) return <Empty description={logs.isError ? '加载失败，请稍后重试' : emptyText} />;
  return <Timeline items={items} data-testid={testId} />;
}
