import { type RouteDef, roleResource } from '@peis/shared';
import { Button } from 'antd';
import { useCallback, useState } from 'react';
import { Permission } from '../../components/Permission';
import type { ResourceRecord } from '../../resource-ui/resource-api';
import { ResourceListPage } from '../../resource-ui/resource-list-page';
import { RolePermissionDrawer } from './role-permission-drawer';

/** /company/role: the generic role list plus 权限设置 (menus and buttons of the role). */
export default function RolePage({ route }: { route: RouteDef }) {
  // The role stays while the drawer closes, so its title does not flip mid-animation.
  const [editing, setEditing] = useState<{ open: boolean; role: ResourceRecord | null }>({ open: false, role: null });
  const rowActions = useCallback(
    (record: ResourceRecord) => (
      <Permission required="role:edit">
        <Button
          type="link"
          size="small"
          data-testid="row-permissions"
          onClick={() => setEditing({ open: true, role: record })}
        >
          权限设置
        </Button>
      </Permission>
    ),
    [],
  );
  return (
    <>
      <ResourceListPage resource={roleResource} title={route.title} rowActions={rowActions} />
      <RolePermissionDrawer
        role={editing.role}
        open={editing.open}
        onClose={() => setEditing((s) => ({ ...s, open: false }))}
      />
    </>
  );
}
