import type { PermissionCode, ResourceDef } from '@peis/shared';
import { type ReactNode, useCallback } from 'react';
import { type PanelProps, RowButton, useRowDialog } from '../components/list';
import type { ResourceRecord } from './resource-api';
import { ResourceListPage } from './resource-list-page';

export interface ResourceListWithPanelProps {
  resource: ResourceDef;
  title: string;
  /** The row's extra button: shown only with `permission`. */
  button: { label: string; permission: PermissionCode; testId: string };
  /** The dialog or drawer the button opens for its row. */
  panel: (row: ResourceRecord | null, props: PanelProps) => ReactNode;
}

/**
 * A declared resource's generic list plus one hand-written row action that opens a panel for the row
 * (角色 → 权限设置, 用户 → 重置密码).
 */
export function ResourceListWithPanel({ resource, title, button, panel }: ResourceListWithPanelProps) {
  const panelRow = useRowDialog<ResourceRecord>();
  const { show } = panelRow;
  const { label, permission, testId } = button;
  const rowActions = useCallback(
    (record: ResourceRecord) => (
      <RowButton permission={permission} testId={testId} onClick={() => show(record)}>
        {label}
      </RowButton>
    ),
    [show, label, permission, testId],
  );
  return (
    <>
      <ResourceListPage resource={resource} title={title} rowActions={rowActions} />
      {panel(panelRow.row, { open: panelRow.open, onClose: panelRow.close })}
    </>
  );
}
