import { type Area, findRoute } from '@peis/shared';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { menuIcon } from './menu-icons';
import { buildMenuTree, groupKey, selectedMenuKey } from './navigation';
import { useSession } from './use-session';

type MenuItem = NonNullable<MenuProps['items']>[number];

interface SideMenuProps {
  area: Area;
  collapsed?: boolean;
  /** Called after a menu entry is chosen (the narrow-screen drawer closes itself). */
  onNavigate?: () => void;
}

/** The sidebar menu of one area, limited to the stored menu permissions; selection follows the URL. */
export function SideMenu({ area, collapsed = false, onNavigate }: SideMenuProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { menus } = useSession();
  const route = findRoute(pathname);
  const selected = selectedMenuKey(route);
  const currentGroup = route?.group ? groupKey(route.group) : null;

  const items = useMemo<MenuItem[]>(
    () =>
      buildMenuTree(area, menus).map((node) => ({
        key: node.key,
        label: node.label,
        icon: menuIcon(node.key),
        children: node.children?.map((child) => ({ key: child.key, label: child.label })),
      })),
    [area, menus],
  );

  // Open the current page's group when the URL changes, keeping groups the user opened by hand.
  const [openKeys, setOpenKeys] = useState<string[]>(currentGroup ? [currentGroup] : []);
  useEffect(() => {
    if (currentGroup) setOpenKeys((keys) => (keys.includes(currentGroup) ? keys : [...keys, currentGroup]));
  }, [currentGroup]);

  return (
    <Menu
      data-testid="side-menu"
      mode="inline"
      items={items}
      selectedKeys={selected ? [selected] : []}
      // A collapsed inline menu shows groups as pop-ups; forcing open keys there would pin them open.
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={({ key }) => {
        navigate(key);
        onNavigate?.();
      }}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
