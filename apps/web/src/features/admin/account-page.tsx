import { SwapOutlined } from '@ant-design/icons';
import { accountResource, type RouteDef } from '@peis/shared';
import { Button } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../app/use-session';
import { DeletedViewToggle, type RecordsView } from '../../components/list';
import { ResourceListPage } from '../../resource-ui/resource-list-page';

const TRANSFER_MENU = 'company:account/transfer';

/** /company/account: the generic screen of the account resource (在用记录/已删除) plus 调动 → the transfer page. */
export default function AccountPage({ route }: { route: RouteDef }) {
  const navigate = useNavigate();
  const { menus } = useSession();
  const [view, setView] = useState<RecordsView>('live');
  const toolbar = (
    <>
      {view === 'live' && menus?.includes(TRANSFER_MENU) ? (
        <Button
          icon={<SwapOutlined />}
          onClick={() => navigate('/company/account/transfer')}
          data-testid="account-transfer-link"
        >
          调动
        </Button>
      ) : null}
      <DeletedViewToggle resource={accountResource} view={view} onChange={setView} />
    </>
  );
  return (
    <ResourceListPage
      key={view}
      resource={accountResource}
      title={view === 'deleted' ? `已删除的${accountResource.label}` : route.title}
      deletedView={view === 'deleted'}
      toolbarExtra={toolbar}
    />
  );
}
