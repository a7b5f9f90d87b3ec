import { type RouteDef, userResource } from '@peis/shared';
import { Button } from 'antd';
import { useCallback, useState } from 'react';
import { Permission } from '../../components/Permission';
import type { ResourceRecord } from '../../resource-ui/resource-api';
import { ResourceListPage } from '../../resource-ui/resource-list-page';
import { ResetPasswordDialog } from './reset-password-dialog';

/** /company/user: the generic user list plus 重置密码. */
export default function UserPage({ route }: { route: RouteDef }) {
  const [resetting, setResetting] = useState<{ open: boolean; user: ResourceRecord | null }>({
    open: false,
    user: null,
  });
  const rowActions = useCallback(
    (record: ResourceRecord) => (
      <Permission required="user:resetPassword">
        <Button
          type="link"
          size="small"
          data-testid="row-reset-password"
          onClick={() => setResetting({ open: true, user: record })}
        >
          重置密码
        </Button>
      </Permission>
    ),
    [],
  );
  return (
    <>
      <ResourceListPage resource={userResource} title={route.title} rowActions={rowActions} />
      <ResetPasswordDialog
        user={resetting.user}
        open={resetting.open}
        onClose={() => setResetting((s) => ({ ...s, open: false }))}
      />
    </>
  );
}
