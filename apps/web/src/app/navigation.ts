import { type Area, COMPANY_ROUTES, MAIN_ROUTES, type RouteDef } from '@peis/shared';

/** Menus, breadcrumbs and the area switch are all derived from the shared route list (no second copy). */
export const AREA_LABELS: Record<Area, string> = { company: '公司端', main: '健康管理端' };

export const AREA_ROUTES: Record<Area, RouteDef[]> = { company: COMPANY_ROUTES, main: MAIN_ROUTES };

export const AREAS: Area[] = ['company', 'main'];

/** Router path of a route definition (the router runs under the /peis basename). */
export function routeUrl(route: RouteDef): string {
  return `/${route.path}`;
}

export function areaOfPath(pathname: string): Area {
  return pathname === '/company' || pathname.startsWith('/company/') ? 'company' : 'main';
}

export function canOpen(route: RouteDef, menus: readonly string[] | null): boolean {
  return Boolean(menus?.includes(route.permission));
}

/** Routes of an area that appear in the sidebar for these menu permissions, in declaration order. */
export function menuRoutes(area: Area, menus: readonly string[] | null): RouteDef[] {
  return AREA_ROUTES[area].filter((r) => !r.hideInMenu && canOpen(r, menus));
}

/** Areas in which the account has at least one menu (two means the header shows the area switch). */
export function areasWithMenus(menus: readonly string[] | null): Area[] {
  return AREAS.filter((area) => menuRoutes(area, menus).length > 0);
}

export function firstMenuUrl(area: Area, menus: readonly string[] | null): string | null {
  const first = menuRoutes(area, menus)[0];
  return first ? routeUrl(first) : null;
}

export const groupKey = (group: string) => `group:${group}`;

export interface MenuNode {
  key: string;
  label: string;
  /** Route leaf; absent on group nodes. */
  route?: RouteDef;
  children?: MenuNode[];
}

/** Sidebar tree: ungrouped routes stand alone, grouped ones gather in a submenu placed where the group first appears. */
export function buildMenuTree(area: Area, menus: readonly string[] | null): MenuNode[] {
  const tree: MenuNode[] = [];
  const groups = new Map<string, MenuNode>();
  for (const route of menuRoutes(area, menus)) {
    const leaf: MenuNode = { key: routeUrl(route), label: route.title, route };
    if (!route.group) {
      tree.push(leaf);
      continue;
    }
    let node = groups.get(route.group);
    if (!node) {
      node = { key: groupKey(route.group), label: route.group, children: [] };
      groups.set(route.group, node);
      tree.push(node);
    }
    node.children!.push(leaf);
  }
  return tree;
}

/** Menu entry to highlight: the route itself, or for a hidden detail page the listed route it belongs to. */
export function selectedMenuKey(route: RouteDef | undefined): string | null {
  if (!route) return null;
  if (!route.hideInMenu) return routeUrl(route);
  const owner = AREA_ROUTES[route.area].find((r) => !r.hideInMenu && r.permission === route.permission);
  return owner ? routeUrl(owner) : null;
}
