import { describe, expect, it } from 'vitest';
import { ALL_BUTTON_PERMISSIONS, ALL_ROUTES } from '../routes';
import { field, optionLabel } from './define-resource';
import { fieldSchema, inputSchema } from './field-schema';
import { RESOURCES } from './index';

describe('field schemas (server validation and form rules from one source)', () => {
  it('says 必填项 for a missing required value of every kind', () => {
    const kinds = [
      field.input({ label: '名称', required: true }),
      field.number({ label: '年龄', required: true }),
      field.date({ label: '日期', required: true }),
      field.select({ label: '类型', required: true, options: [{ value: 1, label: '甲' }] }),
      field.company({ label: '单位', required: true }),
    ];
    for (const f of kinds) {
      const r = fieldSchema(f).safeParse(undefined);
      expect(r.success, f.kind).toBe(false);
      expect(r.error?.issues[0].message, f.kind).toBe('必填项');
    }
    expect(fieldSchema(field.input({ label: '名称', required: true })).safeParse('  ').error?.issues[0].message).toBe(
      '必填项',
    );
    expect(
      fieldSchema(field.multiSelect({ label: '多选', required: true })).safeParse([]).error?.issues[0].message,
    ).toBe('必填项');
  });

  it('checks lengths, numbers, dates and option values', () => {
    expect(
      fieldSchema(field.textarea({ label: '备注', maxLength: 5 })).safeParse('123456').error?.issues[0].message,
    ).toBe('备注不能超过5个字');
    const age = fieldSchema(field.number({ label: '年龄', min: 0, max: 150 }));
    expect(age.safeParse(151).error?.issues[0].message).toBe('年龄不能大于150');
    expect(age.safeParse(1.5).error?.issues[0].message).toBe('年龄应为整数');
    expect(age.safeParse(null).success).toBe(true);
    const date = fieldSchema(field.date({ label: '日期' }));
    expect(date.safeParse('2024-02-29').success).toBe(true);
    expect(date.safeParse('2023-02-29').success).toBe(false);
    expect(date.safeParse('2024/01/01').success).toBe(false);
    const kind = fieldSchema(field.select({ label: '类型', options: [{ value: 1, label: '甲' }] }));
    expect(kind.safeParse(1).success).toBe(true);
    expect(kind.safeParse(2).error?.issues[0].message).toBe('类型的取值无效');
    const phone = fieldSchema(field.input({ label: '电话', pattern: { regex: '^\\d+$', message: '电话格式不正确' } }));
    expect(phone.safeParse('12a').error?.issues[0].message).toBe('电话格式不正确');
    expect(phone.parse('')).toBeNull();
  });

  it('asks for the version on update only', () => {
    const def = RESOURCES.facility;
    expect(inputSchema(def, 'create').shape.version).toBeUndefined();
    expect(inputSchema(def, 'update').shape.version).toBeDefined();
    // An initial password belongs to the create form only.
    expect(inputSchema(RESOURCES.user, 'create').shape.initialPassword).toBeDefined();
    expect(inputSchema(RESOURCES.user, 'update').shape.initialPassword).toBeUndefined();
  });

  it('labels coded values', () => {
    const f = field.checkbox({
      label: '多选',
      options: [
        { value: 1, label: '甲' },
        { value: 2, label: '乙' },
      ],
    });
    expect(optionLabel(f, [1, 2])).toBe('甲、乙');
    expect(optionLabel(field.switch({ label: '启用' }), false)).toBe('否');
  });
});

describe('resource registry', () => {
  const routePerms = new Set(ALL_ROUTES.map((r) => r.permission));
  for (const def of Object.values(RESOURCES)) {
    it(`${def.name}: names only real fields, routes and permissions`, () => {
      const keys = Object.keys(def.fields);
      for (const k of [
        ...(def.importKey ?? []),
        ...(def.unique ?? []).flat(),
        def.titleField,
        def.defaultSort?.field,
      ]) {
        if (k) expect(keys, k).toContain(k);
      }
      expect(
        ALL_ROUTES.some((r) => `/${r.path}` === def.route),
        def.route,
      ).toBe(true);
      expect(routePerms.has(def.permissions.list), def.permissions.list).toBe(true);
      for (const [action, p] of Object.entries(def.permissions)) {
        if (action !== 'list' && action !== 'view' && p) expect(ALL_BUTTON_PERMISSIONS, `${action} ${p}`).toContain(p);
      }
      if (def.scope === 'unit') expect(keys).toContain('unitId');
      expect(def.endpoint).toMatch(/^\/[A-Za-z/-]+[A-Za-z]$/);
    });
  }
});
