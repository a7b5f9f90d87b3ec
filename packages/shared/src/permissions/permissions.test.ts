import { describe, expect, it } from 'vitest';
import { ALL_ROUTES, findRoute } from '../routes';
import { DEFAULT_ROLES, hasButtonPermission, homePath, KNOWN_PERMISSIONS } from './index';

describe('SPEC §6 button permission rule', () => {
  it('shows an element only when the stored list holds the required permission', () => {
    expect(hasButtonPermission(['user:add', 'user:edit'], 'user:add')).toBe(true);
    expect(hasButtonPermission(['user:edit'], 'user:add')).toBe(false);
  });
  it('checks only the first required permission', () => {
    expect(hasButtonPermission(['user:add'], ['user:add', 'user:delete'])).toBe(true);
    expect(hasButtonPermission(['user:delete'], ['user:add', 'user:delete'])).toBe(false);
  });
  it('hides when the stored list is missing or nothing is required', () => {
    expect(hasButtonPermission(null, 'user:add')).toBe(false);
    expect(hasButtonPermission(undefined, ['user:add'])).toBe(false);
    expect(hasButtonPermission(['user:add'], [])).toBe(false);
    expect(hasButtonPermission(['user:add'], undefined)).toBe(false);
  });
});

describe('route registry', () => {
  it('declares every route of SPEC §2 once', () => {
    const paths = ALL_ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of [
      'company/dashboard',
      'company/account/isdelete',
      'company/Facility',
      'company/datav/songyi',
      'main/phr/detail/:id',
      'main/healthAssessment/vitality',
      'main/evaluate/fivehighs',
      'main/assessment_view',
      'main/industrial/statistics',
      'main/tools/test',
    ]) {
      expect(paths).toContain(p);
    }
    expect(ALL_ROUTES.filter((r) => r.area === 'company')).toHaveLength(23);
    expect(ALL_ROUTES.filter((r) => r.area === 'main')).toHaveLength(60);
  });
  it('finds a route by a concrete path', () => {
    expect(findRoute('main/phr/detail/12')?.title).toBe('档案详情');
    expect(findRoute('/company/user/')?.title).toBe('用户管理');
    expect(findRoute('main/nothing')).toBeUndefined();
  });
});

describe('default roles', () => {
  it('grant only known permissions', () => {
    for (const role of DEFAULT_ROLES) {
      for (const p of [...role.menus, ...role.buttons])
        expect(KNOWN_PERMISSIONS.has(p), `${role.code} ${p}`).toBe(true);
    }
  });
  it('keep the regular staff role to its own pages', () => {
    const employee = DEFAULT_ROLES.find((r) => r.code === 'employee')!;
    expect(employee.menus.every((m) => m.startsWith('main:'))).toBe(true);
    expect(employee.buttons).not.toContain('phr:add');
  });
  it('land the company administrator on the company dashboard and others on the workbench', () => {
    expect(homePath(1)).toBe('/company/dashboard');
    for (const t of [2, 3, 4]) expect(homePath(t)).toBe('/main/dashboard');
  });
});
