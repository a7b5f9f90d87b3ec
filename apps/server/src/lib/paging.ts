import { USER_TYPES } from '@peis/shared';
import { z } from 'zod';
import type { Queryable } from '../db/client';
import type { SessionUser } from '../plugins/auth';
import { badRequest } from './errors';
import { employeeScopeSql, unitScopeSql, unitSubtreeSql } from './scope';

/** `?page=1&pageSize=20` of every list (ARCHITECTURE.md), with Chinese messages. */
export const pageQuery = {
  page: z.coerce.number({ error: '页码无效' }).int('页码无效').min(1, '页码无效').max(1_000_000, '页码无效').default(1),
  pageSize: z.coerce
    .number({ error: '每页条数无效' })
    .int('每页条数无效')
    .min(1, '每页条数无效')
    .max(500, '每页最多500条')
    .default(20),
};

/**
 * `?sort=<field>&order=asc|desc` of a sortable list. The field is only a name here: each list checks it against
 * its own whitelist (declared `sortable` fields, or orderBySql's map) and answers 400 for any other.
 */
export const sortQuery = {
  sort: z.string().max(40, '不支持按该字段排序').optional(),
  order: z.enum(['asc', 'desc', 'ascend', 'descend'], { error: '排序方向无效' }).optional(),
};

/** A parsed sortQuery as a list's sort (antd's ascend/descend read as asc/desc). */
export const sortOf = (q: { sort?: string; order?: string }) => ({
  sort: q.sort || undefined,
  order: q.order === 'desc' || q.order === 'descend' ? ('desc' as const) : ('asc' as const),
});

/**
 * ORDER BY of a hand-written list: `fields` maps each sortable name to its SQL (never the user's text);
 * no sort → the list's default order (the one its index serves); an unknown name → 400.
 */
export function orderBySql(
  fields: Record<string, string | { notNull: string }>,
  q: { sort?: string; order?: 'asc' | 'desc' },
  byDefault: string,
  tieBreak: string,
): string {
  if (!q.sort) return byDefault;
  const field = Object.hasOwn(fields, q.sort) ? fields[q.sort] : undefined;
  if (!field) throw badRequest('不支持按该字段排序');
  // Empty values last; a NOT NULL column says so, so that a descending sort can walk its index backwards.
  const [expr, nulls] = typeof field === 'string' ? [field, ' NULLS LAST'] : [field.notNull, ''];
  return `${expr} ${q.order === 'desc' ? 'DESC' : 'ASC'}${nulls}, ${tieBreak}`;
}

/** A join of a list: its alias, its SQL, and the alias of the join it depends on, if any. */
export interface ListJoin {
  alias: string;
  sql: string;
  needs?: string;
}

/**
 * A list's base table with only the joins the given SQL refers to (by alias: `e.` for `employees e`),
 * each with the join it needs. For a count or a page's keys, given joins that neither add nor drop a row.
 */
export function joinsFor(base: string, joins: ListJoin[], sql: string | string[]): string {
  const text = Array.isArray(sql) ? sql.join(' ') : sql;
  const used = new Set(joins.filter((j) => new RegExp(`\\b${j.alias}\\.`).test(text)).map((j) => j.alias));
  for (const j of [...joins].reverse()) if (used.has(j.alias) && j.needs) used.add(j.needs);
  return [base, ...joins.filter((j) => used.has(j.alias)).map((j) => j.sql)].join(' ');
}

/**
 * One page of a list and the total: `SELECT {select} FROM {from} WHERE {where} ORDER BY {order}` with the
 * page's LIMIT/OFFSET appended to `params`. Answers the `{ total, records }` of every list.
 *
 * At 100,000 employees the joins are the cost, not a page's rows. With `from` given as its base table,
 * the base's unique `key` and the joins — each matching exactly one row (an inner join on a NOT NULL
 * foreign key) or at most one (a left join on a unique key), so none changes the count — the count runs
 * on the base table with only the joins WHERE refers to, and the page's keys are picked the same way
 * (plus what ORDER BY refers to; an index matching ORDER BY makes that a short walk, even at OFFSET
 * 10,000); then only the page's rows are joined, and the select list's subqueries run for them only.
 */
