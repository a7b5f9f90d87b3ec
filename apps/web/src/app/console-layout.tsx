import { Drawer, Grid, Layout, theme } from 'antd';
import { useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AppBreadcrumb } from './app-breadcrumb';
import { AppHeader, HEADER_HEIGHT } from './app-header';
import { AreaSwitch } from './area-switch';
import { BrandMark } from './brand-mark';
import { areaOfPath } from './navigation';
import { SideMenu } from './side-menu';

const SIDER_WIDTH = 220;

/** Header, sidebar (a drawer on narrow screens), breadcrumbs and the page. */
export function ConsoleLayout() {
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  const area = areaOfPath(pathname);
  const screens = Grid.useBreakpoint();
  // Before the first measurement every breakpoint is undefined: assume a desktop until told otherwise.
  const narrow = screens.md === false;
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader
        narrow={narrow}
        menuCollapsed={narrow ? !drawerOpen : collapsed}
        onToggleMenu={() => (narrow ? setDrawerOpen((o) => !o) : setCollapsed((c) => !c))}
        extra={narrow ? null : <AreaSwitch area={area} />}
      />
      <Layout>
        {narrow ? (
          <Drawer
            placement="left"
            size={260}
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            title={
              <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
                <BrandMark size={22} />
                健康管理服务平台
              </span>
            }
            styles={{ body: { padding: 0 } }}
          >
            <div style={{ padding: 12 }}>
              <AreaSwitch area={area} block />
            </div>
            <SideMenu area={area} onNavigate={() => setDrawerOpen(false)} />
          </Drawer>
        ) : (
          <Layout.Sider
            width={SIDER_WIDTH}
            collapsible
            collapsed={collapsed}
            onCollapse={setCollapsed}
            trigger={null}
            theme="light"
            style={{
              position: 'sticky',
              top: HEADER_HEIGHT,
              height: `calc(100vh - ${HEADER_HEIGHT}px)`,
              overflowY: 'auto',
              borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
            }}
          >
            <SideMenu area={area} collapsed={collapsed} />
          </Layout.Sider>
        )}
        <Layout.Content style={{ padding: narrow ? 12 : 24, minWidth: 0 }}>
          <AppBreadcrumb />
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
