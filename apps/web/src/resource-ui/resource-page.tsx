import { RESOURCES, type RouteDef } from '@peis/shared';
import { Card, Result } from 'antd';
import { LiveOrDeletedList } from './live-or-deleted-list';

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
  if (!resource) {
    return (
      <Card>
        <Result status="404" title="未定义的资源" subTitle={name} />
      </Card>
    );
  }
  return <LiveOrDeletedList resource={resource} title={route?.title} />;
}

/** Default export for lazy loading from the router. */
export default ResourcePage;
