import type { Readable } from 'node:stream';
import type {} from '@fastify/multipart';
import { idParam, maskIdCard } from '@peis/shared';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { ImportRun } from '../../crud/import-run';
import { attachment, MAX_REFUSED, streamXlsx, XLSX_CONTENT_TYPE } from '../../crud/xlsx';
import type { Queryable } from '../../db/client';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { employeeRowScopeSql, type ListJoin, listCount, onlyFilters, paged } from '../../lib/paging';
import { employeeScopeSql } from '../../lib/scope';
import { type SavedUpload, saveUpload } from '../../lib/xlsx-reader';
import { writeAudit } from '../../plugins/audit';
import { can, currentUser, type SessionUser } from '../../plugins/auth';
import { multipartBody } from '../../plugins/openapi';
import { refreshRollups } from '../dashboard/rollups';
import { evaluateChecks, refreshTags } from '../positive/evaluate';
import { FIXED_COLUMNS, type ImportTimings, importChecks } from './import';
import {
  checkDateProblem,
  type IndicatorSpec,
  indicatorHeader,
  isRealDate,
  loadIndicators,
  plausibleText,
  validateValues,
} from './indicators';

/** Largest .xlsx an import reads (about a million rows of checks). */
const MAX_IMPORT_BYTES = 100 * 1024 * 1024;
/** Time an upload may take to arrive (100 MB at about 200 KB/s). */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

const idParams = z.object({ id: idParam() });
const dateText = (label: string) => z.string().refine(isRealDate, { message: `${label}格式应为 YYYY-MM-DD` });
const filterFields = {
  unitId: idParam('单位').optional(),
  name: z.string().max(30, '姓名不能超过30个字').optional(),
  idCard: z.string().max(18, '身份证号不能超过18位').optional(),
  year: z.coerce.number({ error: '年份无效' }).int('年份无效').min(2000, '年份无效').max(2100, '年份无效').optional(),
  provider: z.string().max(100, '体检机构不能超过100个字').optional(),
  dateFrom: dateText('开始日期').optional(),
  dateTo: dateText('结束日期').optional(),
  hasFindings: z.enum(['true', 'false'], { error: '是否有阳性应为 true 或 false' }).optional(),
};
const listFilters = z.object({
  page: z.coerce.number({ error: '页码无效' }).int('页码无效').min(1, '页码无效').max(1_000_000, '页码无效').default(1),
  pageSize: z.coerce.number({ error: '每页条数无效' }).int('每页条数无效').min(1).max(500, '每页最多500条').default(20),
  ...filterFields,
});
const exportFilters = z.object(filterFields);
type Filters = z.infer<typeof exportFilters>;

const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** WHERE of the check list and export: live checks of live employees in the account's scope, and the filters. */
function listWhere(user: SessionUser, f: Filters, params: unknown[]): string {
  const where = ['c.deleted_at IS NULL', 'e.deleted_at IS NULL', employeeRowScopeSql(user, 'e', params)];
  const add = (cond: string, v: unknown) => {
    params.push(v);
    where.push(cond.replaceAll('?', `$${params.length}`));
  };
  if (f.unitId)
    add(`e.unit_id IN (SELECT id FROM units WHERE path LIKE (SELECT path FROM units WHERE id = ?) || '%')`, f.unitId);
  if (f.name) add('e.name ILIKE ?', likeText(f.name));
  if (f.idCard) add('e.id_card = ?', f.idCard.trim().toUpperCase());
  if (f.year) add('c.year = ?', f.year);
  if (f.provider) add('c.provider ILIKE ?', likeText(f.provider));
  if (f.dateFrom) add('c.check_date >= ?::date', f.dateFrom);
  if (f.dateTo) add('c.check_date <= ?::date', f.dateTo);
  if (f.hasFindings === 'true') where.push('EXISTS (SELECT 1 FROM positive_findings pf WHERE pf.check_id = c.id)');
  if (f.hasFindings === 'false') where.push('NOT EXISTS (SELECT 1 FROM positive_findings pf WHERE pf.check_id = c.id)');
  return where.join(' AND ');
}

