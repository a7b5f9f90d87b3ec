import { ABNORMALITY_CRITERIA, AGE_BANDS, CHRONIC_DISEASES, PAST_ILLNESS, RISK_LEVELS } from '@peis/shared';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { attachment, XLSX_CONTENT_TYPE } from '../../crud/xlsx';
import type { Db } from '../../db/client';
import { employeeFilterSql, unitFilter } from '../../lib/unit-filter';
import { writeAudit } from '../../plugins/audit';
import { currentUser } from '../../plugins/auth';

const query = z.object({
  year: z.coerce.number({ error: '年度无效' }).int().min(2000, '年度无效').max(2100, '年度无效').default(2025),
  ...unitFilter,
  export: z.enum(['1', 'true']).optional(),
});
type Query = z.infer<typeof query>;

interface Column {
  key: string;
  header: string;
  /** What the column counts (the criterion), shown as the header's tooltip; not exported. */
  note?: string;
}

/**
 * Start of every statistics call: audits an export of `title`, then answers the condition on employees `e`
 * (the account's scope and the query's unit).
 */
async function employeesOf(db: Db, req: FastifyRequest, f: Query, title: string, params: unknown[]) {
  if (f.export) await db.tx((q) => writeAudit(q, req, { action: 'export', resource: 'statistics', detail: title }));
  return employeeFilterSql(db, currentUser(req), f, params);
}

/** A statistics table as JSON, or as an .xlsx download when `export` is set. */
async function answer(
  reply: FastifyReply,
  f: Query,
  title: string,
  columns: Column[],
  rows: Record<string, unknown>[],
) {
  if (!f.export) return { code: 200, data: { columns, rows } };
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(title);
  ws.columns = columns.map((c) => ({ header: c.header, key: c.key, width: Math.max(10, c.header.length * 2 + 2) }));
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow(r);
  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', attachment(`${title}_${f.year}.xlsx`))
    .send(Buffer.from(await wb.xlsx.writeBuffer()));
}

const pct = (n: number, d: number) => (d > 0 ? Math.round((n / d) * 1000) / 10 : 0);

/**
 * Chronic diseases counted by 慢病统计: levels of the grouping tags (CHRONIC_DISEASES, packages/shared
 * rules/criteria.ts), so each counts the people the dashboard counts under the same criterion.
 */
const CHRONIC = CHRONIC_DISEASES.map((c) => ({ ...c, sql: `t.${c.abnormality} >= ${c.minLevel}` }));

/** Major illnesses (past-illness codes of the record) counted by 大病统计. */
const MAJOR = [3, 5, 12, 14];

