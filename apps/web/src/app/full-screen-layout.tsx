import { ArrowLeftOutlined } from '@ant-design/icons';
import type { RouteDef } from '@peis/shared';
import { Button, Flex, Layout, Typography } from 'antd';
import { Outlet, useNavigate } from 'react-router';
import { BrandMark } from './brand-mark';
import { firstMenuUrl } from './navigation';
import { useSession } from './use-session';

/** Data big screens (RouteDef.fullScreen): the whole window for the page, with only a slim bar and a way back. */
export function FullScreenLayout({ route }: { route: RouteDef }) {
  const navigate = useNavigate();
  const { menus } = useSession();
  return (
    <Layout style={{ minHeight: '100vh' }} data-testid="full-screen-layout">
      <Flex align="center" gap={12} style={{ padding: '12px 16px' }}>
        <Button
          icon={<ArrowLeftOutlined />}
          onClick={() => navigate(firstMenuUrl(route.area, menus) ?? `/${route.area}`)}
        >
          返回
        </Button>
        <BrandMark size={24} />
        <Typography.Text strong>健康管理服务平台</Typography.Text>
      </Flex>
      <Layout.Content style={{ padding: 16 }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
