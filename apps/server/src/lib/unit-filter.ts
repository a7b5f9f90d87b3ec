import { idParam } from '@peis/shared';
import { z } from 'zod';
import type { Queryable } from '../db/client';
import type { SessionUser } from '../plugins/auth';
import { badRequest } from './errors';
import { unitScopeSql } from './scope';

/** The shared filter of the dashboard: a unit by name or short name (empty = the account's whole scope), or by id. */
export const unitFilter = {
  companyName: z.string().max(50).optional(),
  unitId: idParam('单位').optional(),
};
export type UnitFilter = { companyName?: string; unitId?: number };

/**
 * SQL condition limiting `unitColumn` to the account's scope and the shared filter's unit subtree.
 * An unknown unit name is a 400, not an empty dashboard that looks like good news.
 */
export async function unitFilterSql(
  q: Queryable,
  user: SessionUser,
  f: UnitFilter,
  params: unknown[],
  unitColumn: string,
): Promise<string> {
  const where = [unitScopeSql(user, unitColumn, params)];
  if (f.companyName || f.unitId) {
    const { rows } = await q.query<{ path: string }>(
      'SELECT path FROM units WHERE deleted_at IS NULL AND (id = $1 OR name = $2 OR short_name = $2) ORDER BY id LIMIT 1',
      [f.unitId ?? 0, f.companyName ?? ''],
    );
    if (!rows[0]) throw badRequest('单位不存在');
    params.push(`${rows[0].path}%`);
    where.push(`${unitColumn} IN (SELECT id FROM units WHERE path LIKE $${params.length})`);
  }
  return where.join(' AND ');
}

/** Employees `e` in the account's scope and the filter's unit subtree, not deleted (dashboard and statistics). */
export async function employeeFilterSql(
  q: Queryable,
  user: SessionUser,
  f: UnitFilter,
  params: unknown[],
): Promise<string> {
  return `${await unitFilterSql(q, user, f, params, 'e.unit_id')} AND e.deleted_at IS NULL`;
}