export async function statisticsRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['统计分析'];

  r.get(
    '/api/company/statistics/yufenzu',
    {
      config: { permission: 'company:statistics/yufenzu' },
      schema: { tags, summary: '预分组统计：各单位各分组标签人数', querystring: query },
    },
    async (req, reply) => {
      const f = req.query;
      const params: unknown[] = [f.year];
      const where = await employeesOf(db, req, f, '预分组统计', params);
      const levelCols = Object.keys(ABNORMALITY_CRITERIA).flatMap((k) =>
        [1, 2, 3].map((l) => `count(*) FILTER (WHERE t.${k} = ${l})::int AS ${k}${l}`),
      );
      const riskCols = RISK_LEVELS.map(
        (name, i) => `count(*) FILTER (WHERE t.risk_level = '${name}')::int AS risk${i}`,
      );
      const { rows } = await db.query<Record<string, number | string>>(
        `SELECT u.short_name AS "unitName", count(*)::int AS total, ${[...riskCols, ...levelCols].join(', ')}
           FROM person_tags t JOIN employees e ON e.id = t.employee_id JOIN units u ON u.id = e.unit_id
          WHERE t.year = $1 AND ${where} GROUP BY u.id, u.short_name, u.sort_order ORDER BY u.sort_order, u.id`,
        params,
      );
      const columns: Column[] = [
        { key: 'unitName', header: '单位' },
        { key: 'total', header: '体检人数' },
        ...RISK_LEVELS.map((name, i) => ({ key: `risk${i}`, header: name })),
        ...Object.values(ABNORMALITY_CRITERIA).flatMap((a) =>
          [1, 2, 3].map((l) => ({ key: `${a.key}${l}`, header: `${a.label}${l}级`, note: a.criterion })),
        ),
      ];
      return answer(reply, f, '预分组统计', columns, rows);
    },
  );

  r.get(
    '/api/company/statistics/manbing',
    {
      config: { permission: 'company:statistics/manbing' },
      schema: {
        tags,
        summary: '慢病统计：各单位患病率与上年比较；按年龄段与性别',
        querystring: query.extend({ by: z.enum(['unit', 'band']).default('unit') }),
      },
    },
    async (req, reply) => {
      const f = req.query;
      const params: unknown[] = [f.year];
      const where = await employeesOf(db, req, f, '慢病统计', params);
      if (f.by === 'band') {
        const band = `CASE WHEN a < 35 THEN 'lte_34' WHEN a < 45 THEN 'gte_35_44' ELSE 'gte_45' END`;
        const { rows } = await db.query<{ band: string; sex: number; total: number } & Record<string, number>>(
          `SELECT b.band, e.sex, count(*)::int AS total, ${CHRONIC.map((c) => `count(*) FILTER (WHERE ${c.sql})::int AS ${c.key}`).join(', ')}
             FROM person_tags t JOIN employees e ON e.id = t.employee_id
             JOIN health_checks c ON c.id = t.check_id,
             LATERAL (SELECT ${band} FROM (SELECT extract(year FROM age(c.check_date, e.birthday))::int AS a) x) b(band)
            WHERE t.year = $1 AND ${where} GROUP BY b.band, e.sex`,
          params,
        );
        const out = CHRONIC.map((c) => {
          const row: Record<string, unknown> = { name: c.name, criterion: c.criterion };
          for (const b of AGE_BANDS) {
            for (const [sex, s] of [
              [1, 'nan'],
              [2, 'nv'],
            ] as const) {
              const g = rows.find((x) => x.band === b.key && x.sex === sex);
              row[`${b.key}_${s}`] = g ? pct(g[c.key], g.total) : 0;
            }
          }
          return row;
        });
        const columns: Column[] = [
          { key: 'name', header: '慢病' },
          { key: 'criterion', header: '判定标准' },
          ...AGE_BANDS.flatMap((b) => [
            { key: `${b.key}_nan`, header: `${b.label}男(%)` },
            { key: `${b.key}_nv`, header: `${b.label}女(%)` },
          ]),
        ];
        return answer(reply, f, '慢病统计_年龄性别', columns, out);
      }
      const prev = f.year - 1;
      params.push(prev);
      const { rows } = await db.query<{ unitName: string; year: number; total: number } & Record<string, number>>(
        `SELECT u.short_name AS "unitName", u.sort_order, u.id, t.year, count(*)::int AS total,
                ${CHRONIC.map((c) => `count(*) FILTER (WHERE ${c.sql})::int AS ${c.key}`).join(', ')}
           FROM person_tags t JOIN employees e ON e.id = t.employee_id JOIN units u ON u.id = e.unit_id
          WHERE t.year IN ($1, $${params.length}) AND ${where}
          GROUP BY u.id, u.short_name, u.sort_order, t.year ORDER BY u.sort_order, u.id`,
        params,
      );
      const units = [...new Set(rows.map((x) => x.unitName))];
      const out = units.map((unitName) => {
        const cur = rows.find((x) => x.unitName === unitName && x.year === f.year);
        const old = rows.find((x) => x.unitName === unitName && x.year === prev);
        const row: Record<string, unknown> = { unitName, total: cur?.total ?? 0 };
        for (const c of CHRONIC) {
          const rate = cur ? pct(cur[c.key], cur.total) : 0;
          const before = old ? pct(old[c.key], old.total) : 0;
          row[`${c.key}Count`] = cur?.[c.key] ?? 0;
          row[`${c.key}Rate`] = rate;
          row[`${c.key}Change`] = Math.round((rate - before) * 10) / 10;
        }
        return row;
      });
      const columns: Column[] = [
        { key: 'unitName', header: '单位' },
        { key: 'total', header: '体检人数' },
        ...CHRONIC.flatMap((c) => [
          { key: `${c.key}Count`, header: `${c.name}人数`, note: c.criterion },
          { key: `${c.key}Rate`, header: `${c.name}患病率(%)` },
          { key: `${c.key}Change`, header: `${c.name}较上年(百分点)` },
        ]),
      ];
      return answer(reply, f, '慢病统计', columns, out);
    },
  );

  r.get(
    '/api/company/statistics/dabing',
    {
      config: { permission: 'company:statistics/dabing' },
      schema: { tags, summary: '大病统计：各单位大病人数（健康档案既往史）', querystring: query },
    },
    async (req, reply) => {
      const f = req.query;
      const params: unknown[] = [];
      const where = await employeesOf(db, req, f, '大病统计', params);
      // Each record's illness codes unpacked once, then every column tests the array.
      const { rows } = await db.query<Record<string, unknown>>(
        `SELECT u.short_name AS "unitName", count(*)::int AS employees,
                count(*) FILTER (WHERE ill.codes && ARRAY[${MAJOR.join(', ')}])::int AS total,
                ${MAJOR.map((c) => `count(*) FILTER (WHERE ${c} = ANY(ill.codes))::int AS c${c}`).join(', ')}
           FROM employees e JOIN units u ON u.id = e.unit_id JOIN health_records r ON r.employee_id = e.id
           LEFT JOIN LATERAL (SELECT array_agg((i->>'illnessName')::int) AS codes
                                FROM jsonb_array_elements(r.record->'pastHistory'->'illness'->'list') i) ill ON TRUE
          WHERE ${where} GROUP BY u.id, u.short_name, u.sort_order ORDER BY u.sort_order, u.id`,
        params,
      );
      const columns: Column[] = [
        { key: 'unitName', header: '单位' },
        { key: 'employees', header: '建档人数' },
        { key: 'total', header: '大病人数' },
        ...MAJOR.map((c) => ({ key: `c${c}`, header: PAST_ILLNESS[c] })),
      ];
      return answer(reply, f, '大病统计', columns, rows);
    },
  );
}
