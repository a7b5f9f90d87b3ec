import {
  type ChildCollectionDef,
  childFields,
  columnOf,
  type FieldDef,
  formFields,
  type ResourceDef,
} from '@peis/shared';
import type { Queryable } from '../db/client';
import type { SessionUser } from '../plugins/auth';
import { prepareValues } from './field-values';
import { fieldColumns, placeholder, toParam } from './sql-fields';

type Row = Record<string, unknown>;
type ChildField = [string, FieldDef & { children: ChildCollectionDef }];

/** A child row's own stored fields (not its grandchildren, not computed values). */
const storedChildFields = (c: ChildCollectionDef) =>
  formFields({ fields: c.fields }).filter(([, f]) => !f.virtual && f.kind !== 'children');

/**
 * Adds the child collections of `records` (one query per collection and level, not per record): each
 * record gets `key: [{id, ...fields, grandchildren}]` ordered by position.
 */
export async function loadChildren(q: Queryable, def: Pick<ResourceDef, 'fields'>, records: Row[]): Promise<void> {
  const ids = records.map((r) => Number(r.id));
  for (const [key, f] of childFields(def) as ChildField[]) {
    const c = f.children;
    const { rows } = await q.query<Row>(
      `SELECT c.id, c.${c.parentColumn} AS "parent_", ${fieldColumns(c.fields, 'c').join(', ')}
         FROM ${c.table} c WHERE c.${c.parentColumn} = ANY($1::bigint[]) ORDER BY c.position, c.id`,
      [ids],
    );
    await loadChildren(q, c, rows);
    const byParent = new Map<number, Row[]>();
    for (const { parent_, ...row } of rows) {
      const list = byParent.get(Number(parent_)) ?? [];
      list.push({ ...row, id: Number(row.id) });
      byParent.set(Number(parent_), list);
    }
    for (const r of records) r[key] = byParent.get(Number(r.id)) ?? [];
  }
}

/**
 * Saves the child collections of one parent as the form sent them, in the parent's transaction: a row whose
 * `id` is an existing child of this parent is updated in place (its id kept), a row without one inserted,
 * and the existing rows missing from the list deleted (with their own children). Array order is `position`.
 * Collections absent from `values` are left as they are.
 */
export async function saveChildren(
  q: Queryable,
  user: SessionUser,
  def: Pick<ResourceDef, 'fields'>,
  parentId: number,
  values: Row,
  before: Row | undefined,
  path = '',
): Promise<void> {
  for (const [key, f] of childFields(def) as ChildField[]) {
    const rows = values[key] as Row[] | undefined;
    if (!rows) continue;
    const c = f.children;
    const { rows: existing } = await q.query<{ id: number }>(`SELECT id FROM ${c.table} WHERE ${c.parentColumn} = $1`, [
      parentId,
    ]);
    const existingIds = new Set(existing.map((r) => Number(r.id)));
    const kept = new Set(rows.map((r) => Number(r.id)).filter((id) => existingIds.has(id)));
    await deleteChildren(
      q,
      f,
      [...existingIds].filter((id) => !kept.has(id)),
    );
    const beforeRows = new Map(((before?.[key] as Row[]) ?? []).map((r) => [Number(r.id), r]));
    const cols = storedChildFields(c);
    for (const [i, row] of rows.entries()) {
      const rowPath = `${path}${key}.${i}.`;
      const id = kept.has(Number(row.id)) ? Number(row.id) : undefined;
      await prepareValues(q, user, cols, row, id ? beforeRows.get(id) : undefined, rowPath);
      const params: unknown[] = cols.map(([k, cf]) => toParam(cf, row[k] ?? cf.defaultValue));
      const marks = cols.map(([, cf], j) => placeholder(cf, j + 1));
      params.push(i + 1);
      let rowId: number;
      if (id) {
        params.push(id);
        const sets = cols.map(([k, cf], j) => `${columnOf(k, cf)} = ${marks[j]}`);
        await q.query(
          `UPDATE ${c.table} SET ${[...sets, `position = $${cols.length + 1}`].join(', ')} WHERE id = $${params.length}`,
          params,
        );
        rowId = id;
      } else {
        params.push(parentId);
        const names = [...cols.map(([k, cf]) => columnOf(k, cf)), 'position', c.parentColumn];
        const { rows: ins } = await q.query<{ id: number }>(
          `INSERT INTO ${c.table} (${names.join(', ')}) VALUES (${[...marks, `$${cols.length + 1}`, `$${params.length}`].join(', ')}) RETURNING id`,
          params,
        );
        rowId = Number(ins[0].id);
      }
      await saveChildren(q, user, c, rowId, row, id ? beforeRows.get(id) : undefined, rowPath);
    }
  }
}

/** Deletes child rows and, first, their own children. */
async function deleteChildren(q: Queryable, f: ChildField[1], ids: number[]): Promise<void> {
  if (!ids.length) return;
  for (const [, g] of childFields(f.children) as ChildField[]) {
    const { rows } = await q.query<{ id: number }>(
      `SELECT id FROM ${g.children.table} WHERE ${g.children.parentColumn} = ANY($1::bigint[])`,
      [ids],
    );
    await deleteChildren(
      q,
      g,
      rows.map((r) => Number(r.id)),
    );
  }
  await q.query(`DELETE FROM ${f.children.table} WHERE id = ANY($1::bigint[])`, [ids]);
}

/**
 * Whether two values of a field are the same for an import: child rows compared on their declared fields
 * only (ids and names added on reading do not count), in order.
 */
export function sameValue(f: FieldDef, a: unknown, b: unknown): boolean {
  if (f.kind !== 'children' || !f.children) return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  const ra = (a as Row[] | undefined) ?? [];
  const rb = (b as Row[] | undefined) ?? [];
  if (ra.length !== rb.length) return false;
  const fields = formFields({ fields: f.children.fields });
  return ra.every((x, i) => fields.every(([k, cf]) => sameValue(cf, x[k], rb[i][k])));
}