export async function paged<T>(
  q: Queryable,
  sql: {
    select: string;
    from: string | { base: string; key: string; joins: ListJoin[] };
    where: string | string[];
    order: string;
    /** The total from elsewhere (a maintained count, listCount()) instead of a COUNT(*). */
    count?: () => Promise<number>;
  },
  params: unknown[],
  page: { page: number; pageSize: number },
): Promise<{ total: number; records: T[] }> {
  const cond = Array.isArray(sql.where) ? sql.where.join(' AND ') : sql.where;
  const all = [...params, page.pageSize, (page.page - 1) * page.pageSize];
  const limit = `LIMIT $${all.length - 1} OFFSET $${all.length}`;
  let countSql: string;
  let pageSql: string;
  if (typeof sql.from === 'string') {
    countSql = `SELECT count(*)::int AS n FROM ${sql.from} WHERE ${cond}`;
    pageSql = `SELECT ${sql.select} FROM ${sql.from} WHERE ${cond} ORDER BY ${sql.order} ${limit}`;
  } else {
    const { base, key, joins } = sql.from;
    countSql = `SELECT count(*)::int AS n FROM ${joinsFor(base, joins, cond)} WHERE ${cond}`;
    pageSql = `SELECT ${sql.select} FROM ${base} ${joins.map((j) => j.sql).join(' ')}
      WHERE ${key} IN (SELECT ${key} FROM ${joinsFor(base, joins, [cond, sql.order])} WHERE ${cond}
                       ORDER BY ${sql.order} ${limit})
      ORDER BY ${sql.order}`;
  }
  // Two statements: on PostgreSQL they run side by side on two pooled connections.
  const [total, rows] = await Promise.all([
    sql.count ? sql.count() : q.query<{ n: number }>(countSql, params).then((r) => r.rows[0].n),
    q.query<T>(pageSql, all),
  ]);
  return { total, records: rows.rows };
}

/**
 * employeeScopeSql for a list that joins the employee row (`alias`): the same rows, but the scope is a
 * condition on that row's unit instead of a second pass over the employees table.
 */
export function employeeRowScopeSql(user: SessionUser, alias: string, params: unknown[]): string {
  if (user.userType === USER_TYPES.employee) return employeeScopeSql(user, `${alias}.id`, params);
  return unitScopeSql(user, `${alias}.unit_id`, params);
}

/** Rows of a list's maintained count beyond which a read folds them into one per unit and keys. */
const FOLD_ABOVE = 2000;

/**
 * A list's maintained count per unit (list_counts, migration 012): the units of the account's scope and of
 * a unit filter (its subtree, as the lists filter), and the list's keys (k1, k2) asked for. For the audit
 * log the "unit" is the account. Exact: the triggers keep it equal to the list's COUNT(*).
 */
export async function listCountsByUnit(
  q: Queryable,
  list: string,
  user: SessionUser,
  f: { unitId?: number; k1?: number; k2?: number },
): Promise<{ unitId: number; n: number }[]> {
  const params: unknown[] = [list];
  const where = ['list = $1'];
  // Per unit, not per person: a regular staff account's lists count its own rows (no maintained count).
  if (user.userType === USER_TYPES.employee) throw new Error('listCountsByUnit: not for a regular staff account');
  if (user.unitPath !== null && list === 'audit')
    where.push(`unit_id IN (SELECT su.id FROM users su WHERE ${unitScopeSql(user, 'su.unit_id', params)})`);
  else if (user.unitPath !== null) where.push(unitScopeSql(user, 'unit_id', params));
  if (f.unitId) where.push(unitSubtreeSql('unit_id', f.unitId, params));
  for (const k of ['k1', 'k2'] as const) {
    if (f[k] === undefined) continue;
    params.push(f[k]);
    where.push(`${k} = $${params.length}`);
  }
  const { rows } = await q.query<{ unitId: number; n: number; rows: number }>(
    `SELECT unit_id AS "unitId", sum(n)::int AS n, count(*)::int AS rows FROM list_counts
      WHERE ${where.join(' AND ')} GROUP BY unit_id HAVING sum(n) <> 0`,
    params,
  );
  if (rows.reduce((sum, r) => sum + r.rows, 0) > FOLD_ABOVE) await foldListCounts(q, list);
  return rows.map((r) => ({ unitId: Number(r.unitId), n: r.n }));
}

/** listCountsByUnit summed: the list's total. */
export async function listCount(
  q: Queryable,
  list: string,
  user: SessionUser,
  f: { unitId?: number; k1?: number; k2?: number },
): Promise<number> {
  return (await listCountsByUnit(q, list, user, f)).reduce((sum, r) => sum + r.n, 0);
}

/**
 * Folds a list's count rows into one per unit and keys. One statement: it re-inserts exactly the rows it
 * deleted, so deltas written meanwhile and a concurrent fold lose nothing.
 */
export async function foldListCounts(q: Queryable, list: string): Promise<void> {
  await q.query(
    `WITH d AS (DELETE FROM list_counts WHERE list = $1 RETURNING unit_id, k1, k2, n)
     INSERT INTO list_counts (list, unit_id, k1, k2, n)
     SELECT $1, unit_id, k1, k2, sum(n) FROM d GROUP BY unit_id, k1, k2 HAVING sum(n) <> 0`,
    [list],
  );
}

/** Whether a list's query uses no filter but paging and the given ones (a maintained count's keys). */
export function onlyFilters(query: Record<string, unknown>, allowed: string[]): boolean {
  return Object.entries(query).every(
    ([k, v]) => v === undefined || v === '' || ['page', 'pageSize', 'sort', 'order'].includes(k) || allowed.includes(k),
  );
}
