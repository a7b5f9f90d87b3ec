import { type FieldDef, formFields } from '@peis/shared';

const ARRAY_KINDS = new Set<FieldDef['kind']>(['checkbox', 'multiSelect', 'remoteMultiSelect', 'tags', 'file']);

/** Whether a field's form value is a list. */
export const isArrayField = (f: FieldDef) => ARRAY_KINDS.has(f.kind);

/** The editable fields of a child row, in declaration order (titles, computed and hidden fields left out). */
export function childColumns(f: FieldDef): [string, FieldDef][] {
  return f.children ? formFields({ fields: f.children.fields }).filter(([, c]) => c.kind !== 'hidden') : [];
}

/**
 * The value the form submits for a field: lists are never absent ([]), a switch is a boolean, child rows lose
 * their client keys, and every other empty value is null so an update clears it (undefined would vanish from
 * the JSON body).
 */
export function submitValue(f: FieldDef, value: unknown): unknown {
  if (f.kind === 'children') return submitRows(f, value);
  if (isArrayField(f)) return Array.isArray(value) ? value : [];
  if (f.kind === 'switch') return Boolean(value);
  return value === undefined ? null : value;
}

/** Child rows as the server takes them: the id of a kept row, then each child field as the form submits it. */
export function submitRows(f: FieldDef, rows: unknown): Record<string, unknown>[] {
  if (!Array.isArray(rows)) return [];
  const columns = childColumns(f);
  return rows.map((r: Record<string, unknown>) => {
    const out: Record<string, unknown> = {};
    if (r.id != null) out.id = r.id;
    for (const [key, c] of columns) out[key] = submitValue(c, r[key]);
    return out;
  });
}