const LIST_FROM = 'health_checks c JOIN employees e ON e.id = c.employee_id JOIN units u ON u.id = e.unit_id';
/** LIST_FROM for paged(): the count and the page's keys need the employee only for its conditions. */
const LIST_JOINS: ListJoin[] = [
  { alias: 'e', sql: 'JOIN employees e ON e.id = c.employee_id' },
  { alias: 'u', sql: 'JOIN units u ON u.id = e.unit_id', needs: 'e' },
];
const LIST_SELECT = `c.id, c.employee_id AS "employeeId", e.name, e.sex, u.short_name AS "unitName", e.id_card AS "idCard",
  to_char(c.check_date, 'YYYY-MM-DD') AS "checkDate", c.year, c.provider, c."values", c.version,
  (SELECT count(*)::int FROM positive_findings pf WHERE pf.check_id = c.id) AS findings`;

interface ListRow {
  id: number;
  employeeId: number;
  name: string;
  sex: number;
  unitName: string;
  idCard: string;
  checkDate: string;
  year: number;
  provider: string | null;
  values: Record<string, number>;
  version: number;
  findings: number;
}
const listRecord = (r: ListRow) => ({
  ...r,
  id: Number(r.id),
  employeeId: Number(r.employeeId),
  idCard: maskIdCard(r.idCard),
});

const ageAt = (birthday: string, day: string) => {
  const [by, bm, bd] = birthday.split('-').map(Number);
  const [y, m, d] = day.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
};

interface BandRow {
  code: string;
  name: string;
  unit: string | null;
  sex: number;
  age_min: number;
  age_max: number;
  ref_low: number | string | null;
  ref_high: number | string | null;
  plausible_min: number | string;
  plausible_max: number | string;
  decimals: number;
  sort_order: number;
  fits: boolean;
}
const num = (v: number | string | null) => (v === null ? null : Number(v));

/** One check with its person, the indicator definitions for that person's sex and age, and its findings. */
async function checkDetail(q: Queryable, user: SessionUser, id: number) {
  const params: unknown[] = [id];
  const { rows } = await q.query<
    ListRow & { birthday: string; unitId: number; createdAt: string; updatedAt: string; employeeDeleted: boolean }
  >(
    `SELECT ${LIST_SELECT}, to_char(e.birthday, 'YYYY-MM-DD') AS birthday, e.unit_id AS "unitId",
            to_char(c.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS "createdAt",
            to_char(c.updated_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS "updatedAt"
       FROM ${LIST_FROM} WHERE c.id = $1 AND c.deleted_at IS NULL AND ${employeeScopeSql(user, 'e.id', params)}`,
    params,
  );
  const row = rows[0];
  if (!row) {
    const { rows: exists } = await q.query('SELECT 1 FROM health_checks WHERE id = $1 AND deleted_at IS NULL', [id]);
    throw exists[0] ? forbidden('无权访问该体检记录') : notFound('体检记录不存在');
  }
  const age = ageAt(row.birthday, row.checkDate);
  const codes = Object.keys(row.values);
  // The band of each indicator for this person: their sex before "both", the narrowest age band.
  const { rows: bands } = await q.query<BandRow>(
    `SELECT DISTINCT ON (code) code, name, unit, sex, age_min, age_max, ref_low, ref_high, plausible_min, plausible_max,
            decimals, sort_order, ((sex = 0 OR sex = $2) AND $3 BETWEEN age_min AND age_max) AS fits
       FROM indicators
      WHERE code = ANY($1) AND deleted_at IS NULL
      ORDER BY code, enabled DESC, fits DESC, sex DESC, age_min DESC, id`,
    [codes, row.sex, age],
  );
  const byCode = new Map(bands.map((b) => [b.code, b]));
  const indicators = codes
    .filter((c) => byCode.has(c))
    .map((c) => byCode.get(c)!)
    .sort((a, b) => a.sort_order - b.sort_order)
    .map((b) => {
      const v = row.values[b.code];
      // No band for this person's sex and age: no reference range rather than another band's.
      const low = b.fits ? num(b.ref_low) : null;
      const high = b.fits ? num(b.ref_high) : null;
      return {
        code: b.code,
        name: b.name,
        unit: b.unit,
        refLow: low,
        refHigh: high,
        plausibleMin: Number(b.plausible_min),
        plausibleMax: Number(b.plausible_max),
        decimals: b.decimals,
        value: v,
        flag: high !== null && v > high ? 'high' : low !== null && v < low ? 'low' : null,
      };
    });
  const { rows: findings } = await q.query(
    `SELECT f.id, f.rule_id AS "ruleId", r.names, r.names AS "ruleName", r.library_name AS "libraryName", f.level, f.matched, f.status,
            to_char(f.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS "createdAt"
       FROM positive_findings f JOIN positive_rules r ON r.id = f.rule_id
      WHERE f.check_id = $1 ORDER BY f.level DESC, f.id`,
    [id],
  );
  const { birthday: _b, ...rest } = row;
  return {
    ...listRecord(rest as ListRow),
    idCard: can(user, 'phr:view') ? row.idCard : maskIdCard(row.idCard),
    age,
    unitId: Number(row.unitId),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    indicators,
    findings: findings.map((f) => ({ ...f, id: Number(f.id), ruleId: Number(f.ruleId) })),
  };
}

