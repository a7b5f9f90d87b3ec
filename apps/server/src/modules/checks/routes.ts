import { idParams } from '@peis/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { attachment, streamXlsx, XLSX_CONTENT_TYPE } from '../../crud/xlsx';
import { sortOf } from '../../lib/paging';
import { writeAudit } from '../../plugins/audit';
import { currentUser } from '../../plugins/auth';
import { checkDetail } from './detail';
import { FIXED_COLUMNS } from './import';
import { checkImportRoutes } from './import-routes';
import { indicatorHeader, loadIndicators } from './indicators';
import { createBody, exportFilters, listFilters, updateBody } from './schemas';
import { createCheck, deleteCheck, updateCheck } from './service';
import { checkFilters, checks, exportBatches } from './sql';

export async function checkRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['体检数据'];

  r.get(
    '/api/phr/check',
    { config: { permission: 'main:phr/check' }, schema: { tags, summary: '体检数据列表', querystring: listFilters } },
    async (req) => {
      const { page, pageSize, sort, order, ...f } = req.query;
      const list = { page, pageSize, ...sortOf({ sort, order }), filters: checkFilters(f) };
      return { code: 200, data: await checks.list(db, currentUser(req), list) };
    },
  );

  r.get(
    '/api/phr/check/export',
    { config: { permission: 'check:export' }, schema: { tags, summary: '导出体检数据', querystring: exportFilters } },
    async (req, reply) => {
      const batch = exportBatches(db, currentUser(req), req.query);
      const defs = [...(await loadIndicators(db)).values()];
      await db.tx((q) => writeAudit(q, req, { action: 'export', resource: 'check', after: req.query }));
      const columns = [
        { header: FIXED_COLUMNS.idCard, key: 'idCard', width: 22 },
        { header: FIXED_COLUMNS.name, key: 'name', width: 12 },
        { header: FIXED_COLUMNS.unit, key: 'unitName', width: 18 },
        { header: FIXED_COLUMNS.checkDate, key: 'checkDate', width: 12 },
        { header: FIXED_COLUMNS.provider, key: 'provider', width: 24 },
        ...defs.map((d) => ({ header: indicatorHeader(d), key: `v_${d.code}` })),
      ];
      // ID numbers masked like the list: a spreadsheet travels further than the screen.
      const stream = await streamXlsx('体检数据', columns, async (afterId, limit) =>
        (await batch(afterId, limit)).map((row) => {
          const out: Record<string, unknown> = { ...row, provider: row.provider ?? '' };
          for (const d of defs) out[`v_${d.code}`] = row.values[d.code] ?? '';
          return out;
        }),
      );
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', attachment(`体检数据_${new Date().toISOString().slice(0, 10)}.xlsx`))
        .send(stream);
    },
  );

  await checkImportRoutes(app, ctx);

  r.get(
    '/api/phr/check/:id',
    { config: { permission: 'main:phr/check' }, schema: { tags, summary: '一次体检的结果', params: idParams } },
    async (req) => ({ code: 200, data: await checkDetail(db, currentUser(req), req.params.id) }),
  );

  r.post(
    '/api/phr/check',
    { config: { permission: 'check:add' }, schema: { tags, summary: '录入体检结果', body: createBody } },
    async (req) => {
      const data = await db.tx((q) => createCheck(q, req, currentUser(req), req.body));
      return { code: 200, msg: '保存成功', data };
    },
  );

  r.put(
    '/api/phr/check/:id',
    {
      config: { permission: 'check:edit' },
      schema: { tags, summary: '修改体检结果', params: idParams, body: updateBody },
    },
    async (req) => {
      const data = await db.tx((q) => updateCheck(q, req, currentUser(req), req.params.id, req.body));
      return { code: 200, msg: '保存成功', data };
    },
  );

  r.delete(
    '/api/phr/check/:id',
    { config: { permission: 'check:delete' }, schema: { tags, summary: '删除体检结果', params: idParams } },
    async (req) => {
      await db.tx((q) => deleteCheck(q, req, currentUser(req), req.params.id));
      return { code: 200, msg: '已删除' };
    },
  );
}
