import type { ResourceDef } from '@peis/shared';
import { type ReactNode, useState } from 'react';
import { DeletedViewToggle, type RecordsView } from '../components/list';
import type { ResourceRecord } from './resource-api';
import type { FieldCells } from './resource-detail-drawer';
import type { FormExtra } from './resource-form-dialog';
import { ResourceListPage } from './resource-list-page';

export interface LiveOrDeletedListProps {
  resource: ResourceDef;
  /** The live list's title (the deleted one is 已删除的…); the resource's label by default. */
  title?: string;
  /** What the toolbar shows before the 在用记录/已删除 switch, per view. */
  toolbarExtra?: (view: RecordsView) => ReactNode;
  /** More row actions on the live records (deleted ones only offer 恢复). Keep it stable (useCallback). */
  liveRowActions?: (record: ResourceRecord) => ReactNode;
  /** Filters the page fixes in both views (ResourceListPage's `fixed`); keep it stable (useMemo). */
  fixed?: Record<string, string | number>;
  /** The create/edit form's own part under the declared fields (ResourceFormDialog's `formExtra`). */
  formExtra?: FormExtra;
  /** How some fields show in the list and the detail (ResourceListPage's `cells`); keep it stable (useMemo). */
  cells?: FieldCells;
}

/**
 * A resource's generic list with, for soft-deleting resources, the switch to its deleted records (恢复) for
 * accounts allowed to restore. Each view is a fresh page (filters, paging).
 */
export function LiveOrDeletedList({
  resource,
  title,
  toolbarExtra,
  liveRowActions,
  fixed,
  formExtra,
  cells,
}: LiveOrDeletedListProps) {
  const [view, setView] = useState<RecordsView>('live');
  const toggle =
    resource.softDelete !== false ? <DeletedViewToggle resource={resource} view={view} onChange={setView} /> : null;
  return (
    <ResourceListPage
      key={`${resource.name}:${view}`}
      resource={resource}
      title={view === 'deleted' ? `已删除的${resource.label}` : (title ?? resource.label)}
      deletedView={view === 'deleted'}
      restoreOffered={toggle !== null}
      toolbarExtra={
        <>
          {toolbarExtra?.(view)}
          {toggle}
        </>
      }
      rowActions={view === 'live' ? liveRowActions : undefined}
      fixed={fixed}
      formExtra={formExtra}
      cells={cells}
    />
  );
}
