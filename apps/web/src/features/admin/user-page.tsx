import { type RouteDef, userResource } from '@peis/shared';
import { ResourceListWithPanel } from '../../resource-ui/resource-list-with-panel';
import { ResetPasswordDialog } from './reset-password-dialog';

const BUTTON = { label: '重置密码', permission: 'user:resetPassword', testId: 'row-reset-password' } as const;

/** /company/user: the generic user list plus 重置密码. */
export default function UserPage({ route }: { route: RouteDef }) {
  return (
    <ResourceListWithPanel
      resource={userResource}
      title={route.title}
      button={BUTTON}
      panel={(user, props) => <ResetPasswordDialog user={user} {...props} />}
    />
  );
}
