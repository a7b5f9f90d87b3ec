import { idParams, phrFormSchema } from '@peis/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { attachment, PERSON_COLUMNS, streamXlsx, XLSX_CONTENT_TYPE } from '../../crud/xlsx';
import { AppError } from '../../lib/errors';
import { writeAudit } from '../../plugins/audit';
import { currentUser } from '../../plugins/auth';
import { zodIssues } from '../../plugins/errors';
import { checksOf, recordOf, versionsOf, workOf } from './person';
import { incompleteQuery, listFilters, progressQuery, transferBody, transferQuery } from './schemas';
import { saveRecord } from './service';
import { exportBatches, incompletePage, phrPage, progressByUnit, transferPage } from './sql';
import { transferRecords } from './transfer';

const EXPORT_COLUMNS = [
  ...PERSON_COLUMNS,
  { header: '手机号码', key: 'mobile', width: 15 },
  { header: '单位', key: 'unitName', width: 18 },
  { header: '档案状态', key: 'status', width: 10 },
  { header: '缺少内容', key: 'missingText', width: 30 },
  { header: '更新时间', key: 'updatedAt', width: 20 },
];

export async function phrRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['健康档案'];

  r.get(
    '/api/phr',
    { config: { permission: 'main:phr' }, schema: { tags, summary: '档案列表', querystring: listFilters } },
    async (req) => ({ code: 200, data: await phrPage(db, currentUser(req), req.query) }),
  );

  r.get(
    '/api/phr/export',
    { config: { permission: 'phr:export' }, schema: { tags, summary: '导出档案列表', querystring: listFilters } },
    async (req, reply) => {
      const batch = exportBatches(db, currentUser(req), req.query);
      await db.tx((q) => writeAudit(q, req, { action: 'export', resource: 'phr', after: req.query }));
      // Exports carry masked numbers like the list: a spreadsheet travels further than the screen.
      const stream = await streamXlsx('健康档案', EXPORT_COLUMNS, async (afterId, limit) =>
        (await batch(afterId, limit)).map((rec) => ({
          ...rec,
          sexLabel: rec.sex === 1 ? '男' : '女',
          status: !rec.hasRecord ? '未建档' : rec.complete ? '完整' : '不完整',
          missingText: rec.missing.join('、'),
        })),
      );
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', attachment(`健康档案_${new Date().toISOString().slice(0, 10)}.xlsx`))
        .send(stream);
    },
  );

  r.get(
    '/api/phr/progress',
    {
      config: { permission: 'main:phr/progress' },
      schema: { tags, summary: '建档进度（按单位）', querystring: progressQuery },
    },
    async (req) => ({ code: 200, data: await progressByUnit(db, currentUser(req), req.query.unitId) }),
  );

  r.get(
    '/api/phr/progress/incomplete',
    {
      config: { permission: 'main:phr/progress' },
      schema: { tags, summary: '某单位未完成的档案', querystring: incompleteQuery },
    },
    async (req) => ({ code: 200, data: await incompletePage(db, currentUser(req), req.query) }),
  );

  r.get(
    '/api/phr/transfer',
    {
      config: { permission: 'main:phr/transfer' },
      schema: { tags, summary: '档案转移记录', querystring: transferQuery },
    },
    async (req) => ({ code: 200, data: await transferPage(db, currentUser(req), req.query) }),
  );

  r.post(
    '/api/phr/transfer',
    {
      config: { permission: 'phr:transfer' },
      schema: { tags, summary: '档案转移：交给另一单位或另一位责任人', body: transferBody },
    },
    async (req) => {
      const moved = await db.tx((q) => transferRecords(q, req, currentUser(req), req.body));
      return { code: 200, msg: `已转移${moved}份档案`, data: { moved } };
    },
  );

  r.post(
    '/api/phr/form',
    {
      config: { permission: 'main:phr' },
      schema: { tags, summary: '提交健康档案（整份档案 + type）', docBody: phrFormSchema },
    },
    async (req, reply) => {
      // Validated here rather than by the route schema so the answer carries `status` (SPEC §7/§8).
      const parsed = phrFormSchema.safeParse(req.body);
      if (!parsed.success) {
        const errors = zodIssues(parsed.error);
        return reply
          .code(400)
          .send({ code: 400, status: 'error', msg: errors[0]?.message ?? '提交的档案有误', errors });
      }
      try {
        const data = await db.tx((q) => saveRecord(q, req, currentUser(req), parsed.data));
        return { code: 200, status: 'success', msg: '提交成功！', data };
      } catch (err) {
        if (err instanceof AppError) {
          const status = err.statusCode === 409 ? 'warning' : 'error';
          return reply
            .code(err.statusCode)
            .send({ code: err.statusCode, status, msg: err.message, errors: err.errors });
        }
        throw err;
      }
    },
  );

  // One person's record pages: each a read of that person, 403/404 outside the scope.
  const personReads = [
    ['', '一份档案', recordOf],
    ['/versions', '档案的版本记录', versionsOf],
    ['/work', '此人的分组标签、阳性发现、任务、随访与服务包', workOf],
    ['/checks', '此人的历年体检结果', checksOf],
  ] as const;
  for (const [path, summary, read] of personReads) {
    r.get(
      `/api/phr/:id${path}`,
      { config: { permission: 'main:phr' }, schema: { tags, summary, params: idParams } },
      async (req) => ({ code: 200, data: await read(db, currentUser(req), req.params.id) }),
    );
  }
}
