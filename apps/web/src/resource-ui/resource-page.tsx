import { RESOURCES, type RouteDef } from '@peis/shared';
import { Card, Result } from 'antd';
import { useState } from 'react';
import { DeletedViewToggle } from '../components/list';
import { ResourceListPage } from './resource-list-page';

export interface ResourcePageProps {
  /** Key of the resource in RESOURCES (its `name`). */
  name: string;
  /** The console route showing it, when opened from the router. */
  route?: RouteDef;
}

/**
 * The screen of a registered resource: its generic list page, and for soft-deleting resources a switch to
 * the deleted records (恢复) for accounts allowed to restore.
 */
export function ResourcePage({ name, route }: ResourcePageProps) {
  const resource = RESOURCES[name];
  const [view, setView] = useState<'live' | 'deleted'>('live');
  if (!resource) {
    return (
      <Card>
        <Result status="404" title="未定义的资源" subTitle={name} />
      </Card>
    );
  }
  const toggle =
    resource.softDelete !== false ? <DeletedViewToggle resource={resource} view={view} onChange={setView} /> : null;
  return (
    <ResourceListPage
      // A fresh page (filters, paging) per view.
      key={`${resource.name}:${view}`}
      resource={resource}
      title={view === 'deleted' ? `已删除的${resource.label}` : (route?.title ?? resource.label)}
      deletedView={view === 'deleted'}
      toolbarExtra={toggle}
    />
  );
}

/** Default export for lazy loading from the router. */
export default ResourcePage;
