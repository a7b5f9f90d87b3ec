import type { Readable } from 'node:stream';
import type {} from '@fastify/multipart';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { ImportRun } from '../../crud/import-run';
import { attachment, MAX_REFUSED, XLSX_CONTENT_TYPE } from '../../crud/xlsx';
import { refreshRollups } from '../../lib/dashboard-rollup-refresh';
import { AppError, badRequest, fieldError } from '../../lib/errors';
import { type SavedUpload, saveUpload } from '../../lib/xlsx-reader';
import { can, currentUser } from '../../plugins/auth';
import { multipartBody } from '../../plugins/openapi';
import { FIXED_COLUMNS, type ImportTimings, importChecks } from './import';
import { type IndicatorSpec, indicatorHeader, loadIndicators, plausibleText } from './indicators';
import { importIdQuery } from './schemas';

/** Largest .xlsx an import reads (about a million rows of checks). */
const MAX_IMPORT_BYTES = 100 * 1024 * 1024;
/** Time an upload may take to arrive (100 MB at about 200 KB/s). */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

/** Reads what is left of an upload so the request ends cleanly. */
function drain(stream: Readable): Promise<void> {
  if (stream.readableEnded || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    stream.unpipe();
    stream.once('end', resolve);
    stream.once('close', resolve);
    stream.once('error', () => resolve());
    stream.resume();
  });
}

