import { API_PERMISSIONS, hasButtonPermission } from '@peis/shared';
import { Tooltip } from 'antd';
import { useCallback, useMemo } from 'react';
import { useSession } from '../app/use-session';
import { type UnitNode, useUnitTree } from './pickers/company-picker';

/** A unit's two names: 第一采油厂第一作业区 (name) and 采油一厂一区 (shortName). */
export interface UnitNames {
  id: number;
  name: string;
  shortName: string;
}

/** Every unit of a tree by id and by either of its names. */
function indexUnits(nodes: readonly UnitNode[]) {
  const byId = new Map<number, UnitNames>();
  const byName = new Map<string, UnitNames>();
  const walk = (list: readonly UnitNode[]) => {
    for (const n of list) {
      const unit = { id: n.id, name: n.name, shortName: n.shortName || n.name };
      byId.set(n.id, unit);
      // A short name wins over another unit's equal long name: lists send short names.
      if (!byName.has(unit.name)) byName.set(unit.name, unit);
      byName.set(unit.shortName, unit);
      walk(n.children ?? []);
    }
  };
  walk(nodes);
  return { byId, byName };
}

/** How a unit is referred to: its id, or a name as an answer sent it (either name). */
export interface UnitRef {
  id?: number | null;
  name?: string | null;
}

/**
 * The unit names of the account's scope, from the one cached unit tree the pickers use (loaded only when the
 * account may read it). `find` answers the unit of an id or of either name; undefined when it is unknown.
 */
export function useUnitNames() {
  const { btnPermissions } = useSession();
  const tree = useUnitTree(undefined, hasButtonPermission(btnPermissions, API_PERMISSIONS.unitTree));
  const index = useMemo(() => indexUnits(tree.data ?? []), [tree.data]);
  const find = useCallback(
    (ref: UnitRef): UnitNames | undefined =>
      (ref.id != null ? index.byId.get(Number(ref.id)) : undefined) ??
      (ref.name ? index.byName.get(ref.name) : undefined),
    [index],
  );
  return { find, loaded: tree.isSuccess };
}

/**
 * One name per unit (docs/decisions.md): tables, charts and tags show the short name (采油一厂一区), forms,
 * details and headings the full name (第一采油厂第一作业区); the other name is in a tooltip. Without the tree
 * (still loading, or a unit outside the account's scope) the name as sent is shown, without a tooltip.
 */
export function UnitName({ id, name, full = false }: UnitRef & { full?: boolean }) {
  const { find } = useUnitNames();
  const unit = find({ id, name });
  if (!unit) return name ? <span data-testid="unit-name">{name}</span> : <>-</>;
  const shown = full ? unit.name : unit.shortName;
  const other = full ? unit.shortName : unit.name;
  if (shown === other) return <span data-testid="unit-name">{shown}</span>;
  return (
    <Tooltip title={other}>
      <span data-testid="unit-name" data-unit-other={other}>
        {shown}
      </span>
    </Tooltip>
  );
}

/** A table cell of a unit sent by short name (a column's `render`): the short name, the full name on hover. */
export const unitCell = (v: unknown) => (v ? <UnitName name={String(v)} /> : '-');

/**
 * A table column of a unit sent by short name (field `dataIndex`, e.g. unitName): the short name, the full
 * name on hover. Spread more column props over it (width, sorter…).
 */
export function unitColumn<T>(dataIndex: keyof T & string, title = '单位') {
  return { key: dataIndex, dataIndex, title, ellipsis: { showTitle: false }, render: unitCell };
}

/**
 * A chart's unit label and its tooltip text from the same source: the short name on the axis, "short（full）"
 * in the tooltip. For ECharts formatters, which take plain text.
 */
export function useUnitLabel() {
  const { find } = useUnitNames();
  return useCallback(
    (name: string) => {
      const unit = find({ name });
      return {
        label: unit?.shortName ?? name,
        tooltip: unit && unit.name !== unit.shortName ? `${unit.shortName}（${unit.name}）` : name,
      };
    },
    [find],
  );
}
