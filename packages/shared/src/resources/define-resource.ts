import { z } from 'zod';

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
  | 'image'; // uploaded image; value = file url

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
}

export interface ResourcePermissions {
  list: string;
  view?: string;
  create?: string;
  update?: string;
  remove?: string;
  restore?: string;
  export?: string;
  /** Exports carry masked fields (`mask`) as lists show them, unless the account also holds this one. */
  exportFull?: string;
  import?: string;
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
  /** 'unit': records belong to a unit (field unitId) and every call is limited to the account's subtree. */
  scope: 'unit' | 'none';
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
  hidden: (o: Omit<FieldDef, 'kind' | 'label'> & { label?: string }): FieldDef => ({ label: '', ...o, kind: 'hidden' }),
};

/** The key's database column. */
export const columnOf = (key: string, f: FieldDef): string =>
  f.column ?? key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The SQL expression of a field's value: its column, or its computed expression. */
export const fieldExpr = (key: string, f: FieldDef, alias: string): string =>
  f.sql ? `(${f.sql.replaceAll('{t}', alias)})` : `${alias}.${columnOf(key, f)}`;

/** Fields that carry a stored value (every kind but section titles and virtual fields). */
export function valueFields(def: ResourceDef): [string, FieldDef][] {
  return Object.entries(def.fields).filter(([, f]) => f.kind !== 'title' && !f.virtual);
}

/** Fields the create or edit form submits (virtual ones included). */
export function formFields(def: ResourceDef, mode: 'create' | 'update' = 'create'): [string, FieldDef][] {
  return Object.entries(def.fields).filter(
    ([, f]) => f.kind !== 'title' && !f.hideInForm && !(mode === 'update' && f.createOnly),
  );
}

/** Stored fields the create or edit form writes. */
export function storedFormFields(def: ResourceDef, mode: 'create' | 'update'): [string, FieldDef][] {
  return formFields(def, mode).filter(([, f]) => !f.virtual);
}

export const REQUIRED_MESSAGE = '必填项';
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

const isRealDate = (v: string) => {
  const [y, m, d] = v.split('-').map(Number);
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
};

/** The zod schema of one field's value (SPEC §5: a required field says 必填项). */
export function fieldSchema(f: FieldDef): z.ZodType {
  const optional = (s: z.ZodType) => (f.required ? s : s.nullable().optional());
  const allowed = f.options?.map((o) => o.value) ?? [];
  const invalid = `${f.label}的取值无效`;
  const oneOf = z
    .union([z.string(), z.number()], { error: (iss) => (iss.input == null ? REQUIRED_MESSAGE : invalid) })
    .refine((v) => allowed.some((a) => String(a) === String(v)), { message: invalid });
  switch (f.kind) {
    case 'input':
    case 'textarea':
    case 'hidden':
    case 'image': {
      let s = z.string({ error: f.required ? REQUIRED_MESSAGE : `${f.label}应为文本` }).trim();
      if (f.maxLength) s = s.max(f.maxLength, `${f.label}不能超过${f.maxLength}个字`);
      let out: z.ZodType = s;
      if (f.pattern) {
        const re = new RegExp(f.pattern.regex);
        out = s.refine((v) => v === '' || re.test(v), f.pattern.message);
      }
      if (f.required) return out.refine((v) => v !== '', REQUIRED_MESSAGE);
      // An empty optional text is stored as null.
      return z.preprocess((v) => (v === '' ? null : v), out.nullable().optional());
    }
    case 'number': {
      let s = z.number({ error: f.required ? REQUIRED_MESSAGE : `${f.label}应为数字` });
      if (f.min !== undefined) s = s.min(f.min, `${f.label}不能小于${f.min}`);
      if (f.max !== undefined) s = s.max(f.max, `${f.label}不能大于${f.max}`);
      const out = f.decimals === 0 ? s.int(`${f.label}应为整数`) : s;
      return optional(out);
    }
    case 'date':
      return optional(
        z
          .string({ error: f.required ? REQUIRED_MESSAGE : `${f.label}应为日期` })
          .refine((v) => DATE_RE.test(v) && isRealDate(v), `${f.label}应为有效日期（yyyy-MM-dd）`),
      );
    case 'select':
    case 'radio':
      if (f.remote || !f.options) return optional(z.union([z.string(), z.number()], { error: REQUIRED_MESSAGE }));
      return optional(oneOf);
    case 'checkbox':
    case 'multiSelect': {
      const arr = z.array(f.options ? oneOf : z.union([z.string(), z.number()]), { error: `${f.label}应为列表` });
      return f.required ? arr.min(1, REQUIRED_MESSAGE) : arr.optional().default([]);
    }
    case 'remoteMultiSelect':
    case 'tags': {
      const arr = z.array(z.union([z.string().trim().min(1).max(100), z.number()]), { error: `${f.label}应为列表` });
      return f.required ? arr.min(1, REQUIRED_MESSAGE) : arr.optional().default([]);
    }
    case 'company':
      return optional(z.number({ error: REQUIRED_MESSAGE }).int(`${f.label}无效`).positive(`${f.label}无效`));
    case 'switch':
      return f.required ? z.boolean({ error: REQUIRED_MESSAGE }) : z.boolean().optional();
    case 'title':
      return z.never();
  }
}

/** Schema of a create or update body (an update sends the whole form): the form fields, plus `version` on update. */
export function inputSchema(def: ResourceDef, mode: 'create' | 'update'): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, f] of formFields(def, mode)) {
    shape[key] = fieldSchema(f);
  }
  if (mode === 'update') {
    shape.version = z.number({ error: '缺少版本号，请刷新后重试' }).int().positive();
  }
  return z.object(shape);
}

/** The label of a coded value, for lists, details and exports. */
export function optionLabel(f: FieldDef, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) return value.map((v) => optionLabel(f, v)).join('、');
  if (f.kind === 'switch') return value ? '是' : '否';
  const o = f.options?.find((x) => String(x.value) === String(value));
  return o ? o.label : String(value);
}
