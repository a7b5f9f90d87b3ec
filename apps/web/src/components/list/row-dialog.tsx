import type { PermissionCode, ResourceDef } from '@peis/shared';
import { Button, Drawer, Segmented } from 'antd';
import { type ReactNode, useCallback, useState } from 'react';
import { ResourceGate } from '../../resource-ui/resource-gate';
import { Permission } from '../Permission';

/**
 * The row a dialog or drawer is open for. The row stays while it closes, so its title and content do not
 * flip mid-animation.
 */
export function useRowDialog<T>() {
  const [state, setState] = useState<{ open: boolean; row: T | null }>({ open: false, row: null });
  const show = useCallback((row: T) => setState({ open: true, row }), []);
  const close = useCallback(() => setState((s) => ({ ...s, open: false })), []);
  return { row: state.row, open: state.open, show, close };
}

/** A link button of a list row, shown only with its button permission. */
export function RowButton({
  permission,
  testId,
  onClick,
  children,
}: {
  permission: PermissionCode;
  testId: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Permission required={permission}>
      <Button type="link" size="small" data-testid={testId} onClick={onClick}>
        {children}
      </Button>
    </Permission>
  );
}

export type RecordsView = 'live' | 'deleted';

/** 在用记录 / 已删除: the switch of a soft-deleting resource, for accounts that may restore (or delete). */
export function DeletedViewToggle({
  resource,
  view,
  onChange,
}: {
  resource: ResourceDef;
  view: RecordsView;
  onChange: (view: RecordsView) => void;
}) {
  return (
    <ResourceGate code={resource.permissions.restore ?? resource.permissions.remove}>
      <Segmented<RecordsView>
        value={view}
        onChange={onChange}
        options={[
          { value: 'live', label: '在用记录' },
          { value: 'deleted', label: '已删除' },
        ]}
        data-testid="resource-deleted-toggle"
      />
    </ResourceGate>
  );
}

/** What every dialog and drawer opened from a screen takes: whether it is open, and how it closes. */
export interface PanelProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The side panel of one list row (查看, 记录): destroyed when hidden, so the next row opens on fresh content
 * rather than the previous row's scroll position and queries.
 */
export function RowDrawer({
  title,
  size,
  testId,
  open,
  onClose,
  children,
}: PanelProps & { title: ReactNode; size: number; testId: string; children: ReactNode }) {
  return (
    <Drawer title={title} open={open} onClose={onClose} size={size} destroyOnHidden data-testid={testId}>
      {children}
    </Drawer>
  );
}
