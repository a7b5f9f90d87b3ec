import { accountResource, type RouteDef } from '@peis/shared';
import { ResourceListPage } from '../../resource-ui/resource-list-page';

/** /company/account/isdelete: the deleted employee accounts, each with 恢复. */
export default function AccountDeletedPage({ route }: { route: RouteDef }) {
  return <ResourceListPage resource={accountResource} title={route.title} deletedView />;
}
