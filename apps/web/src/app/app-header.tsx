import { KeyOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { USER_TYPE_LABELS, type UserType } from '@peis/shared';
import { Avatar, Button, Flex, Layout, Tag, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { fileSrc } from '../components/uploaders/upload-request';
import { useHomeUrl } from '../components/use-home-url';
import { BrandMark } from './brand-mark';
import { useSession } from './use-session';

export const HEADER_HEIGHT = 56;

const linkStyle = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: 4,
  padding: '0 6px',
  whiteSpace: 'nowrap',
} as const;

interface AppHeaderProps {
  /** Sider toggle; absent on pages without a sidebar. */
  onToggleMenu?: () => void;
  menuCollapsed?: boolean;
  narrow?: boolean;
  /** Extra controls after the product name (the area switch). */
  extra?: ReactNode;
}

export function AppHeader({ onToggleMenu, menuCollapsed, narrow = false, extra }: AppHeaderProps) {
  const { token } = theme.useToken();
  const { session, profile } = useSession();
  const home = useHomeUrl();
  const name = profile?.name || session?.username || '';
  const role = profile?.roleName || (session ? USER_TYPE_LABELS[session.userType as UserType] : '');

  return (
    <Layout.Header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 100,
        display: 'flex',
        alignItems: 'center',
        gap: 12,
        height: HEADER_HEIGHT,
        lineHeight: `${HEADER_HEIGHT}px`,
        paddingInline: narrow ? 8 : 16,
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      {onToggleMenu && (
        <Button
          type="text"
          aria-label={menuCollapsed ? '展开菜单' : '收起菜单'}
          data-testid="menu-toggle"
          icon={menuCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={onToggleMenu}
        />
      )}
      <Link to={home} style={{ display: 'flex', alignItems: 'center', gap: 8, color: token.colorText, minWidth: 0 }}>
        <BrandMark size={28} />
        <Typography.Text strong style={{ fontSize: narrow ? 15 : 17, whiteSpace: 'nowrap' }} data-testid="brand">
          健康管理服务平台
        </Typography.Text>
      </Link>
      {extra}
      <Flex align="center" gap={narrow ? 4 : 12} style={{ marginInlineStart: 'auto', minWidth: 0 }}>
        <Flex align="center" gap={8} style={{ minWidth: 0 }}>
          {!narrow && (
            <Avatar
              size="small"
              src={fileSrc(profile?.avatar)}
              icon={<UserOutlined />}
              style={{ background: token.colorPrimary }}
              data-testid="header-avatar"
            />
          )}
          <Typography.Text data-testid="header-user-name" ellipsis style={{ maxWidth: narrow ? 72 : 160 }}>
            {name}
          </Typography.Text>
          {!narrow && role && (
            <Tag color="blue" data-testid="header-user-role" style={{ marginInlineEnd: 0 }}>
              {role}
            </Tag>
          )}
        </Flex>
        <Link to="/main/password" data-testid="password-link" title="修改密码" style={linkStyle}>
          <KeyOutlined />
          {!narrow && <span>修改密码</span>}
        </Link>
        <Link to="/logout" data-testid="logout-link" title="退出" style={linkStyle}>
          <LogoutOutlined />
          {!narrow && <span>退出</span>}
        </Link>
      </Flex>
    </Layout.Header>
  );
}
