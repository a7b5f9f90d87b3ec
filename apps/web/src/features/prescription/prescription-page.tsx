import { ExperimentOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { RouteDef } from '@peis/shared';
import { Button, Flex } from 'antd';
import { useCallback, useState } from 'react';
import { useSession } from '../../app/use-session';
import { PlanPreview } from '../../components/fitness/weekly-plan';
import { Permission } from '../../components/Permission';
import { EffectDrawer, KINDS, type PrescriptionKind, PrintDialog, resourceOf } from '../../components/prescription';
import type { ResourceRecord } from '../../resource-ui/resource-api';
import { type FormExtra, ResourceFormDialog } from '../../resource-ui/resource-form-dialog';
import { ResourceListPage } from '../../resource-ui/resource-list-page';
import { BulkGenerateDialog } from './bulk-generate-dialog';
import { EffectSummaryCard } from './effect-summary-card';
import { GenerateDialog } from './generate-dialog';

/** Under an exercise prescription's weekly lines while they are edited: the plan's totals against 150 minutes. */
const fitnessFormExtra: FormExtra = () => <PlanPreview linesKey="items" />;

/** The page's own row buttons (an issued one shows both). */
const ROW_ACTION_LABELS = ['打印', '效果'] as const;

type Panel = { kind: 'print' | 'effect'; open: boolean; record: ResourceRecord | null };

/**
 * /main/diet/task 膳食处方 and /main/fitness/task 运动处方: the declared list (its actions 开具, 开始执行, 完成,
 * 作废 by state and permission) with 生成处方 and 批量生成 above it, 打印 and 效果 per row, and the per-unit
 * effect summary under it. The employee account sees its own issued prescriptions here, read only.
 */
export function PrescriptionPage({ kind, route }: { kind: PrescriptionKind; route?: RouteDef }) {
  const meta = KINDS[kind];
  const resource = resourceOf(kind);
  const { session } = useSession();
  const employee = session?.userType === 4;
  const [dialog, setDialog] = useState<'generate' | 'bulk' | null>(null);
  const [editing, setEditing] = useState<{ open: boolean; record: ResourceRecord | null }>({
    open: false,
    record: null,
  });
  const [panel, setPanel] = useState<Panel>({ kind: 'print', open: false, record: null });
  const closePanel = () => setPanel((p) => ({ ...p, open: false }));
  const formExtra = kind === 'fitness' ? fitnessFormExtra : undefined;

  const rowActions = useCallback(
    (r: ResourceRecord) => (
      <>
        <Button
          type="link"
          size="small"
          data-testid="row-print"
          onClick={() => setPanel({ kind: 'print', open: true, record: r })}
        >
          打印
        </Button>
        {Number(r.status) === 1 ? null : (
          <Button
            type="link"
            size="small"
            data-testid="row-effect"
            onClick={() => setPanel({ kind: 'effect', open: true, record: r })}
          >
            效果
          </Button>
        )}
      </>
    ),
    [],
  );
  const toolbar = (
    <Permission required={meta.permissions.add}>
      <Button
        type="primary"
        icon={<ExperimentOutlined />}
        onClick={() => setDialog('generate')}
        data-testid="rx-generate"
      >
        生成处方
      </Button>
      <Button icon={<ThunderboltOutlined />} onClick={() => setDialog('bulk')} data-testid="rx-bulk">
        批量生成
      </Button>
    </Permission>
  );

  return (
    <Flex vertical gap={16} data-testid={`rx-page-${kind}`}>
      <ResourceListPage
        resource={resource}
        title={route?.title ?? meta.label}
        toolbarExtra={toolbar}
        rowActions={rowActions}
        rowActionLabels={ROW_ACTION_LABELS}
        formExtra={formExtra}
      />
      {employee ? null : <EffectSummaryCard kind={kind} />}
      <GenerateDialog
        kind={kind}
        open={dialog === 'generate'}
        onClose={() => setDialog(null)}
        onCreated={(id) => {
          setDialog(null);
          setEditing({ open: true, record: { id } });
        }}
      />
      <BulkGenerateDialog kind={kind} open={dialog === 'bulk'} onClose={() => setDialog(null)} />
      <ResourceFormDialog
        resource={resource}
        record={editing.record}
        open={editing.open}
        formExtra={formExtra}
        onClose={() => setEditing((s) => ({ ...s, open: false }))}
      />
      <PrintDialog
        kind={kind}
        id={panel.record?.id ?? null}
        open={panel.open && panel.kind === 'print'}
        onClose={closePanel}
      />
      <EffectDrawer
        kind={kind}
        id={panel.record?.id ?? null}
        issuedAt={panel.record?.issuedAt ? String(panel.record.issuedAt) : null}
        name={panel.record?.employeeName ? String(panel.record.employeeName) : undefined}
        open={panel.open && panel.kind === 'effect'}
        onClose={closePanel}
      />
    </Flex>
  );
}
