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
  /** children: the child rows' declaration. */
  children?: ChildCollectionDef;
  /** file: accepted extensions (e.g. ['.pdf', '.jpg']) and how many files at most. */
  accept?: readonly string[];
  maxFiles?: number;
}

/**
 * A child collection (FieldDef kind 'children'): rows of `table` pointing at the parent through
 * `parentColumn`, kept in the order given (column `position`), saved with the parent in one transaction and
 * versioned with it. A child field may itself be a 'children' field: two levels at most.
 */
export interface ChildCollectionDef {
  table: string;
  /** Column of `table` holding the parent's id. */
  parentColumn: string;
  fields: Record<string, FieldDef>;
  /** Fewest and most rows (validated on both sides). */
  min?: number;
  max?: number;
  /** Fields whose value must differ between the rows of one parent (e.g. an ingredient appears once). */
  unique?: string[];
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

export interface ResourceDef {
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
  personField?: string;
  /**
   * A read-only view over several tables: `table` is the base (alias t) and these the joins the fields' `sql`
   * refer to by alias. Lists, reads and exports only; no create/update/delete permissions.
   */
  joins?: ViewJoin[];
  /** The field holding a row's state, which `actions` move between values. */
  stateField?: string;
  actions?: Record<string, ActionDef>;
  fields: Record<string, FieldDef>;
  /** Fields that identify a record in imports (re-importing updates instead of duplicating). */
  importKey?: string[];
  /** Fields whose value must be unique among live records. */
  unique?: string[][];
  defaultSort?: { field: string; order: 'asc' | 'desc' };
  /** The field naming a record in messages and the detail title. */
  titleField?: string;
  /** Records can be deleted (soft) and restored. Default true. */
  softDelete?: boolean;
}

/** Declares a resource; fills the defaults. */
export function defineResource(def: ResourceDef): ResourceDef {
  return { softDelete: true, ...def };
}

/** Field builders: `field.input({ label: '名称', required: true })`. */
export const field = {
  title: (o: Omit<FieldDef, 'kind'>): FieldDef => ({ ...o, kind: 'title', hideInForm: false }),
  input: (o: Omit<FieldDef, 'kind'>): FieldDef => ({ maxLength: 100, ...o, kind: 'input' }),
  textarea: (o: Omit<FieldDef, 'kind'>): FieldDef => ({ maxLength: 500, span: 24, ...o, kind: 'textarea' }),
  number: (o: Omit<FieldDef, 'kind'>): FieldDef => ({ decimals: 0, ...o, kind: 'number' }),
  date: (o: Omit<FieldDef, 'kind'>): FieldDef => ({ ...o, kind: 'date' }),
  select: (o: Omit<FieldDef, 'kind'>): FieldDef => ({ ...o, kind: 'select' }),
  radio: (o: Omit<FieldDef, 'kind'>): FieldDef => ({ ...o, kind: 'radio' }),
  checkbox: (o: Omit<FieldDef, 'kind'>): FieldDef => ({ ...o, kind: 'checkbox' }),
  multiSelect: (o: Omit<FieldDef, 'kind'>): FieldDef => ({ ...o, kind: 'multiSelect' }),
  remoteMultiSelect: (o: Omit<FieldDef, 'kind'>): FieldDef => ({ ...o, kind: 'remoteMultiSelect' }),
  tags: (o: Omit<FieldDef, 'kind'>): FieldDef => ({ ...o, kind: 'tags' }),
  company: (o: Omit<FieldDef, 'kind'>): FieldDef => ({ ...o, kind: 'company' }),
  switch: (o: Omit<FieldDef, 'kind'>): FieldDef => ({ defaultValue: true, ...o, kind: 'switch' }),
  image: (o: Omit<FieldDef, 'kind'>): FieldDef => ({ ...o, kind: 'image' }),
  employee: (o: Omit<FieldDef, 'kind'>): FieldDef => ({ ...o, kind: 'employee' }),
  children: (o: Omit<FieldDef, 'kind' | 'children'> & { children: ChildCollectionDef }): FieldDef => ({
    span: 24,
    ...o,
    kind: 'children',
  }),
  richText: (o: Omit<FieldDef, 'kind'>): FieldDef => ({ maxLength: 20000, span: 24, ...o, kind: 'richText' }),
  file: (o: Omit<FieldDef, 'kind'>): FieldDef => ({ maxFiles: 1, ...o, kind: 'file' }),
  computed: (o: Omit<FieldDef, 'kind'>): FieldDef => ({ ...o, kind: 'computed', hideInForm: true }),
  hidden: (o: Omit<FieldDef, 'kind' | 'label'> & { label?: string }): FieldDef => ({ label: '', ...o, kind: 'hidden' }),
};

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
