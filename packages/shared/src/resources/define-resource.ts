import type { PermissionCode } from '../permissions/codes';

/**
 * Resource definitions: one object per record type, read by the server's generic CRUD routes and by the
 * web's generic list page, form dialog and detail drawer. A new list/form screen is one definition.
 */

/** Field kinds of SPEC §2's generic form renderer, plus the few a console needs beyond them. */
export type FieldKind =
  | 'title' // section title in a form; not a value
  | 'date' // yyyy-MM-dd
  | 'radio'
  | 'input'
  | 'hidden'
  | 'number'
  | 'textarea' // with a word limit and counter
  | 'checkbox' // several values, shown as checkboxes
  | 'multiSelect'
  | 'select'
  | 'company' // unit tree select; value = unit id
  | 'remoteMultiSelect' // values picked from another endpoint
  | 'tags' // select allowing new values
  | 'switch'
  | 'image' // uploaded image; value = file url
  | 'employee' // an employee (value = employees.id); picker searches name / ID number / staff number, lists show name + unit
  | 'children' // a list of child rows with their own declared fields (FieldDef.children), edited as a table
  | 'richText' // sanitised HTML (education materials, principles, help)
  | 'file' // uploaded files (SPEC §5 uploaders); value = [{ url, name }]
  | 'computed'; // read-only value computed by the server (FieldDef.sql, or the resource's hooks); never submitted

export interface Option {
  value: string | number;
  label: string;
}

/** Filter operators (refine's vocabulary) mapped straight to SQL. */
export type FilterOp = 'eq' | 'contains' | 'in' | 'between' | 'inTree';

export interface RemoteSource {
  /** API path under /api, e.g. '/dict/education' or '/user'. */
  endpoint: string;
  pageSize: number;
  labelKey: string;
  valueKey: string;
}

export interface FieldDef {
  kind: FieldKind;
  label: string;
  /** Database column; defaults to the key in snake_case. */
  column?: string;
  required?: boolean;
  /** input/textarea: maximum length (the textarea shows a counter). */
  maxLength?: number;
  /** number: inclusive bounds; decimals kept (0 = integer). */
  min?: number;
  max?: number;
  decimals?: number;
  /** select/radio/checkbox/multiSelect: the allowed values with their labels. */
  options?: readonly Option[];
  /** remoteMultiSelect/select with options from an endpoint. */
  remote?: RemoteSource;
  /** Extra validation for input fields. */
  pattern?: { regex: string; message: string };
  /** Shown as a list column. */
  list?: boolean;
  /** Search filter in the list page. */
  filter?: FilterOp;
  sortable?: boolean;
  /** Left out of the create/edit form (computed or set by the server). */
  hideInForm?: boolean;
  /** Shown in the form but not editable after creation. */
  immutable?: boolean;
  /** Left out of exports. */
  hideInExport?: boolean;
  /** Lists show it masked (ID number, mobile); the detail shows it in full. */
  mask?: 'idCard' | 'mobile';
  placeholder?: string;
  /** Form layout: 24 = full width, 12 = half. */
  span?: number;
  /** The list column's width in px, when the kind's usual width does not fit (e.g. long catalogue names). */
  width?: number;
  /** Default value of a new record. */
  defaultValue?: unknown;
  /** Help text under the field. */
  help?: string;
  /** Submitted with the form but not a column: the resource's hooks use it (e.g. an initial password). */
  virtual?: boolean;
  /** Only in the create form (e.g. an initial password). */
  createOnly?: boolean;
  /** Read-only value computed by SQL instead of a column; `{t}` stands for the table's alias. */
  sql?: string;
  /**
   * input: a rule condition in the expression language of rules/expression.ts. Lists and details read it in
   * Chinese (describeExpression: 收缩压 ≥ 140 或 舒张压 ≥ 90); the raw text only under 表达式（高级）.
   */
  expression?: boolean;
  /** children: the child rows' declaration. */
  children?: ChildCollectionDef;
  /**
   * Shown in the form only while another field holds this value (e.g. the unit picker of 指定单位); `required`
   * then means required while shown. Hidden, it is sent empty. The resource's hooks enforce it on the server.
   */
  shownWhen?: { field: string; equals: string | number | boolean; required?: boolean };
  /** file: accepted extensions (e.g. ['.pdf', '.jpg']) and how many files at most. */
  accept?: readonly string[];
  maxFiles?: number;
}

/**
 * A child collection (FieldDef kind 'children'): rows of `table` pointing at the parent through
 * `parentColumn`, kept in the order given (column `position`), saved with the parent in one transaction and
 * versioned with it. A child field may itself be a 'children' field: two levels at most.
 */
