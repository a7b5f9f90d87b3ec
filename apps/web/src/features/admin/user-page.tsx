import { type RouteDef, userResource } from '@peis/shared';
import { useCallback } from 'react';
import { RowButton, useRowDialog } from '../../components/list';
import type { ResourceRecord } from '../../resource-ui/resource-api';
import { ResourceListPage } from '../../resource-ui/resource-list-page';
import { ResetPasswordDialog } from './reset-password-dialog';

/** /company/user: the generic user list plus 重置密码. */
export default function UserPage({ route }: { route: RouteDef }) {
  const resetting = useRowDialog<ResourceRecord>();
  const { show } = resetting;
  const rowActions = useCallback(
    (record: ResourceRecord) => (
      <RowButton permission="user:resetPassword" testId="row-reset-password" onClick={() => show(record)}>
        重置密码
      </RowButton>
    ),
    [show],
  );
  return (
    <>
      <ResourceListPage resource={userResource} title={route.title} rowActions={rowActions} />
      <ResetPasswordDialog user={resetting.row} open={resetting.open} onClose={resetting.close} />
    </>
  );
}