/** Values of a write, validated: 400 with the path values.CODE of the first problem. */
async function validValues(q: Queryable, raw: Record<string, unknown>) {
  const defs = await loadIndicators(q);
  const { values, problems } = validateValues(defs, raw);
  if (problems.length) {
    throw badRequest(
      problems[0].message,
      problems.map((p) => ({ path: p.code ? `values.${p.code}` : 'values', message: p.message })),
    );
  }
  return values;
}

function validDate(checkDate: string) {
  const why = checkDateProblem(checkDate);
  if (why) throw badRequest(why, [{ path: 'checkDate', message: why }]);
}

const DUPLICATE = '该员工当日已有体检记录';
async function refuseDuplicate(q: Queryable, employeeId: number, checkDate: string, exceptId = 0) {
  const { rows } = await q.query(
    'SELECT 1 FROM health_checks WHERE employee_id = $1 AND check_date = $2 AND deleted_at IS NULL AND id <> $3',
    [employeeId, checkDate, exceptId],
  );
  if (rows[0]) throw badRequest(DUPLICATE, [{ path: 'checkDate', message: DUPLICATE }]);
}

/** A live check in scope, locked for a write; 403 outside the scope, 404 when there is none. */
async function lockCheck(q: Queryable, user: SessionUser, id: number) {
  const params: unknown[] = [id];
  const { rows } = await q.query<{
    id: number;
    employee_id: number;
    check_date: string;
    year: number;
    provider: string | null;
    values: Record<string, number>;
    version: number;
  }>(
    `SELECT c.id, c.employee_id, to_char(c.check_date, 'YYYY-MM-DD') AS check_date, c.year, c.provider, c."values", c.version
       FROM health_checks c JOIN employees e ON e.id = c.employee_id
      WHERE c.id = $1 AND c.deleted_at IS NULL AND e.deleted_at IS NULL AND ${employeeScopeSql(user, 'e.id', params)}
      FOR UPDATE OF c`,
    params,
  );
  if (!rows[0]) {
    const { rows: exists } = await q.query('SELECT 1 FROM health_checks WHERE id = $1 AND deleted_at IS NULL', [id]);
    throw exists[0] ? forbidden('无权修改该体检记录') : notFound('体检记录不存在');
  }
  return { ...rows[0], id: Number(rows[0].id), employee_id: Number(rows[0].employee_id) };
}

const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505';

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

