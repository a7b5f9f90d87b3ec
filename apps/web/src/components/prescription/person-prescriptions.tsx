import { PRESCRIPTION_STATUSES } from '@peis/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSession } from '../../app/use-session';
import { fetchList, type ResourceRecord, resourceKeys } from '../../resource-ui/resource-api';
import { orDash } from '../list';
import { num, optLabel } from './derivation';
import { EffectDrawer } from './effect-view';
import { KINDS, type PrescriptionKind, resourceOf } from './prescription-api';
import { PrintDialog } from './print-sheet';

const STATUS_COLOR: Record<number, string> = { 1: 'default', 2: 'processing', 3: 'gold', 4: 'success', 5: 'error' };

/** 草稿 / 已开具 / 执行中 / 已完成 / 已作废 as a coloured tag. */
export function PrescriptionStatusTag({ status }: { status: unknown }) {
  const s = Number(status);
  return <Tag color={STATUS_COLOR[s]}>{optLabel(PRESCRIPTION_STATUSES, s) || '-'}</Tag>;
}

const day = (v: unknown) => (v ? String(v).slice(0, 10) : '-');

/** What a prescription aims at in one line: the daily energy of a diet, the weekly minutes of exercise. */
export function planSummary(kind: PrescriptionKind, r: ResourceRecord): string {
  if (kind === 'diet') {
    const energy = (r.energy ?? {}) as { target?: number };
    const target = r.targetKcal ?? energy.target;
    return target !== undefined && target !== null ? `${num(Number(target), 0)} 千卡/日` : '-';
  }
  if (r.referFirst) return '需先转诊';
  const minutes = r.weeklyMinutes;
  return minutes !== undefined && minutes !== null ? `${num(Number(minutes), 0)} 分钟/周` : '-';
}

type Panel = { kind: 'print' | 'effect'; open: boolean; record: ResourceRecord | null };

/** One kind's prescriptions of a person as a small table with 打印 and 效果. */
function KindTable({
  kind,
  employeeId,
  onOpen,
}: {
  kind: PrescriptionKind;
  employeeId: number;
  onOpen: (panel: Panel['kind'], record: ResourceRecord) => void;
}) {
  const resource = resourceOf(kind);
  const params = { page: 1, pageSize: 50, filters: { employeeId } };
  const list = useQuery({
    queryKey: resourceKeys.list(resource, params),
    queryFn: ({ signal }) => fetchList(resource, params, signal),
  });
  const rows = list.data?.records ?? [];
  const columns: TableProps<ResourceRecord>['columns'] = [
    { key: 'status', title: '状态', width: 86, render: (_, r) => <PrescriptionStatusTag status={r.status} /> },
    { key: 'issuedAt', title: '开具日期', width: 110, render: (_, r) => day(r.issuedAt) },
    {
      key: 'period',
      title: '执行期',
      width: 200,
      render: (_, r) => (r.startDate ? `${day(r.startDate)} 至 ${day(r.endDate)}` : '-'),
    },
    {
      key: 'plan',
      title: kind === 'diet' ? '目标能量' : '每周运动',
      width: 110,
      render: (_, r) => planSummary(kind, r),
    },
    { key: 'createdAt', title: '生成日期', width: 110, render: (_, r) => orDash(day(r.createdAt)) },
    {
      key: 'actions',
      title: '操作',
      width: 120,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" data-testid="person-rx-print" onClick={() => onOpen('print', r)}>
            打印
          </Button>
          <Button
            type="link"
            size="small"
            data-testid="person-rx-effect"
            disabled={Number(r.status) === 1}
            onClick={() => onOpen('effect', r)}
          >
            效果
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <section data-testid={`person-rx-${kind}`}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {KINDS[kind].label}
        <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 'normal', marginInlineStart: 8 }}>
          {list.data ? `${list.data.total} 条` : ''}
        </Typography.Text>
      </Typography.Title>
      {list.isError ? (
        <Typography.Text type="secondary">加载失败</Typography.Text>
      ) : list.data && rows.length === 0 ? (
        <Typography.Text type="secondary">暂无</Typography.Text>
      ) : (
        <Table<ResourceRecord>
          rowKey="id"
          size="small"
          loading={list.isLoading}
          pagination={false}
          columns={columns}
          dataSource={rows}
          scroll={{ x: 'max-content' }}
        />
      )}
    </section>
  );
}

/**
 * 膳食与运动处方 on a person's detail page: a card of the person's diet and exercise prescriptions (the kinds
 * the account may list; no card without any), each with its state, dates and aim, its sheet (打印) and its
 * effect (效果).
 */
export function PersonPrescriptions({ employeeId, className }: { employeeId: number; className?: string }) {
  const { menus } = useSession();
  const kinds = (Object.keys(KINDS) as PrescriptionKind[]).filter((k) =>
    menus?.includes(resourceOf(k).permissions.list),
  );
  const [panel, setPanel] = useState<Panel & { prescriptionKind: PrescriptionKind }>({
    kind: 'print',
    open: false,
    record: null,
    prescriptionKind: 'diet',
  });
  const open = (prescriptionKind: PrescriptionKind) => (kind: Panel['kind'], record: ResourceRecord) =>
    setPanel({ kind, open: true, record, prescriptionKind });
  const close = () => setPanel((p) => ({ ...p, open: false }));
  if (!kinds.length) return null;
  return (
    <Card title="膳食与运动处方" className={className} data-testid="phr-detail-prescriptions">
      <Flex vertical gap={16} data-testid="person-prescriptions">
        {kinds.map((k) => (
          <KindTable key={k} kind={k} employeeId={employeeId} onOpen={open(k)} />
        ))}
        <PrintDialog
          kind={panel.prescriptionKind}
          id={panel.record?.id ?? null}
          open={panel.open && panel.kind === 'print'}
          onClose={close}
        />
        <EffectDrawer
          kind={panel.prescriptionKind}
          id={panel.record?.id ?? null}
          issuedAt={panel.record?.issuedAt ? String(panel.record.issuedAt) : null}
          name={panel.record?.employeeName ? String(panel.record.employeeName) : undefined}
          open={panel.open && panel.kind === 'effect'}
          onClose={close}
        />
      </Flex>
    </Card>
  );
}
