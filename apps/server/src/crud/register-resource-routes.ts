import type {} from '@fastify/multipart';
import { idParam, inputSchema, type ResourceDef } from '@peis/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client';
import { AppError, badRequest, forbidden } from '../lib/errors';
import { pageQuery } from '../lib/paging';
import { saveUpload } from '../lib/xlsx-reader';
import { writeAudit } from '../plugins/audit';
import { can, currentUser } from '../plugins/auth';
import { multipartBody } from '../plugins/openapi';
import { sameValue } from './children';
import { CrudRepository, type ResourceHooks, type Row } from './crud-repository';
import { ImportRun } from './import-run';
import { registerSeedView } from './seed-view';
import { exportsInFull, hasMaskedFields } from './sql-fields';
import { attachment, exportXlsx, importXlsx, templateXlsx, XLSX_CONTENT_TYPE } from './xlsx';

const idParams = z.object({ id: idParam() });
const listQuery = z
  .object({
    ...pageQuery,
    sort: z.string().optional(),
    order: z.enum(['asc', 'desc', 'ascend', 'descend'], { error: '排序方向无效' }).optional(),
    deleted: z.enum(['0', '1', 'true', 'false']).optional(),
  })
  .catchall(z.string());

const today = () => new Date().toISOString().slice(0, 10).replaceAll('-', '');
/** Time an upload may take to arrive (50 MB at about 100 KB/s). */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

/**
 * The generic CRUD routes of one declared resource: list, read, create, update (versioned), soft delete,
 * restore, export, import and the import template. Each checks the permission the definition names,
 * limits every query to the account's unit scope, and writes in one transaction with one audit entry.
 */
