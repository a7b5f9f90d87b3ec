import { z } from 'zod';
import type { Queryable } from '../db/client';

/** `?page=1&pageSize=20` of every list (ARCHITECTURE.md), with Chinese messages. */
export const pageQuery = {
  page: z.coerce.number({ error: '页码无效' }).int('页码无效').min(1, '页码无效').default(1),
  pageSize: z.coerce
    .number({ error: '每页条数无效' })
    .int('每页条数无效')
    .min(1, '每页条数无效')
    .max(500, '每页最多500条')
    .default(20),
};

/**
 * One page of a list and the total: `SELECT {select} FROM {from} WHERE {where} ORDER BY {order}` with the
 * page's LIMIT/OFFSET appended to `params`. Answers the `{ total, records }` of every list.
 */
export async function paged<T>(
  q: Queryable,
  sql: { select: string; from: string; where: string | string[]; order: string },
  params: unknown[],
  page: { page: number; pageSize: number },
): Promise<{ total: number; records: T[] }> {
  const cond = Array.isArray(sql.where) ? sql.where.join(' AND ') : sql.where;
  const { rows: count } = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${sql.from} WHERE ${cond}`,
    params,
  );
  const all = [...params, page.pageSize, (page.page - 1) * page.pageSize];
  const { rows } = await q.query<T>(
    `SELECT ${sql.select} FROM ${sql.from} WHERE ${cond} ORDER BY ${sql.order} LIMIT $${all.length - 1} OFFSET $${all.length}`,
    all,
  );
  return { total: count[0].n, records: rows };
}
