import { type RouteDef, roleResource } from '@peis/shared';
import { ResourceListWithPanel } from '../../resource-ui/resource-list-with-panel';
import { RolePermissionDrawer } from './role-permission-drawer';

const BUTTON = { label: '权限设置', permission: 'role:edit', testId: 'row-permissions' } as const;

/** /company/role: the generic role list plus 权限设置 (menus and buttons of the role). */
export default function RolePage({ route }: { route: RouteDef }) {
  return (
    <ResourceListWithPanel
      resource={roleResource}
      title={route.title}
      button={BUTTON}
      panel={(role, props) => <RolePermissionDrawer role={role} {...props} />}
    />
  );
}