export function registerResourceRoutes(
  app: FastifyInstance,
  db: Db,
  def: ResourceDef,
  hooks: ResourceHooks = {},
  /** A repository of the resource's own (a subclass adding to reads, e.g. a detail's extra parts). */
  repo: CrudRepository = new CrudRepository(def, hooks),
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = `/api${def.endpoint}`;
  const p = def.permissions;
  const tags = [def.label];
  const need = (req: FastifyRequest, permission: string | undefined) => {
    if (!permission || !can(currentUser(req), permission)) throw forbidden();
  };
  const parseList = (q: z.infer<typeof listQuery>) => {
    const { page, pageSize, sort, order, deleted, ...filters } = q;
    return {
      page,
      pageSize,
      sort,
      order: order === 'desc' || order === 'descend' ? ('desc' as const) : ('asc' as const),
      deleted: deleted === '1' || deleted === 'true',
      filters: filters as Record<string, string>,
    };
  };
  const createSchema = inputSchema(def, 'create');
  const updateSchema = inputSchema(def, 'update');
  const created = (record: Row) => ({ code: 200, msg: '保存成功', data: record });

  r.get(
    base,
    { config: { permission: p.list }, schema: { tags, summary: `${def.label}列表`, querystring: listQuery } },
    async (req) => {
      const query = parseList(req.query);
      if (query.deleted) need(req, p.restore);
      return { code: 200, data: await repo.list(db, currentUser(req), query) };
    },
  );

  if (p.export) {
    r.get(
      `${base}/export`,
      { config: { permission: p.export }, schema: { tags, summary: `导出${def.label}`, querystring: listQuery } },
      async (req, reply) => {
        const { filters, deleted, sort } = parseList(req.query);
        const user = currentUser(req);
        if (sort) repo.orderBy({ sort }); // refuses an unknown sort before the download starts
        // Validate the filters before streaming, so a bad one is a 400 and not a broken file.
        // The audit says who took how many rows, and whether ID and mobile numbers went out whole.
        const rows = await repo.count(db, user, { filters, deleted });
        const masked = hasMaskedFields(def) ? { masked: !exportsInFull(def, user) } : {};
        await db.tx((q) =>
          writeAudit(q, req, { action: 'export', resource: def.name, after: { filters, rows, ...masked } }),
        );
        return reply
          .header('content-type', XLSX_CONTENT_TYPE)
          .header('content-disposition', attachment(`${def.label}_${today()}.xlsx`))
          .send(await exportXlsx(db, repo, currentUser(req), filters, deleted));
      },
    );
  }

  if (p.import) {
    r.get(
      `${base}/import/template`,
      { config: { permission: p.import }, schema: { tags, summary: `${def.label}导入模板` } },
      async (_req, reply) =>
        reply
          .header('content-type', XLSX_CONTENT_TYPE)
          .header('content-disposition', attachment(`${def.label}导入模板.xlsx`))
          .send(await templateXlsx(def)),
    );
    r.post(
      `${base}/import`,
      { config: { permission: p.import }, schema: { tags, summary: `导入${def.label}（.xlsx）`, ...multipartBody() } },
      async (req) => {
        const user = currentUser(req);
        if (!req.isMultipart()) throw badRequest('请上传 .xlsx 文件');
        const file = await req.file({ limits: { fileSize: 50 * 1024 * 1024, files: 1 } });
        if (!file) throw badRequest('请上传 .xlsx 文件');
        // Received whole (bounded) before any transaction: a slow upload holds no database connection.
        const saved = await saveUpload(file.file, {
          tooLarge: () => new AppError(413, '文件大小不能超过50MB'),
          timeoutMs: UPLOAD_TIMEOUT_MS,
        });
        const canUpdate = Boolean(p.update && can(user, p.update));
        try {
          const run = await ImportRun.start(db, req, { resource: def.name, fileName: file.filename });
          const report = await run.track(
            db,
            req,
            () =>
              importXlsx(
                db,
                repo,
                user,
                saved.path,
                async (q, values, existing) => {
                  if (!existing) {
                    await repo.create(q, req, user, values);
                    return 'created';
                  }
                  const current = await repo.get(q, user, Number(existing.id));
                  // Child rows compare on their declared fields (not their ids): same file, 'unchanged'.
                  const changed = Object.entries(values).some(
                    ([k, v]) => !sameValue(def.fields[k] ?? { kind: 'input', label: k }, v, current[k]),
                  );
                  if (!changed) return 'unchanged';
                  if (!canUpdate) throw forbidden('记录已存在，且没有修改权限');
                  await repo.update(
                    q,
                    req,
                    user,
                    Number(existing.id),
                    { ...current, ...values },
                    Number(current.version),
                  );
                  return 'updated';
                },
                { onCommitted: (q, progress) => run.committed(q, progress) },
              ),
            (r) => ({ refused: r.refused.length }),
          );
          return { code: 200, msg: '导入完成', data: report };
        } finally {
          await saved.dispose();
        }
      },
    );
  }

  if (def.seedView) registerSeedView(app, db, def, def.seedView, repo);

  r.get(
    `${base}/:id`,
    { config: { permission: p.view ?? p.list }, schema: { tags, summary: `${def.label}详情`, params: idParams } },
    async (req) => ({ code: 200, data: await repo.get(db, currentUser(req), req.params.id) }),
  );

  if (p.create) {
    r.post(
      base,
      { config: { permission: p.create }, schema: { tags, summary: `新增${def.label}`, body: createSchema } },
      async (req) => created(await db.tx((q) => repo.create(q, req, currentUser(req), req.body as Row))),
    );
  }

  if (p.update) {
    r.put(
      `${base}/:id`,
      {
        config: { permission: p.update },
        schema: { tags, summary: `修改${def.label}`, params: idParams, body: updateSchema },
      },
      async (req) => {
        const { version, ...values } = req.body as Row & { version: number };
        return created(await db.tx((q) => repo.update(q, req, currentUser(req), req.params.id, values, version)));
      },
    );
  }

  if (p.remove && def.softDelete !== false) {
    r.delete(
      `${base}/:id`,
      { config: { permission: p.remove }, schema: { tags, summary: `删除${def.label}`, params: idParams } },
      async (req) => {
        await db.tx((q) => repo.remove(q, req, currentUser(req), req.params.id));
        return { code: 200, msg: '已删除' };
      },
    );
  }

  if (p.restore && def.softDelete !== false) {
    r.post(
      `${base}/:id/restore`,
      { config: { permission: p.restore }, schema: { tags, summary: `恢复${def.label}`, params: idParams } },
      async (req) => ({
        code: 200,
        msg: '已恢复',
        data: await db.tx((q) => repo.restore(q, req, currentUser(req), req.params.id)),
      }),
    );
  }
  return repo;
}
