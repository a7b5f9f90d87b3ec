import { SwapOutlined } from '@ant-design/icons';
import { accountResource, type RouteDef } from '@peis/shared';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useSession } from '../../app/use-session';
import type { RecordsView } from '../../components/list';
import { LiveOrDeletedList } from '../../resource-ui/live-or-deleted-list';

const TRANSFER_MENU = 'company:account/transfer';

/** /company/account: the generic screen of the account resource (在用记录/已删除) plus 调动 → the transfer page. */
export default function AccountPage({ route }: { route: RouteDef }) {
  const navigate = useNavigate();
  const { menus } = useSession();
  const toolbar = (view: RecordsView) =>
    view === 'live' && menus?.includes(TRANSFER_MENU) ? (
      <Button
        icon={<SwapOutlined />}
        onClick={() => navigate('/company/account/transfer')}
        data-testid="account-transfer-link"
      >
        调动
      </Button>
    ) : null;
  return <LiveOrDeletedList resource={accountResource} title={route.title} toolbarExtra={toolbar} />;
}