export interface ChildCollectionDef<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
  table: string;
  /** Column of `table` holding the parent's id. */
  parentColumn: string;
  fields: F;
  /** Fewest and most rows (validated on both sides). */
  min?: number;
  max?: number;
  /** Fields whose value must differ between the rows of one parent (e.g. an ingredient appears once). */
  unique?: readonly (keyof F & string)[];
}

/**
 * A declared action (a state transition): the list shows its button on rows whose `stateField` is in `from`
 * for accounts holding `permission`; the server refuses any other state with 409 and the current state,
 * sets the state to `to` (unchanged when `to` is undefined, e.g. 改派), runs the resource's effect hook and
 * writes the audit entry and the resource's log.
 */
export interface ActionDef {
  label: string;
  from: readonly (string | number)[];
  to?: string | number;
  permission: PermissionCode;
  /** The small form of the action (e.g. assignee and due date); none = a confirmation only. */
  fields?: Record<string, FieldDef>;
  /** Can run on several selected rows at once. */
  bulk?: boolean;
  /** Question asked before an action without fields. */
  confirm?: string;
  danger?: boolean;
  /** Message after success, e.g. '已确认'; `{n}` is the number of rows. */
  done?: string;
}

/**
 * The sample-data shape of a catalogue (SPEC §3 "Sample-data entities", §7 mock endpoints): a GET list at `path`
 * answering `{code:200, data:{total, records}}` whose records carry exactly the seed's field names, beside the
 * console's own CRUD calls at `endpoint`. Same permission and scope as the list.
 */
export interface SeedView {
  /** API path under /api, e.g. '/diet/ingredients'. */
  path: string;
  /**
   * Seed name → the record's key ('id' or a declared field); a child collection maps to its field and the
   * seed names of its rows, e.g. `diList: { field: 'lines', names: { id: 'ingredientId', name: 'ingredientName', weight: 'grams' } }`.
   */
  names: Record<string, string | { field: string; names: Record<string, string> }>;
  /** The declared field (filter 'contains') the `name` query parameter searches. */
  nameField: string;
}

/** A join of a declared view (ResourceDef.joins): alias, SQL, and the alias it depends on. Each matches one row. */
export interface ViewJoin {
  alias: string;
  sql: string;
  needs?: string;
}

export interface ResourcePermissions {
  list: PermissionCode;
  view?: PermissionCode;
  create?: PermissionCode;
  update?: PermissionCode;
  remove?: PermissionCode;
  restore?: PermissionCode;
  export?: PermissionCode;
  /** Exports carry masked fields (`mask`) as lists show them, unless the account also holds this one. */
  exportFull?: PermissionCode;
  import?: PermissionCode;
}

/**
 * A resource declaration. Generic over its fields so the names other properties refer to (titleField,
 * importKey, unique, defaultSort, personField, stateField) must be keys of `fields`. The registry and generic
 * code use `ResourceDef` (any field names); `defineResource` checks a declaration against `ResourceDecl<F>`.
 */
export interface ResourceDecl<F extends Record<string, FieldDef>> {
  name: string;
  label: string;
  /** Console route (without /peis) of the list page. */
  route: string;
  /** API path under /api without a trailing slash, e.g. '/facility'. */
  endpoint: string;
  table: string;
  permissions: ResourcePermissions;
  /**
   * 'unit': records belong to a unit (field unitId) and every call is limited to the account's subtree.
   * 'person': records belong to an employee (`personField`, an 'employee' field): the account's unit subtree
   * of that employee's unit, and for a regular staff account (userType 4) its own employee only.
   */
  scope: 'unit' | 'none' | 'person';
  /** scope 'person': the field holding the employee's id. */
  personField?: FieldName<F>;
  /**
   * A read-only view over several tables: `table` is the base (alias t) and these the joins the fields' `sql`
   * refer to by alias. Lists, reads and exports only; no create/update/delete permissions.
   */
  joins?: ViewJoin[];
  /** The field holding a row's state, which `actions` move between values. */
  stateField?: FieldName<F>;
  actions?: Record<string, ActionDef>;
  fields: F;
  /** Fields that identify a record in imports (re-importing updates instead of duplicating). */
  importKey?: readonly FieldName<F>[];
  /** Fields whose value must be unique among live records. */
  unique?: readonly (readonly FieldName<F>[])[];
  defaultSort?: { field: FieldName<F>; order: 'asc' | 'desc' };
  /** The field naming a record in messages and the detail title. */
  titleField?: FieldName<F>;
  /** Records can be deleted (soft) and restored. Default true. */
  softDelete?: boolean;
  /**
   * Rows that can never be deleted (the built-in administrator, built-in roles): `field` (stored or computed)
   * is true on them. The list offers no 删除 on such a row and says `reason`; the server refuses with it.
   */
  undeletable?: { field: FieldName<F>; reason: string };
  /**
   * With `stateField`: the states in which a record may still be edited and deleted (a prescription in 草稿 only).
   * The list offers 编辑 and 删除 on such rows only; the resource's repository refuses the others (409).
   */
  writableIn?: readonly (string | number)[];
  /** The seed's own shape of this catalogue at a second path (SPEC §7 mock endpoints). */
  seedView?: SeedView;
}

