import type { UnitTreeNode } from '@peis/shared';
import type { Queryable } from '../../db/client';
import type { SessionUser } from '../../plugins/auth';

export interface UnitRow {
  id: number;
  parent_id: number | null;
  name: string;
  short_name: string;
  sort_order: number;
  path: string;
}

/** The units the account may see, in tree order (parents before children, siblings by sort order). */
export async function unitsInScope(q: Queryable, user: SessionUser, userType?: number): Promise<UnitRow[]> {
  const params: unknown[] = [];
  const where = ['u.deleted_at IS NULL'];
  if (user.unitPath !== null) {
    params.push(`${user.unitPath}%`);
    where.push(`u.path LIKE $${params.length}`);
  }
  if (userType !== undefined) {
    // Units holding accounts of that type, with their ancestors so the tree stays connected.
    params.push(userType);
    where.push(`EXISTS (SELECT 1 FROM users a JOIN units au ON au.id = a.unit_id
                         WHERE a.user_type = $${params.length} AND a.deleted_at IS NULL
                           AND au.path LIKE u.path || '%')`);
  }
  const { rows } = await q.query<UnitRow>(
    `SELECT u.id, u.parent_id, u.name, u.short_name, u.sort_order, u.path
       FROM units u WHERE ${where.join(' AND ')}
      ORDER BY length(u.path) - length(replace(u.path, '/', '')), u.sort_order, u.id`,
    params,
  );
  return rows;
}

/** Builds the tree of SPEC §3 (id, name, children) from rows; rows whose parent is absent become roots. */
export function buildUnitTree(rows: UnitRow[]): UnitTreeNode[] {
  const nodes = new Map<number, UnitTreeNode>();
  for (const r of rows) nodes.set(r.id, { id: r.id, name: r.name, shortName: r.short_name, children: [] });
  const roots: UnitTreeNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parent_id === null ? undefined : nodes.get(r.parent_id);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}
