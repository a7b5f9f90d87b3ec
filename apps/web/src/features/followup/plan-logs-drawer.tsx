import { useQuery } from '@tanstack/react-query';
import { Drawer, Empty, Space, Spin, Tag, Timeline, Typography } from 'antd';
import { fetchPaged, orDash } from '../../components/list';
import { type FollowUpPlan, type FollowUpRecord, followUpKeys, methodLabel } from './followup-api';

/** The follow-ups recorded on one plan, newest first. */
export function PlanLogsDrawer({
  plan,
  open,
  onClose,
}: {
  plan: FollowUpPlan | null;
  open: boolean;
  onClose: () => void;
}) {
  const logs = useQuery({
    queryKey: followUpKeys.planLogs(plan?.id ?? 0),
    enabled: open && Boolean(plan),
    queryFn: ({ signal }) =>
      fetchPaged<FollowUpRecord>('/follow-up/log', { planId: plan?.id, page: 1, pageSize: 500 }, signal),
  });
  const items = (logs.data?.records ?? []).map((r) => ({
    key: r.id,
    title: r.followDate,
    content: (
      <Space orientation="vertical" size={2}>
        <Space size={4} wrap>
          <Tag color="blue">{methodLabel(r.method)}</Tag>
          <Typography.Text type="secondary">{orDash(r.createdBy)}</Typography.Text>
        </Space>
        <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{r.outcome}</Typography.Text>
        {r.note ? <Typography.Text type="secondary">备注：{r.note}</Typography.Text> : null}
      </Space>
    ),
  }));
  return (
    <Drawer
      title={plan ? `随访记录：${plan.name} · ${plan.title}` : '随访记录'}
      open={open}
      onClose={onClose}
      size={520}
      destroyOnHidden
      data-testid="plan-logs-drawer"
    >
      {logs.isLoading ? (
        <Spin />
      ) : items.length ? (
        <Timeline items={items} />
      ) : (
        <Empty description={logs.isError ? '加载失败，请稍后重试' : '尚未记录随访'} />
      )}
    </Drawer>
  );
}
