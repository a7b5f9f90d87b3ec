/**
 * Type-level tests, checked by `npm run typecheck` (tsc includes every file of src; vitest does not run this
 * one). Each `@ts-expect-error` line must fail to compile: if a typo stopped being an error, tsc would report
 * the unused directive.
 */

import { API_PERMISSIONS, type DEFAULT_ROLES } from './permissions';
import type { PermissionCode } from './permissions/codes';
import { crudPermissions, defineResource, field } from './resources/define-resource';
import type { facilityResource } from './resources/facility.resource';
import { RESOURCES } from './resources/index';
import { numbered, numberedFrom0 } from './resources/options';
import type { RecordOf } from './resources/record-of';
import type { ButtonPermission, MenuPermission, RouteKey } from './routes';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const expectType = <T extends true>(): T => true as T;

// Permission codes are the literal union of the route list's menus and buttons and the API permissions.
const ok: PermissionCode[] = ['company:Facility', 'facility:add', 'main:phr', 'phr:view', API_PERMISSIONS.unitTree];
// @ts-expect-error a typo in a button permission
const typoButton: PermissionCode = 'facility:ad';
// @ts-expect-error a typo in a menu permission
const typoMenu: PermissionCode = 'company:facility';
expectType<Equal<'main:phr' | 'company:Facility' extends MenuPermission ? true : false, true>>();
expectType<Equal<'phr:view' | 'account:export-full' extends ButtonPermission ? true : false, true>>();
expectType<Equal<'facility:add' extends MenuPermission ? true : false, false>>();
expectType<Equal<(typeof DEFAULT_ROLES)[number]['buttons'][number], PermissionCode>>();

// Route keys are the literal paths.
const key: RouteKey = 'main/phr/detail/:id';
// @ts-expect-error a typo in a route key
const typoKey: RouteKey = 'main/positive/news';

const fields = {
  name: field.input({ label: '名称', required: true }),
  kind: field.select({ label: '类型', options: [{ value: 1, label: '甲' }] as const }),
  state: field.radio({ label: '状态', required: true, options: [{ value: '待处理', label: '待处理' }] as const }),
  unitId: field.company({ label: '单位', required: true }),
  personId: field.employee({ label: '员工', required: true }),
  open: field.switch({ label: '开放' }),
  tags: field.tags({ label: '标签' }),
  files: field.file({ label: '附件' }),
  password: field.input({ label: '密码', virtual: true }),
  section: field.title({ label: '分组' }),
  lines: field.children({
    label: '明细',
    children: {
      table: 'lines',
      parentColumn: 'parent_id',
      fields: { grams: field.number({ label: '克数', required: true }), note: field.input({ label: '备注' }) },
    },
  }),
};
const base = {
  name: 'sample',
  label: '样例',
  route: '/main/positive/new',
  endpoint: '/sample',
  table: 'samples',
  scope: 'person' as const,
  fields,
};
const sample = defineResource({
  ...base,
  permissions: { list: 'main:positive/new', update: 'positive:confirm' },
  personField: 'personId',
  stateField: 'state',
  titleField: 'name',
  importKey: ['unitId', 'name'],
  unique: [['unitId', 'name']],
  defaultSort: { field: 'name', order: 'asc' },
  actions: { confirm: { label: '确认', from: ['待处理'], permission: 'positive:confirm' } },
});
// @ts-expect-error titleField must be a declared field
defineResource({ ...base, permissions: { list: 'main:positive/new' }, titleField: 'title' });
// @ts-expect-error importKey must list declared fields
defineResource({ ...base, permissions: { list: 'main:positive/new' }, importKey: ['unitId', 'nmae'] });
// @ts-expect-error unique must list declared fields
defineResource({ ...base, permissions: { list: 'main:positive/new' }, unique: [['nmae']] });
// @ts-expect-error defaultSort.field must be a declared field
defineResource({ ...base, permissions: { list: 'main:positive/new' }, defaultSort: { field: 'nmae', order: 'asc' } });
// @ts-expect-error personField must be a declared field
defineResource({ ...base, permissions: { list: 'main:positive/new' }, personField: 'employeeId' });
// @ts-expect-error a typo in a resource permission
defineResource({ ...base, permissions: { list: 'main:positive/nwe' } });
defineResource({
  ...base,
  permissions: { list: 'main:positive/new' },
  stateField: 'state',
  // @ts-expect-error a typo in an action's permission
  actions: { confirm: { label: '确认', from: ['待处理'], permission: 'positive:confrim' } },
});

// The record type follows the field kinds.
type Sample = RecordOf<typeof sample>;
expectType<Equal<Sample['name'], string>>();
expectType<Equal<Sample['kind'], 1 | null>>();
expectType<Equal<Sample['state'], '待处理'>>();
expectType<Equal<Sample['unitId'], number>>();
expectType<Equal<Sample['unitIdName'], string | null>>();
expectType<Equal<Sample['personId'], number>>();
expectType<Equal<Sample['personIdUnitName'], string | null>>();
expectType<Equal<Sample['open'], boolean | null>>();
expectType<Equal<Sample['tags'], string[] | null>>();
expectType<Equal<Sample['files'], { url: string; name: string }[] | null>>();
type Line = NonNullable<Sample['lines']>[number];
expectType<Equal<Line['grams'], number>>();
expectType<Equal<Line['note'], string | null>>();
expectType<Equal<Line['id'], number | undefined>>();
expectType<Equal<Sample['id'], number>>();
expectType<Equal<'password' extends keyof Sample ? true : false, false>>();
expectType<Equal<'section' extends keyof Sample ? true : false, false>>();
type Facility = RecordOf<typeof facilityResource>;
expectType<Equal<Facility['kind'], 1 | 2 | 3 | 4 | 5>>();
expectType<Equal<Facility['status'], 1 | 2 | 3>>();
expectType<Equal<Facility['remark'], string | null>>();
// @ts-expect-error no such field
type NoField = Facility['nmae'];

// Coded options keep their literal values and labels; the permission block builder takes only real codes.
const kinds = numbered('甲', '乙', '丙');
expectType<Equal<(typeof kinds)[number]['value'], 1 | 2 | 3>>();
expectType<Equal<(typeof kinds)[1]['label'], '乙'>>();
const states = numberedFrom0('待确认', '已确认');
expectType<Equal<(typeof states)[number]['value'], 0 | 1>>();
crudPermissions('company:Facility', 'facility', { view: true, import: true });
// @ts-expect-error a typo in the button prefix
crudPermissions('company:Facility', 'facilty');
// @ts-expect-error a prefix without add/edit/delete/export buttons
crudPermissions('main:positive/new', 'positive');
// @ts-expect-error a typo in the menu permission
crudPermissions('company:facility', 'facility');

// The registry stays usable by generic code.
const anyTitle: string | undefined = RESOURCES.facility.titleField;

export type { NoField };
export { anyTitle, key, ok, typoButton, typoKey, typoMenu };
