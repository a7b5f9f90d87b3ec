import { DEFAULT_ROLES, KNOWN_PERMISSIONS, permissionLabel } from '@peis/shared';
import { describe, expect, it } from 'vitest';
import {
  HIDDEN_PERMISSIONS,
  PERMISSION_TREE,
  type PermissionNode,
  SHOWN_CODES,
  splitCodes,
  toggle,
} from './permission-tree';

const all = (nodes: PermissionNode[]): PermissionNode[] => nodes.flatMap((n) => [n, ...all(n.children ?? [])]);
/** Latin letters beyond the scale codes a route is named by (SCL-90). */
const latin = (text: string) => /[A-Za-z]/.test(text.replace(/SCL-90/g, ''));

describe('the role editor’s permission tree', () => {
  const nodes = all(PERMISSION_TREE);

  it('offers only what an administrator can grant, in business terms', () => {
    const titles = nodes.map((n) => n.title);
    expect(titles).not.toContain('组件测试');
    expect(titles).not.toContain('读取单位树');
    expect(titles).toContain('选择单位（筛选与表单中的单位列表）');
    for (const n of nodes) expect(latin(n.title), n.title).toBe(false);
    expect(nodes.filter((n) => n.code && HIDDEN_PERMISSIONS.has(n.code))).toEqual([]);
    for (const code of HIDDEN_PERMISSIONS) expect(SHOWN_CODES.has(code), code).toBe(false);
    expect(SHOWN_CODES.has('main:phr')).toBe(true);
    for (const n of nodes) if (n.code) expect(KNOWN_PERMISSIONS.has(n.code), n.code).toBe(true);
  });

  it('keeps a grant it does not show when the rest is changed', () => {
    const admin = DEFAULT_ROLES.find((r) => r.code === 'companyAdmin')!;
    const held = new Set<string>([...admin.menus, ...admin.buttons]);
    expect(held.has('main:tools/test')).toBe(true);
    const next = toggle(held, 'area:main', false);
    const { menus, buttons } = splitCodes(next);
    expect(menus).toContain('main:tools/test');
    expect(buttons).toContain('tools:test');
    expect(menus).not.toContain('main:phr');
  });

  it('names every code the built-in roles hold', () => {
    for (const role of DEFAULT_ROLES) {
      for (const code of [...role.menus, ...role.buttons]) {
        const label = permissionLabel(code);
        expect(label, code).not.toBe('其他权限');
        expect(latin(label), `${code} → ${label}`).toBe(false);
      }
    }
  });
});