export async function checkRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['体检数据'];

  r.get(
    '/api/phr/check',
    { config: { permission: 'main:phr/check' }, schema: { tags, summary: '体检数据列表', querystring: listFilters } },
    async (req) => {
      const user = currentUser(req);
      const params: unknown[] = [];
      const where = listWhere(user, req.query, params);
      const { total, records } = await paged<ListRow>(
        db,
        {
          select: LIST_SELECT,
          from: { base: 'health_checks c', key: 'c.id', joins: LIST_JOINS },
          where,
          order: 'c.check_date DESC, c.id DESC',
          // Scope, unit and year are the maintained count's (live checks of live employees by unit, year).
          count:
            user.userType !== 4 && onlyFilters(req.query, ['unitId', 'year'])
              ? () => listCount(db, 'checks', user, { unitId: req.query.unitId, k1: req.query.year })
              : undefined,
        },
        params,
        req.query,
      );
      return { code: 200, data: { total, records: records.map(listRecord) } };
    },
  );

  r.get(
    '/api/phr/check/export',
    { config: { permission: 'check:export' }, schema: { tags, summary: '导出体检数据', querystring: exportFilters } },
    async (req, reply) => {
      const user = currentUser(req);
      const params: unknown[] = [];
      const where = listWhere(user, req.query, params);
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
      const stream = await streamXlsx('体检数据', columns, async (afterId, limit) => {
        const p = [...params, afterId, limit];
        const { rows } = await db.query<ListRow>(
          `SELECT ${LIST_SELECT} FROM ${LIST_FROM} WHERE ${where} AND c.id > $${p.length - 1}
            ORDER BY c.id LIMIT $${p.length}`,
          p,
        );
        return rows.map((row) => {
          const out: Record<string, unknown> = { ...listRecord(row), provider: row.provider ?? '' };
          for (const d of defs) out[`v_${d.code}`] = row.values[d.code] ?? '';
          return out;
        });
      });
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', attachment(`体检数据_${new Date().toISOString().slice(0, 10)}.xlsx`))
        .send(stream);
    },
  );

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
        querystring: z.object({ importId: z.string().regex(/^[\w-]{1,64}$/, '导入编号无效') }),
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
        querystring: z.object({
          importId: z
            .string()
            .regex(/^[\w-]{1,64}$/, '导入编号无效')
            .optional(),
        }),
      },
    },
    async (req) => {
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
            elapsedMs: r.elapsedMs,
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

  r.get(
    '/api/phr/check/:id',
    { config: { permission: 'main:phr/check' }, schema: { tags, summary: '一次体检的结果', params: idParams } },
    async (req) => ({ code: 200, data: await checkDetail(db, currentUser(req), req.params.id) }),
  );

  const provider = z
    .string({ error: '体检机构应为文字' })
    .trim()
    .max(100, '体检机构不能超过100个字')
    .nullish()
    .transform((v) => v || null);
  const values = z.record(z.string(), z.unknown(), { error: '请填写指标数值' });
  const checkDate = z.string({ error: '请填写体检日期' }).regex(/^\d{4}-\d{2}-\d{2}$/, '体检日期格式应为 YYYY-MM-DD');

  r.post(
    '/api/phr/check',
    {
      config: { permission: 'check:add' },
      schema: {
        tags,
        summary: '录入体检结果',
        body: z.object({
          employeeId: z.number({ error: '请选择员工' }).int('请选择员工').positive('请选择员工'),
          checkDate,
          provider,
          values,
        }),
      },
    },
    async (req) => {
      const user = currentUser(req);
      const body = req.body;
      const data = await db.tx(async (q) => {
        const params: unknown[] = [body.employeeId];
        const { rows: emp } = await q.query(
          `SELECT e.id FROM employees e WHERE e.id = $1 AND e.deleted_at IS NULL AND ${employeeScopeSql(user, 'e.id', params)}`,
          params,
        );
        if (!emp[0]) {
          const { rows: exists } = await q.query('SELECT 1 FROM employees WHERE id = $1 AND deleted_at IS NULL', [
            body.employeeId,
          ]);
          throw exists[0] ? forbidden('该员工不在账号的单位范围内') : notFound('员工不存在');
        }
        validDate(body.checkDate);
        const vals = await validValues(q, body.values);
        await refuseDuplicate(q, body.employeeId, body.checkDate);
        let id: number;
        try {
          const { rows } = await q.query<{ id: number }>(
            `INSERT INTO health_checks (employee_id, check_date, year, provider, "values")
             VALUES ($1, $2, $3, $4, $5::jsonb) RETURNING id`,
            [body.employeeId, body.checkDate, Number(body.checkDate.slice(0, 4)), body.provider, JSON.stringify(vals)],
          );
          id = Number(rows[0].id);
        } catch (err) {
          if (isUniqueViolation(err)) throw badRequest(DUPLICATE, [{ path: 'checkDate', message: DUPLICATE }]);
          throw err;
        }
        await evaluateChecks(q, [id]);
        await writeAudit(q, req, {
          action: 'create',
          resource: 'check',
          recordId: id,
          after: { employeeId: body.employeeId, checkDate: body.checkDate, provider: body.provider, values: vals },
        });
        return checkDetail(q, user, id);
      });
      return { code: 200, msg: '保存成功', data };
    },
  );

  r.put(
    '/api/phr/check/:id',
    {
      config: { permission: 'check:edit' },
      schema: {
        tags,
        summary: '修改体检结果',
        params: idParams,
        body: z.object({
          checkDate,
          provider,
          values,
          version: z.number({ error: '缺少版本号' }).int('版本号无效').positive('版本号无效'),
        }),
      },
    },
    async (req) => {
      const user = currentUser(req);
      const body = req.body;
      const data = await db.tx(async (q) => {
        const before = await lockCheck(q, user, req.params.id);
        if (before.version !== body.version) throw conflict();
        validDate(body.checkDate);
        const vals = await validValues(q, body.values);
        await refuseDuplicate(q, before.employee_id, body.checkDate, before.id);
        const year = Number(body.checkDate.slice(0, 4));
        try {
          await q.query(
            `UPDATE health_checks SET check_date = $2, year = $3, provider = $4, "values" = $5::jsonb,
                    version = version + 1, updated_at = now() WHERE id = $1`,
            [before.id, body.checkDate, year, body.provider, JSON.stringify(vals)],
          );
        } catch (err) {
          if (isUniqueViolation(err)) throw badRequest(DUPLICATE, [{ path: 'checkDate', message: DUPLICATE }]);
          throw err;
        }
        await evaluateChecks(q, [before.id]);
        // A check moved to another year leaves the old year's tags to be recomputed without it.
        if (year !== before.year) await refreshTags(q, [`${before.employee_id}:${before.year}`]);
        await writeAudit(q, req, {
          action: 'update',
          resource: 'check',
          recordId: before.id,
          before: { checkDate: before.check_date, provider: before.provider, values: before.values },
          after: { checkDate: body.checkDate, provider: body.provider, values: vals },
        });
        return checkDetail(q, user, before.id);
      });
      return { code: 200, msg: '保存成功', data };
    },
  );

  r.delete(
    '/api/phr/check/:id',
    { config: { permission: 'check:delete' }, schema: { tags, summary: '删除体检结果', params: idParams } },
    async (req) => {
      const user = currentUser(req);
      await db.tx(async (q) => {
        const before = await lockCheck(q, user, req.params.id);
        await q.query(
          'UPDATE health_checks SET deleted_at = now(), version = version + 1, updated_at = now() WHERE id = $1',
          [before.id],
        );
        // Unconfirmed findings of the check go with it; the year's tags follow the remaining checks.
        await evaluateChecks(q, [before.id]);
        await refreshTags(q, [`${before.employee_id}:${before.year}`]);
        await writeAudit(q, req, {
          action: 'delete',
          resource: 'check',
          recordId: before.id,
          before: { employeeId: before.employee_id, checkDate: before.check_date, values: before.values },
        });
      });
      return { code: 200, msg: '已删除' };
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
    throw badRequest('列映射应为 JSON 对象', [{ path: 'mapping', message: '列映射应为 JSON 对象' }]);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw badRequest('列映射应为 JSON 对象', [{ path: 'mapping', message: '列映射应为 JSON 对象' }]);
  }
  const out: Record<string, string | null> = {};
  for (const [header, code] of Object.entries(parsed)) {
    if (code === null || code === '') {
      out[header] = null;
      continue;
    }
    if (typeof code !== 'string' || !defs.has(code.toUpperCase())) {
      const msg = `未知的指标代码 ${String(code)}`;
      throw badRequest(msg, [{ path: `mapping.${header}`, message: msg }]);
    }
    out[header] = code.toUpperCase();
  }
  return out;
}
