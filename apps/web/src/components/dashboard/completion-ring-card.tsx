import { InfoCircleOutlined, RightOutlined } from '@ant-design/icons';
import { HEALTH_PACKAGE_TITLE } from '@peis/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Tooltip, Typography, theme } from 'antd';
import { type KeyboardEvent, type MouseEvent, useMemo, useState } from 'react';
import { EChart, type EChartOption } from '../chart';
import { type DashboardFilter, dashboardKeys, fetchProgress, fetchRing, type RingData } from './dashboard-api';
import { DeclineDialog } from './decline-dialog';
import { packageRing } from './progress';
import { ProgressDialog } from './progress-dialog';
import { rateText } from './rate-bar';

export interface CompletionRingCardProps {
  /** Card title: the indicator (高血压 …) or 健康服务包; also the dialogs' target. */
  title: string;
  /** Path key of /company/dashboard/wanchengdu/{key}; absent for the health-package card. */
  indicatorKey?: string;
  filter: DashboardFilter;
  year: number;
  /** Colour of the completed part of the ring. */
  color?: string;
  /** Who is counted (the abnormality's criterion), shown on hovering the card's info icon. */
  criterion?: string;
}

/** The to-do part of the ring (and its legend dot). */
const PENDING_COLOR = '#dfe4ec';

/** data-key of the health-package card (it has no wanchengdu key). */
export const HEALTH_PACKAGE_KEY = 'healthPackage';

/** The ring's numbers: its wanchengdu call, or for 健康服务包 the sum of the package progress rows. */
function useRingData(title: string, indicatorKey: string | undefined, filter: DashboardFilter, year: number) {
  const isPackage = !indicatorKey;
  const ring = useQuery({
    queryKey: dashboardKeys.ring(indicatorKey ?? '', filter, year),
    queryFn: ({ signal }) => fetchRing(indicatorKey!, filter, year, signal),
    enabled: !isPackage,
    placeholderData: keepPreviousData,
  });
  const progress = useQuery({
    queryKey: dashboardKeys.progress(title, filter, year),
    queryFn: ({ signal }) => fetchProgress(title, filter, year, signal),
    enabled: isPackage,
    placeholderData: keepPreviousData,
  });
  const data: RingData | undefined = isPackage ? (progress.data ? packageRing(progress.data) : undefined) : ring.data;
  const query = isPackage ? progress : ring;
  return { data, loading: query.isFetching, error: query.isError };
}

/**
 * SPEC §2 completion-rate ring card: title, a ring with the percentage in its centre, done versus to-do.
 * Clicking the card opens 进度统计 (for 健康服务包 split by package level); the 指标下降率 link of an
 * indicator card opens 指标下降率统计. Dialog tables load when opened.
 */
export function CompletionRingCard({ title, indicatorKey, filter, year, color, criterion }: CompletionRingCardProps) {
  const { token } = theme.useToken();
  const isPackage = !indicatorKey || title === HEALTH_PACKAGE_TITLE;
  const [dialog, setDialog] = useState<'progress' | 'decline' | null>(null);
  const { data, loading, error } = useRingData(title, isPackage ? undefined : indicatorKey, filter, year);
  const done = data?.done ?? 0;
  const todo = data?.todo ?? 0;
  const rate = data?.rate ?? 0;
  // 0 of 0 has no rate: the centre says 无数据 rather than 0%.
  const shownRate = rateText(rate, done + todo);
  const main = color ?? token.colorPrimary;

  const option = useMemo<EChartOption>(() => {
    const empty = done + todo === 0;
    return {
      tooltip: { trigger: 'item', show: !empty, formatter: '{b}：{c} 人（{d}%）', confine: true },
      series: [
        {
          type: 'pie',
          radius: ['60%', '80%'],
          center: ['50%', '50%'],
          silent: empty,
          avoidLabelOverlap: false,
          label: { show: false },
          labelLine: { show: false },
          emphasis: { scale: true, scaleSize: 4 },
          itemStyle: { borderColor: token.colorBgContainer, borderWidth: empty ? 0 : 2 },
          data: empty
            ? [{ name: '暂无', value: 1, itemStyle: { color: PENDING_COLOR } }]
            : [
                { name: '已完成', value: done, itemStyle: { color: main } },
                { name: '待完成', value: todo, itemStyle: { color: PENDING_COLOR } },
              ],
        },
      ],
    };
  }, [done, todo, main, token.colorBgContainer]);

  const open = () => setDialog('progress');
  const openDecline = (e: MouseEvent) => {
    // The link sits inside the card, whose own click opens the other dialog.
    e.stopPropagation();
    setDialog('decline');
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.target === e.currentTarget && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      open();
    }
  };

  return (
    <>
      <Card
        size="small"
        hoverable
        title={title}
        extra={
          criterion ? (
            <Tooltip title={criterion}>
              <InfoCircleOutlined data-testid="ring-criterion" aria-label={criterion} />
            </Tooltip>
          ) : undefined
        }
        data-testid="ring-card"
        data-key={isPackage ? HEALTH_PACKAGE_KEY : indicatorKey}
        role="button"
        tabIndex={0}
        aria-label={`${title}完成度 ${shownRate}，点击查看进度统计`}
        onClick={open}
        onKeyDown={onKeyDown}
        style={{ height: '100%', cursor: 'pointer' }}
        styles={{ body: { padding: '8px 12px 10px' } }}
      >
        <div style={{ position: 'relative' }}>
          <EChart option={option} height={132} loading={loading && !data} />
          <Flex
            vertical
            align="center"
            justify="center"
            style={{
              position: 'absolute',
              inset: 0,
              pointerEvents: 'none',
              // Out of the way of the loading mask on the first load.
              visibility: loading && !data ? 'hidden' : 'visible',
            }}
          >
            <span
              data-testid="ring-rate"
              style={{ fontSize: 22, fontWeight: 600, lineHeight: 1.1, color: token.colorTextHeading }}
            >
              {error && !data ? '--' : shownRate}
            </span>
            <span style={{ fontSize: 12, color: token.colorTextTertiary }}>完成率</span>
          </Flex>
        </div>
        <Flex justify="center" gap={8} wrap style={{ fontSize: 12, whiteSpace: 'nowrap' }} data-testid="ring-split">
          <span>
            <Dot color={main} />
            已完成 <Typography.Text strong>{done}</Typography.Text>
          </span>
          <span>
            <Dot color={PENDING_COLOR} />
            待完成 <Typography.Text strong>{todo}</Typography.Text>
          </span>
        </Flex>
        <Flex justify="center" style={{ marginTop: 4, minHeight: 24 }}>
          {isPackage ? (
            <Typography.Text type="secondary" style={{ fontSize: 12, lineHeight: '24px' }}>
              一级 / 二级 / 三级 服务包
            </Typography.Text>
          ) : (
            <Button type="link" size="small" onClick={openDecline} data-testid="ring-decline-link">
              指标下降率
              <RightOutlined />
            </Button>
          )}
        </Flex>
      </Card>
      {/* Outside the card: clicks inside a dialog must not bubble (through the portal) to the card. */}
      <ProgressDialog
        open={dialog === 'progress'}
        title={title}
        packageVariant={isPackage}
        filter={filter}
        year={year}
        onClose={() => setDialog(null)}
      />
      {!isPackage && (
        <DeclineDialog open={dialog === 'decline'} title={title} filter={filter} onClose={() => setDialog(null)} />
      )}
    </>
  );
}

function Dot({ color }: { color: string }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        width: 8,
        height: 8,
        borderRadius: '50%',
        background: color,
        marginRight: 4,
        verticalAlign: 'middle',
      }}
    />
  );
}