/** A field name of a declaration; not a site TypeScript infers the fields from (they come from `fields`). */
type FieldName<F> = NoInfer<keyof F & string>;

/**
 * Any resource, as the registry and the generic server/web code see it. (Not `ResourceDecl<Record<…>>` by
 * variance: field names appear under `keyof`, which would make a declaration unassignable to the registry.)
 */
export interface ResourceDef extends Omit<ResourceDecl<Record<string, FieldDef>>, 'fields'> {
  fields: Record<string, FieldDef>;
}

/** A declared resource: a registry entry that also keeps its fields' types (`RecordOf<typeof x>`). */
export type DeclaredResource<F extends Record<string, FieldDef>> = ResourceDef & { fields: F };

/** Declares a resource; fills the defaults. Keeps the fields' types, so `RecordOf<typeof x>` is its record. */
export function defineResource<F extends Record<string, FieldDef>>(def: ResourceDecl<F>): DeclaredResource<F> {
  return { softDelete: true, ...def } as DeclaredResource<F>;
}

/** Options of a field builder: a FieldDef without its kind. */
type FieldOpts = Omit<FieldDef, 'kind'>;
/** A built field: its kind and its options stay literal (required, options…), for RecordOf. */
export type Field<K extends FieldKind, O = unknown> = Omit<FieldDef, 'kind' | keyof O> & { kind: K } & O;
const build =
  <K extends FieldKind>(kind: K, defaults: Partial<FieldOpts> = {}) =>
  <const O extends FieldOpts>(o: O): Field<K, O> =>
    ({ ...defaults, ...o, kind }) as Field<K, O>;

/** Field builders: `field.input({ label: '名称', required: true })`. */
export const field = {
  title: <const O extends FieldOpts>(o: O): Field<'title', O> => ({ ...o, kind: 'title', hideInForm: false }),
  input: build('input', { maxLength: 100 }),
  textarea: build('textarea', { maxLength: 500, span: 24 }),
  number: build('number', { decimals: 0 }),
  date: build('date'),
  select: build('select'),
  radio: build('radio'),
  checkbox: build('checkbox'),
  multiSelect: build('multiSelect'),
  remoteMultiSelect: build('remoteMultiSelect'),
  tags: build('tags'),
  company: build('company'),
  switch: build('switch', { defaultValue: true }),
  image: build('image'),
  employee: build('employee'),
  children: <const O extends Omit<FieldOpts, 'children'> & { children: ChildCollectionDef<Record<string, FieldDef>> }>(
    o: O,
  ): Field<'children', O> => ({ span: 24, ...o, kind: 'children' }),
  richText: build('richText', { maxLength: 20000, span: 24 }),
  file: build('file', { maxFiles: 1 }),
  computed: <const O extends FieldOpts>(o: O): Field<'computed', O> => ({ ...o, kind: 'computed', hideInForm: true }),
  hidden: <const O extends Omit<FieldOpts, 'label'> & { label?: string }>(o: O): Field<'hidden', O> =>
    ({ label: '', ...o, kind: 'hidden' }) as Field<'hidden', O>,
};

/**
 * Field presets: the same field in several declarations (one meaning, one label, one limit). A function
 * each, so every declaration gets its own object.
 */
export const preset = {
  /** 启用 switch, listed and filterable. */
  enabled: () => field.switch({ label: '启用', list: true, filter: 'eq' }),
  /** 排序: the list's order, ascending, 0–9999. */
  sortOrder: () => field.number({ label: '排序', min: 0, max: 9999, list: true, sortable: true, defaultValue: 0 }),
  /** 备注 of at most 200 characters. */
  remark: () => field.textarea({ label: '备注', maxLength: 200 }),
  /** A view selects only what it declares: the version its edit form and actions check. */
  version: () => field.computed({ label: '版本号', sql: '{t}.version', hideInExport: true }),
  /** A listed timestamp column of the base table, shown in China time to the second. */
  stamp: <const L extends string>(label: L, column: string) =>
    field.computed({
      label,
      sql: `to_char({t}.${column} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`,
      list: true,
    }),
};

