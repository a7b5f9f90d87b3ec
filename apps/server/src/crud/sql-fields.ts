import { type FieldDef, fieldExpr, isView, maskIdCard, maskMobile, type ResourceDef, valueFields } from '@peis/shared';
import { can, type SessionUser } from '../plugins/auth';

/** Kinds stored as a JSON list. */
const LIST_KINDS = new Set(['checkbox', 'multiSelect', 'remoteMultiSelect', 'tags']);

export const isListField = (f: FieldDef) => LIST_KINDS.has(f.kind);
/** Kinds stored as jsonb: the lists and the file fields ([{url, name}]). */
const isJsonField = (f: FieldDef) => isListField(f) || f.kind === 'file';

/** Whether the field's coded values are numbers (so query-string values are converted). */
const numericOptions = (f: FieldDef) =>
  f.kind === 'number' ||
  f.kind === 'company' ||
  f.kind === 'employee' ||
  (f.options?.length ? f.options.every((o) => typeof o.value === 'number') : false);

/** A placeholder with the cast the column needs. */
export function placeholder(f: FieldDef, n: number): string {
  if (f.kind === 'date') return `$${n}::date`;
  if (isJsonField(f)) return `$${n}::jsonb`;
  return `$${n}`;
}

/** A validated value as a query parameter. */
export function toParam(f: FieldDef, value: unknown): unknown {
  if (value === undefined || value === null) return isJsonField(f) ? '[]' : null;
  if (isJsonField(f)) return JSON.stringify(value);
  return value;
}

/** A query-string value converted to the field's type; undefined when it cannot be. */
export function queryValue(f: FieldDef, raw: string): unknown {
  if (f.kind === 'switch') return raw === 'true' || raw === '1';
  if (numericOptions(f)) {
    const n = Number(raw);
    return raw.trim() === '' || !Number.isFinite(n) ? undefined : n;
  }
  return raw;
}

/** SELECT list of a resource: each value field under its key, unit names for company fields, system columns. */
export function selectColumns(def: ResourceDef, alias = 't'): string {
  const time = (col: string, key: string) =>
    `to_char(${alias}.${col} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS "${key}"`;
  // A view's base table need not have the system columns: it declares what it shows (computed fields).
  const cols = isView(def)
    ? [`${alias}.id`]
    : [`${alias}.id`, `${alias}.version`, time('created_at', 'createdAt'), time('updated_at', 'updatedAt')];
  if (!isView(def) && def.softDelete !== false) cols.push(time('deleted_at', 'deletedAt'));
  cols.push(...fieldColumns(def.fields, alias));
  return cols.join(', ');
}

/** The employee's name and unit short name of an 'employee' field's SQL value (subqueries: page rows only). */
export const employeeNameSql = (col: string) => `(SELECT ef_.name FROM employees ef_ WHERE ef_.id = ${col})`;
export const employeeUnitSql = (col: string) =>
  `(SELECT eu_.short_name FROM employees ef_ JOIN units eu_ ON eu_.id = ef_.unit_id WHERE ef_.id = ${col})`;

/**
 * SELECT expressions of declared fields, each under its key: dates formatted, a company field's unit name
 * (`kName`), an employee field's name and unit (`kName`, `kUnitName`). Child collections are read apart.
 */
export function fieldColumns(fields: Record<string, FieldDef>, alias: string): string[] {
  const cols: string[] = [];
  for (const [key, f] of valueFields({ fields })) {
    if (f.kind === 'children' || (f.kind === 'computed' && !f.sql)) continue;
    const col = fieldExpr(key, f, alias);
    if (f.kind === 'date') cols.push(`to_char(${col}, 'YYYY-MM-DD') AS "${key}"`);
    // numeric columns come back as text from PGlite: a number field is a number on both databases.
    else if (f.kind === 'number' && !f.sql) cols.push(`${col}::float8 AS "${key}"`);
    else cols.push(`${col} AS "${key}"`);
    if (f.kind === 'company') cols.push(`(SELECT short_name FROM units WHERE id = ${col}) AS "${key}Name"`);
    if (f.kind === 'employee') {
      cols.push(`${employeeNameSql(col)} AS "${key}Name"`, `${employeeUnitSql(col)} AS "${key}UnitName"`);
    }
  }
  return cols;
}

/** Masks the fields that lists show masked (ID number, mobile). */
export function maskRecord(def: ResourceDef, rec: Record<string, unknown>): Record<string, unknown> {
  for (const [key, f] of valueFields(def)) {
    if (f.mask === 'idCard') rec[key] = maskIdCard(rec[key] as string);
    if (f.mask === 'mobile') rec[key] = maskMobile(rec[key] as string);
  }
  return rec;
}

/** Whether the resource has fields its lists show masked. */
export const hasMaskedFields = (def: ResourceDef) => valueFields(def).some(([, f]) => f.mask);

/**
 * Exports show masked fields as the list does (a spreadsheet travels further than the screen), unless
 * the account holds the resource's exportFull permission.
 */
export const exportsInFull = (def: ResourceDef, user: SessionUser) =>
  !hasMaskedFields(def) || Boolean(def.permissions.exportFull && can(user, def.permissions.exportFull));
