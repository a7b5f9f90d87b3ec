import {
  ALL_MENU_PERMISSIONS,
  ALL_ROUTES,
  API_PERMISSIONS,
  type Area,
  buttonLabel,
  UNIT_TREE_TITLE,
} from '@peis/shared';

/**
 * The role editor's permission tree, from ALL_ROUTES: 公司端 / 健康管理端 → route groups → routes (a route's
 * menu permission) → its button permissions; plus 选择单位 (API_PERMISSIONS.unitTree, the unit tree every
 * unit picker and filter reads). Developer pages (组件测试) are not offered: an administrator has nothing to
 * grant there; a role that already holds one keeps it, since saving sends every held code. A button code can
 * belong to several routes (statistics:export), so button node keys are `{menu}|{code}`; each node carries the
 * permission code it grants in `code`.
 */
export interface PermissionNode {
  key: string;
  title: string;
  /** The permission this node grants; absent on area and group nodes. */
  code?: string;
  children?: PermissionNode[];
}

/** Menu permissions of developer pages, not offered in the tree. */
export const HIDDEN_PERMISSIONS: ReadonlySet<string> = new Set(['main:tools/test', 'tools:test']);

const AREA_TITLES: Record<Area, string> = { company: '公司端', main: '健康管理端' };

function areaNode(area: Area): PermissionNode {
  const children: PermissionNode[] = [];
  const groups = new Map<string, PermissionNode>();
  const seen = new Set<string>();
  for (const route of ALL_ROUTES) {
    // Detail pages share their list's menu permission: one node per permission.
    if (route.area !== area || seen.has(route.permission) || HIDDEN_PERMISSIONS.has(route.permission)) continue;
    seen.add(route.permission);
    const buttons = [...new Set(route.btnPermissions ?? [])].filter((b) => !HIDDEN_PERMISSIONS.has(b));
    const node: PermissionNode = {
      key: route.permission,
      title: route.title,
      code: route.permission,
      children: buttons.length
        ? buttons.map((b) => ({ key: `${route.permission}|${b}`, title: buttonLabel(b), code: b }))
        : undefined,
    };
    if (!route.group) {
      children.push(node);
      continue;
    }
    let group = groups.get(route.group);
    if (!group) {
      group = { key: `group:${area}:${route.group}`, title: route.group, children: [] };
      groups.set(route.group, group);
      children.push(group);
    }
    group.children?.push(node);
  }
  return { key: `area:${area}`, title: AREA_TITLES[area], children };
}

export const PERMISSION_TREE: PermissionNode[] = [
  areaNode('company'),
  areaNode('main'),
  { key: API_PERMISSIONS.unitTree, title: UNIT_TREE_TITLE, code: API_PERMISSIONS.unitTree },
];

/** Every node by key, with its parent's key. */
const byKey = new Map<string, { node: PermissionNode; parent?: PermissionNode }>();
const walk = (nodes: PermissionNode[], parent?: PermissionNode) => {
  for (const node of nodes) {
    byKey.set(node.key, { node, parent });
    if (node.children) walk(node.children, node);
  }
};
walk(PERMISSION_TREE);

/** The codes a node and its descendants grant. */
function codesUnder(node: PermissionNode): string[] {
  return [...(node.code ? [node.code] : []), ...(node.children ?? []).flatMap(codesUnder)];
}

/** Every code the tree offers (what 已选 N 项 counts: a held code it does not show is not the administrator's choice). */
export const SHOWN_CODES: ReadonlySet<string> = new Set(
  [...byKey.values()].flatMap(({ node }) => (node.code ? [node.code] : [])),
);

/** Keys of the area and group nodes (the default expansion: routes visible, buttons folded). */
export const BRANCH_KEYS: string[] = [...byKey.values()].filter(({ node }) => !node.code).map(({ node }) => node.key);

/** Keys of every node with children (全部展开). */
export const ALL_PARENT_KEYS: string[] = [...byKey.values()]
  .filter(({ node }) => node.children)
  .map(({ node }) => node.key);

/**
 * Checked and half-checked keys of the (check-strictly) tree for a set of granted codes: a node with a code is
 * checked when the code is granted; an area or group node when everything under it is, half when some of it is;
 * a route whose page is not granted but some of whose buttons are shows half.
 */
export function checkState(granted: ReadonlySet<string>): { checked: string[]; halfChecked: string[] } {
  const checked: string[] = [];
  const halfChecked: string[] = [];
  for (const { node } of byKey.values()) {
    if (node.code && granted.has(node.code)) {
      checked.push(node.key);
      continue;
    }
    const codes = codesUnder(node);
    const held = codes.filter((c) => granted.has(c)).length;
    if (!node.code && held === codes.length && codes.length > 0) checked.push(node.key);
    else if (held > 0) halfChecked.push(node.key);
  }
  return { checked, halfChecked };
}

/**
 * Granted codes after (un)checking a node: an area/group or route node takes everything under it along; a
 * button brings its route's page with it (a button on a page one cannot open is of no use); unchecking a button
 * drops only that code.
 */
export function toggle(granted: ReadonlySet<string>, key: string, on: boolean): Set<string> {
  const next = new Set(granted);
  const entry = byKey.get(key);
  if (!entry) return next;
  const { node, parent } = entry;
  const isButton = Boolean(node.code && parent?.code);
  const codes = isButton ? [node.code as string] : codesUnder(node);
  for (const c of codes) {
    if (on) next.add(c);
    else next.delete(c);
  }
  if (on && isButton && parent?.code) next.add(parent.code);
  return next;
}

const MENU_CODES = new Set(ALL_MENU_PERMISSIONS);

/** The PUT /role/{id}/permissions body's two lists. */
export function splitCodes(granted: ReadonlySet<string>): { menus: string[]; buttons: string[] } {
  const all = [...granted];
  return { menus: all.filter((c) => MENU_CODES.has(c)), buttons: all.filter((c) => !MENU_CODES.has(c)) };
}