/** Prefixes `p` of the permission codes `p:<verb>`. */
type PrefixOf<V extends string> = PermissionCode extends infer C ? (C extends `${infer P}:${V}` ? P : never) : never;
/** Prefixes `p` whose button codes `p:add`, `p:edit`, `p:delete` and `p:export` all exist. */
export type CrudPrefix = PrefixOf<'add'> & PrefixOf<'edit'> & PrefixOf<'delete'> & PrefixOf<'export'>;

/**
 * The usual permission block of a catalogue: the menu lists (and, with `view`, opens a record); `p:add`
 * creates (and, with `import`, imports); `p:edit` updates; `p:delete` removes and restores; `p:export`
 * exports. A typo in the menu or the prefix does not compile.
 */
export function crudPermissions<P extends CrudPrefix>(
  list: PermissionCode,
  prefix: P,
  opts: { view?: boolean; import?: boolean } = {},
): ResourcePermissions {
  const code = (verb: 'add' | 'edit' | 'delete' | 'export') => `${prefix}:${verb}` as PermissionCode;
  return {
    list,
    ...(opts.view ? { view: list } : {}),
    create: code('add'),
    update: code('edit'),
    remove: code('delete'),
    restore: code('delete'),
    export: code('export'),
    ...(opts.import ? { import: code('add') } : {}),
  };
}

/** The key's database column. */
export const columnOf = (key: string, f: FieldDef): string =>
  f.column ?? key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The SQL expression of a field's value: its column, or its computed expression. */
export const fieldExpr = (key: string, f: FieldDef, alias: string): string =>
  f.sql ? `(${f.sql.replaceAll('{t}', alias)})` : `${alias}.${columnOf(key, f)}`;

/** Fields that carry a value (every kind but section titles and virtual fields; child collections included). */
export function valueFields(def: Pick<ResourceDef, 'fields'>): [string, FieldDef][] {
  return Object.entries(def.fields).filter(([, f]) => f.kind !== 'title' && !f.virtual);
}

/** The child collection fields of a resource (or of a child collection). */
export function childFields(def: Pick<ResourceDef, 'fields'>): [string, FieldDef & { children: ChildCollectionDef }][] {
  return Object.entries(def.fields).filter(
    (e): e is [string, FieldDef & { children: ChildCollectionDef }] => e[1].kind === 'children' && !!e[1].children,
  );
}

/** The actions a row's state allows to an account (`can` answers whether it holds a permission). */
export function allowedActions(
  def: ResourceDef,
  row: Record<string, unknown>,
  can: (permission: string) => boolean,
): [string, ActionDef][] {
  if (!def.actions || !def.stateField) return [];
  const state = row[def.stateField];
  return Object.entries(def.actions).filter(
    ([, a]) => a.from.some((s) => String(s) === String(state)) && can(a.permission),
  );
}

/** Why a row cannot be deleted (its declaration's `undeletable` rule), or undefined when it can. */
export const deleteRefusal = (def: ResourceDef, row: Record<string, unknown>): string | undefined =>
  def.undeletable && row[def.undeletable.field] ? def.undeletable.reason : undefined;

/** Whether a row's state still lets it be edited and deleted (its declaration's `writableIn`); true without one. */
export const rowWritable = (def: ResourceDef, row: Record<string, unknown>): boolean =>
  !def.writableIn || !def.stateField || def.writableIn.some((s) => String(s) === String(row[def.stateField ?? '']));

/** Whether a resource is a read-only view (declared joins, nothing to write). */
export const isView = (def: ResourceDef): boolean =>
  !def.permissions.create && !def.permissions.update && !def.permissions.remove && !def.permissions.import;

/** Fields the create or edit form submits (virtual ones included). */
export function formFields(
  def: Pick<ResourceDef, 'fields'>,
  mode: 'create' | 'update' = 'create',
): [string, FieldDef][] {
  return Object.entries(def.fields).filter(
    ([, f]) => f.kind !== 'title' && f.kind !== 'computed' && !f.hideInForm && !(mode === 'update' && f.createOnly),
  );
}

/** Stored fields the create or edit form writes to the record's own row (child collections are rows of their own). */
export function storedFormFields(def: ResourceDef, mode: 'create' | 'update'): [string, FieldDef][] {
  return formFields(def, mode).filter(([, f]) => !f.virtual && f.kind !== 'children' && f.kind !== 'computed');
}

/** The label of a coded value, for lists, details and exports. */
export function optionLabel(f: FieldDef, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) return value.map((v) => optionLabel(f, v)).join('、');
  if (f.kind === 'switch') return value ? '是' : '否';
  const o = f.options?.find((x) => String(x.value) === String(value));
  return o ? o.label : String(value);
}