/** The check import: its template, the upload, its progress and the report of refused cells. */
export async function checkImportRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['体检数据'];

  r.get(
    '/api/phr/check/import/template',
    { config: { permission: 'check:import' }, schema: { tags, summary: '体检数据导入模板' } },
    async (_req, reply) => {
      const defs = [...(await loadIndicators(db)).values()];
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('体检数据');
      ws.columns = [
        { header: FIXED_COLUMNS.idCard, key: 'idCard', width: 22, style: { numFmt: '@' } },
        { header: FIXED_COLUMNS.name, key: 'name', width: 12 },
        { header: FIXED_COLUMNS.checkDate, key: 'checkDate', width: 14, style: { numFmt: 'yyyy-mm-dd' } },
        { header: FIXED_COLUMNS.provider, key: 'provider', width: 24 },
        ...defs.map((d) => ({
          header: indicatorHeader(d),
          key: d.code,
          width: Math.max(12, indicatorHeader(d).length * 2 + 2),
        })),
      ];
      ws.getRow(1).font = { bold: true };
      ws.views = [{ state: 'frozen', ySplit: 1 }];
      const help = wb.addWorksheet('说明');
      help.columns = [
        { header: '列名', key: 'header', width: 26 },
        { header: '指标代码', key: 'code', width: 12 },
        { header: '名称', key: 'name', width: 20 },
        { header: '单位', key: 'unit', width: 10 },
        { header: '合理范围', key: 'range', width: 18 },
        { header: '说明', key: 'note', width: 50 },
      ];
      help.getRow(1).font = { bold: true };
      help.addRow({ header: FIXED_COLUMNS.idCard, note: '必填；18位身份证号，须为账号单位范围内的在册员工' });
      help.addRow({ header: FIXED_COLUMNS.name, note: '选填；填写时须与身份证号对应的员工姓名一致' });
      help.addRow({ header: FIXED_COLUMNS.checkDate, note: '必填；日期或 YYYY-MM-DD 文本，不早于2000年且不晚于今天' });
      help.addRow({ header: FIXED_COLUMNS.provider, note: '选填；体检机构名称' });
      for (const d of defs) {
        help.addRow({
          header: indicatorHeader(d),
          code: d.code,
          name: d.name,
          unit: d.unit ?? '',
          range: plausibleText(d),
          note:
            d.code === 'BMI'
              ? '填写身高和体重时自动计算，无需填写'
              : `选填；数字，保留${d.decimals}位小数；超出合理范围的值不予导入`,
        });
      }
      help.addRow({});
      help.addRow({
        header: '其他',
        note: '同一员工同一体检日期为一条记录：重复导入不会新增，数值不同则更新。表头也可用指标名称或指标代码。',
      });
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', attachment('体检数据导入模板.xlsx'))
        .send(Buffer.from(await wb.xlsx.writeBuffer()));
    },
  );

  r.get(
    '/api/phr/check/import/progress',
    {
      config: { permission: 'check:import' },
      schema: {
        tags,
        summary: '导入进度（上传请求进行中时轮询）',
        querystring: importIdQuery,
      },
    },
    async (req) => ({ code: 200, data: await ImportRun.progress(db, currentUser(req).id, req.query.importId) }),
  );

  r.post(
    '/api/phr/check/import',
    {
      config: { permission: 'check:import' },
      schema: {
        tags,
        summary: '导入体检数据（.xlsx；字段 file，可选字段 mapping 须在 file 之前）',
        ...multipartBody({ mapping: z.string().optional().describe('列与指标的对应（JSON），须在 file 之前') }),
        querystring: importIdQuery.partial(),
      },
    },
    async (req) => {
      const received = Date.now();
      const user = currentUser(req);
      if (!req.isMultipart()) throw badRequest('请上传 .xlsx 文件');
      const tooLarge = () => new AppError(413, `文件大小不能超过${MAX_IMPORT_BYTES / 1024 / 1024}MB`);
      if (Number(req.headers['content-length']) > MAX_IMPORT_BYTES + 1024 * 1024) throw tooLarge();
      const file = await req.file({
        limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10, fieldSize: 256 * 1024 },
      });
      if (!file) throw badRequest('请上传 .xlsx 文件');
      const upload = file.file;
      let saved: SavedUpload;
      let defs: Awaited<ReturnType<typeof loadIndicators>>;
      let mapping: Record<string, string | null>;
      try {
        const field = file.fields.mapping;
        const mappingText = field && !Array.isArray(field) && 'value' in field ? String(field.value ?? '') : '';
        defs = await loadIndicators(db);
        mapping = parseMapping(mappingText, defs);
        // The whole file is received before it is read, so no database work ever waits on the client.
        saved = await saveUpload(upload, { tooLarge, timeoutMs: UPLOAD_TIMEOUT_MS });
      } finally {
        await drain(upload);
      }
      try {
        const run = await ImportRun.start(db, req, {
          resource: 'check',
          fileName: file.filename,
          clientId: req.query.importId,
          receivedMs: Date.now() - received,
        });
        let timings: ImportTimings | undefined;
        const report = await run.track(
          db,
          req,
          () =>
            importChecks(db, user, saved.path, defs, {
              mapping,
              canEdit: can(user, 'check:edit'),
              timings: (x) => {
                timings = x;
              },
              onCommitted: (q, progress) => run.committed(q, progress),
            }),
          (r) => ({
            refused: new Set(r.refused.map((x) => x.row)).size,
            findings: r.findings,
            unknownHeaders: r.unknownHeaders,
            ...timings,
          }),
        );
        // The dashboard's rollups of the unit-years just written, recomputed now rather than on its next load.
        void refreshRollups(db).catch((err) => req.log.error({ err }, 'dashboard rollup refresh failed'));
        return { code: 200, msg: '导入完成', data: report };
      } finally {
        await saved.dispose();
      }
    },
  );

  r.post(
    '/api/phr/check/import/report',
    {
      config: { permission: 'check:import' },
      bodyLimit: 8 * 1024 * 1024,
      schema: {
        tags,
        summary: '导入问题报告（.xlsx）',
        body: z.object({
          refused: z
            .array(
              z.object({
                row: z.number({ error: '行号无效' }).int('行号无效').min(0, '行号无效'),
                column: z.string().max(200).default(''),
                value: z.union([z.string().max(2000), z.number()]).default(''),
                reason: z.string().max(500).default(''),
                person: z.string().max(200).optional(),
              }),
              { error: '请提供问题列表' },
            )
            .max(MAX_REFUSED + 1, `最多${MAX_REFUSED}条`),
        }),
      },
    },
    async (req, reply) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('导入问题');
      ws.columns = [
        { header: '行号', key: 'row', width: 8 },
        { header: '人员', key: 'person', width: 26 },
        { header: '列', key: 'column', width: 22 },
        { header: '值', key: 'value', width: 22 },
        { header: '原因', key: 'reason', width: 60 },
      ];
      ws.getRow(1).font = { bold: true };
      for (const x of req.body.refused) ws.addRow({ ...x, row: x.row || '', value: String(x.value) });
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', attachment('导入问题报告.xlsx'))
        .send(Buffer.from(await wb.xlsx.writeBuffer()));
    },
  );
}

/** The `mapping` field: a JSON object of header → indicator code ('' or null = ignore the column). */
function parseMapping(textValue: string, defs: Map<string, IndicatorSpec>): Record<string, string | null> {
  if (!textValue.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(textValue);
  } catch {
    throw fieldError('mapping', '列映射应为 JSON 对象');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw fieldError('mapping', '列映射应为 JSON 对象');
  }
  const out: Record<string, string | null> = {};
  for (const [header, code] of Object.entries(parsed)) {
    if (code === null || code === '') {
      out[header] = null;
      continue;
    }
    if (typeof code !== 'string' || !defs.has(code.toUpperCase())) {
      const msg = `未知的指标代码 ${String(code)}`;
      throw fieldError(`mapping.${header}`, msg);
    }
    out[header] = code.toUpperCase();
  }
  return out;
}
