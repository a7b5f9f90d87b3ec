import { describe, expect, it } from 'vitest';
import { crudPermissions, preset } from './define-resource';
import { numbered, numberedFrom0 } from './options';

describe('declaration builders', () => {
  it('codes options 1..n, or from 0, in the order of their labels', () => {
    expect(numbered('医务室', '健康小屋', '诊所')).toEqual([
      { value: 1, label: '医务室' },
      { value: 2, label: '健康小屋' },
      { value: 3, label: '诊所' },
    ]);
    expect(numberedFrom0('待确认', '已确认')).toEqual([
      { value: 0, label: '待确认' },
      { value: 1, label: '已确认' },
    ]);
  });

  it('writes the usual permission block, with view and import only when asked', () => {
    expect(crudPermissions('company:Facility', 'facility', { view: true, import: true })).toEqual({
      list: 'company:Facility',
      view: 'company:Facility',
      create: 'facility:add',
      update: 'facility:edit',
      remove: 'facility:delete',
      restore: 'facility:delete',
      export: 'facility:export',
      import: 'facility:add',
    });
    const plain = crudPermissions('main:help', 'help');
    expect(plain).toEqual({
      list: 'main:help',
      create: 'help:add',
      update: 'help:edit',
      remove: 'help:delete',
      restore: 'help:delete',
      export: 'help:export',
    });
    // Absent, not undefined: the same keys as the blocks written out before.
    expect(Object.keys(plain)).not.toContain('view');
    expect(Object.keys(plain)).not.toContain('import');
  });

  it('gives each declaration its own preset field', () => {
    expect(preset.remark()).toEqual({ kind: 'textarea', label: '备注', maxLength: 200, span: 24 });
    expect(preset.enabled()).not.toBe(preset.enabled());
  });
});
