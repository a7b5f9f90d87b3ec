import type { ResourceDef, SeedView } from '@peis/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client';
import { pageQuery } from '../lib/paging';
import { currentUser } from '../plugins/auth';
import { loadChildren } from './children';
import type { CrudRepository, Row } from './crud-repository';

const seedQuery = z.object({
  ...pageQuery,
  name: z.string().max(100, '名称最多100个字符').optional(),
});

/** A record in the seed's names (children mapped row by row). */
export function toSeedRecord(view: SeedView, record: Row): Row {
  const out: Row = {};
  for (const [seedName, target] of Object.entries(view.names)) {
    if (typeof target === 'string') out[seedName] = record[target] ?? null;
    else {
      const rows = (record[target.field] as Row[] | undefined) ?? [];
      out[seedName] = rows.map((row) =>
        Object.fromEntries(Object.entries(target.names).map(([n, key]) => [n, row[key] ?? null])),
      );
    }
  }
  return out;
}

/**
 * GET /api{view.path}: the catalogue in the seed's field names (SPEC §7 mock endpoints), paged, filtered by
 * `name`, with the list's permission and scope.
 */
export function registerSeedView(app: FastifyInstance, db: Db, def: ResourceDef, view: SeedView, repo: CrudRepository) {
  const withChildren = Object.values(view.names).some((t) => typeof t !== 'string');
  app.withTypeProvider<ZodTypeProvider>().get(
    `/api${view.path}`,
    {
      config: { permission: def.permissions.list },
      schema: { tags: [def.label], summary: `${def.label}（样例数据字段）`, querystring: seedQuery },
    },
    async (req) => {
      const { page, pageSize, name } = req.query;
      const filters: Record<string, string> = name ? { [view.nameField]: name } : {};
      const { total, records } = await repo.list(db, currentUser(req), { page, pageSize, deleted: false, filters });
      if (withChildren) await loadChildren(db, def, records);
      return { code: 200, data: { total, records: records.map((r) => toSeedRecord(view, r)) } };
    },
  );
}
