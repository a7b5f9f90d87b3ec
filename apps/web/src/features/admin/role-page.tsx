import { type RouteDef, roleResource } from '@peis/shared';
import { useCallback } from 'react';
import { RowButton, useRowDialog } from '../../components/list';
import type { ResourceRecord } from '../../resource-ui/resource-api';
import { ResourceListPage } from '../../resource-ui/resource-list-page';
import { RolePermissionDrawer } from './role-permission-drawer';

/** /company/role: the generic role list plus 权限设置 (menus and buttons of the role). */
export default function RolePage({ route }: { route: RouteDef }) {
  const editing = useRowDialog<ResourceRecord>();
  const { show } = editing;
  const rowActions = useCallback(
    (record: ResourceRecord) => (
      <RowButton permission="role:edit" testId="row-permissions" onClick={() => show(record)}>
        权限设置
      </RowButton>
    ),
    [show],
  );
  return (
    <>
      <ResourceListPage resource={roleResource} title={route.title} rowActions={rowActions} />
      <RolePermissionDrawer role={editing.row} open={editing.open} onClose={editing.close} />
    </>
  );
}
