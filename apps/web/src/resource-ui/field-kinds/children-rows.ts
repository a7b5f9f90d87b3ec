import type { FieldDef } from '@peis/shared';
import { schemaOf } from './field-rules';
import { childColumns, submitRows, submitValue } from './submit-value';

export { childColumns, submitRows };

/**
 * The pure part of the child-collection editor (kind 'children'): rows with a client key, moving rows,
 * the value submitted, and validation/server messages keyed by the path of a cell relative to the collection
 * ('2.label', '2.options.0.label'; '' = the collection itself, e.g. too few rows).
 */

export type ChildRow = Record<string, unknown> & { _key?: string };

/** Messages by cell path ('' for the whole collection). */
export type CellErrors = Record<string, string>;

let seq = 0;
const nextKey = () => `new-${++seq}`;

/** Nested collections of a child row (the second level, e.g. a question's options). */
export const nestedCollections = (f: FieldDef): [string, FieldDef][] =>
  childColumns(f).filter(([, c]) => c.kind === 'children');

/**
 * Gives every row (and nested row) a stable client key for rendering and moving: rows from the server are
 * keyed by their id, new rows by a counter. The key is stripped again by submitRows.
 */
export function withKeys(f: FieldDef, rows: unknown): ChildRow[] {
  if (!Array.isArray(rows)) return [];
  return rows.map((r: ChildRow) => {
    const row: ChildRow = { ...r, _key: r._key ?? (r.id != null ? `id-${String(r.id)}` : nextKey()) };
    for (const [key, nested] of nestedCollections(f)) row[key] = withKeys(nested, row[key]);
    return row;
  });
}

/** A new row: each child field's default value, empty lists for list kinds. */
export function newRow(f: FieldDef): ChildRow {
  const row: ChildRow = { _key: nextKey() };
  for (const [key, c] of childColumns(f)) {
    row[key] = c.kind === 'children' ? [] : (c.defaultValue ?? submitValue(c, undefined));
  }
  return row;
}

/** The rows with row `index` moved by `delta` places (unchanged when it would leave the list). */
export function moveRow<T>(rows: readonly T[], index: number, delta: number): T[] {
  const to = index + delta;
  if (index < 0 || index >= rows.length || to < 0 || to >= rows.length) return [...rows];
  const next = [...rows];
  const [row] = next.splice(index, 1);
  next.splice(to, 0, row);
  return next;
}

export const removeRow = <T>(rows: readonly T[], index: number): T[] => rows.filter((_, i) => i !== index);

/** Issues of a zod result as cell messages; the first message of a path wins. */
export function issuesToErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): CellErrors {
  const out: CellErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    if (!(path in out)) out[path] = issue.message;
  }
  return out;
}

/** The collection validated by the server's own schema (cells, min/max, unique), as cell messages. */
export function validateRows(f: FieldDef, rows: unknown): CellErrors {
  const result = schemaOf(f).safeParse(submitRows(f, rows));
  return result.success ? {} : issuesToErrors(result.error.issues);
}

/**
 * A server error path split into the form field and the cell path under it: 'questions.2.options.0.label',
 * 'body.questions.2.label', '/questions/2/label' → ['questions', '2.label' …]; a path naming no field → null.
 */
export function splitErrorPath(fields: Record<string, FieldDef>, path: string): [string, string] | null {
  const parts = path.split(/[./[\]]/).filter(Boolean);
  const at = parts.findIndex((p) => p in fields);
  if (at < 0) return null;
  return [parts[at], parts.slice(at + 1).join('.')];
}

/** The messages under `prefix` (a row's nested collection), with paths relative to it. */
export function errorsUnder(errors: CellErrors, prefix: string): CellErrors {
  const out: CellErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    if (path === prefix) out[''] = message;
    else if (path.startsWith(`${prefix}.`)) out[path.slice(prefix.length + 1)] = message;
  }
  return out;
}

/** How many rows a collection must and may have, for the hint under the table. */
export function limitsText(f: FieldDef): string {
  const { min, max } = f.children ?? {};
  if (min && max !== undefined) return `${min}～${max}行`;
  if (min) return `至少${min}行`;
  if (max !== undefined) return `最多${max}行`;
  return '';
}
