import {
  ABNORMAL_FACTORS,
  AGE_BANDS,
  COMPLETION_INDICATORS,
  completionRate,
  DECLINE_ALWAYS_UNITS,
  DECLINE_ORDER,
  declineRate,
  HEALTH_PACKAGE_TITLE,
  INDICATOR_TABLE_ROWS,
  maskIdCard,
  RISK_LEVELS,
  UNIT_ALIASES,
} from '@peis/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app';
import { attachment, streamXlsx, XLSX_CONTENT_TYPE } from '../../crud/xlsx';
import type { Queryable } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { employeeScopeSql, unitScopeSql } from '../../lib/scope';
import { writeAudit } from '../../plugins/audit';
import { currentUser, type SessionUser } from '../../plugins/auth';

const year = (fallback: number) =>
  z.coerce.number({ error: '年度无效' }).int('年度无效').min(2000, '年度无效').max(2100, '年度无效').default(fallback);
/** The shared filter of the dashboard: a unit by name or short name (empty = the account's whole scope), or by id. */
const filter = {
  companyName: z.string().max(50).optional(),
  unitId: z.coerce.number().int().positive().optional(),
};
type Filter = { companyName?: string; unitId?: number };

/**
 * WHERE limiting employees `e` to the account's scope and the shared filter's unit subtree.
 * An unknown unit name is a 400, not an empty dashboard that looks like good news.
 */
async function scopeWhere(q: Queryable, user: SessionUser, f: Filter, params: unknown[]): Promise<string> {
  const where = [unitScopeSql(user, 'e.unit_id', params)];
  if (f.companyName || f.unitId) {
    const { rows } = await q.query<{ path: string }>(
      'SELECT path FROM units WHERE deleted_at IS NULL AND (id = $1 OR name = $2 OR short_name = $2) ORDER BY id LIMIT 1',
      [f.unitId ?? 0, f.companyName ?? ''],
    );
    if (!rows[0]) throw badRequest('单位不存在');
    params.push(`${rows[0].path}%`);
    where.push(`e.unit_id IN (SELECT id FROM units WHERE path LIKE $${params.length})`);
  }
  where.push('e.deleted_at IS NULL');
  return where.join(' AND ');
}

const indicatorByKey = (key: string) => COMPLETION_INDICATORS.find((i) => i.key === key);
const indicatorByTitle = (title: string) => COMPLETION_INDICATORS.find((i) => i.title === title || i.key === title);

/**
 * People flagged with an abnormality in a year, with whether their management is done: a completed
 * positive task on a finding of that year whose rule belongs to the indicator's library.
 */
const flaggedSql = (abnormality: string, yearParam: string, libraryParam: string) => `
  SELECT t.employee_id, e.unit_id,
         EXISTS (SELECT 1 FROM positive_tasks pt JOIN positive_findings f ON f.id = pt.finding_id
                   JOIN positive_rules r ON r.id = f.rule_id
                  WHERE pt.employee_id = t.employee_id AND pt.status = 3 AND f.year = t.year AND r.library_name = ${libraryParam}) AS done
    FROM person_tags t JOIN employees e ON e.id = t.employee_id
   WHERE t.year = ${yearParam} AND t.${abnormality} > 0`;

export async function dashboardRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['公司看板'];
  const permission = 'company:dashboard';

  r.get(
    '/api/company/dashboard/wanchengdu/:indicator',
    {
      config: { permission },
      schema: {
        tags,
        summary: '健康指标完成度（环形卡片）',
        params: z.object({ indicator: z.string() }),
        querystring: z.object({ ...filter, year: year(2025) }),
      },
    },
    async (req) => {
      const ind = indicatorByKey(req.params.indicator);
      if (!ind) throw notFound('指标不存在');
      const params: unknown[] = [req.query.year, ind.library];
      const scope = await scopeWhere(db, currentUser(req), req.query, params);
      const { rows } = await db.query<{ done: number; todo: number }>(
        `SELECT count(*) FILTER (WHERE x.done)::int AS done, count(*) FILTER (WHERE NOT x.done)::int AS todo
           FROM (${flaggedSql(ind.abnormality, '$1', '$2')} AND ${scope}) x`,
        params,
      );
      const { done, todo } = rows[0];
      return { code: 200, data: { todo, done, rate: completionRate(done, done + todo) } };
    },
  );

  r.get(
    '/api/company/dashboard/jiankangzhibiao',
    {
      config: { permission },
      schema: {
        tags,
        summary: '进度统计（按单位）；健康服务包按级别',
        querystring: z.object({ ...filter, target: z.string({ error: '缺少 target' }).max(20), year: year(2025) }),
      },
    },
    async (req) => {
      const user = currentUser(req);
      const params: unknown[] = [req.query.year];
      if (req.query.target === HEALTH_PACKAGE_TITLE) {
        const scope = await scopeWhere(db, user, req.query, params);
        const { rows } = await db.query(
          `SELECT u.short_name AS "entOrgNameTwo", s.level AS coverage_level, count(*)::int AS total,
                  count(*) FILTER (WHERE s.status = 2)::int AS "status2Total"
             FROM service_contracts s JOIN employees e ON e.id = s.employee_id JOIN units u ON u.id = e.unit_id
            WHERE s.year = $1 AND ${scope}
            GROUP BY u.id, u.short_name, u.sort_order, s.level ORDER BY u.sort_order, u.id, s.level`,
          params,
        );
        return { code: 200, data: rows };
      }
      const ind = indicatorByTitle(req.query.target);
      if (!ind) throw badRequest('target 无效');
      params.push(ind.library);
      const scope = await scopeWhere(db, user, req.query, params);
      const { rows } = await db.query(
        `SELECT u.short_name AS "entOrgNameTwo", count(*)::int AS total, count(*) FILTER (WHERE x.done)::int AS "status2Total"
           FROM (${flaggedSql(ind.abnormality, '$1', '$2')} AND ${scope}) x JOIN units u ON u.id = x.unit_id
          GROUP BY u.id, u.short_name, u.sort_order ORDER BY u.sort_order, u.id`,
        params,
      );
      return { code: 200, data: rows };
    },
  );

  r.get(
    '/api/company/dashboard/zhibiaoxiajianglv',
    {
      config: { permission },
      schema: {
        tags,
        summary: '指标下降率统计（2024 与 2025 比较）',
        querystring: z.object({ ...filter, target: z.string({ error: '缺少 target' }).max(20) }),
      },
    },
    async (req) => {
      const ind = indicatorByTitle(req.query.target);
      if (!ind) throw badRequest('target 无效');
      const params: unknown[] = [];
      const scope = await scopeWhere(db, currentUser(req), req.query, params);
      const { rows } = await db.query<{ short_name: string; count2024: number; count2025: number }>(
        `SELECT u.short_name, count(*) FILTER (WHERE t.year = 2024)::int AS count2024, count(*) FILTER (WHERE t.year = 2025)::int AS count2025
           FROM person_tags t JOIN employees e ON e.id = t.employee_id JOIN units u ON u.id = e.unit_id
          WHERE t.year IN (2024, 2025) AND t.${ind.abnormality} > 0 AND ${scope}
          GROUP BY u.short_name`,
        params,
      );
      // Names through the alias table, merged; the four fixed units always present; the fixed order.
      const byName = new Map<string, { count2024: number; count2025: number }>();
      for (const row of rows) {
        const name = UNIT_ALIASES[row.short_name] ?? row.short_name;
        const cur = byName.get(name) ?? { count2024: 0, count2025: 0 };
        byName.set(name, { count2024: cur.count2024 + row.count2024, count2025: cur.count2025 + row.count2025 });
      }
      // The four fixed units belong to the company-wide view; a unit filter shows only what lies inside it
      // (and so may be empty: 暂无数据，请稍后访问).
      if (!req.query.companyName && !req.query.unitId) {
        for (const name of DECLINE_ALWAYS_UNITS)
          if (!byName.has(name)) byName.set(name, { count2024: 0, count2025: 0 });
      }
      const rank = (n: string) => (DECLINE_ORDER.includes(n) ? DECLINE_ORDER.indexOf(n) : DECLINE_ORDER.length);
      const data = [...byName.entries()]
        .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b, 'zh'))
        .map(([name, c]) => ({
          name,
          count2024: c.count2024,
          count2025: c.count2025,
          rate: declineRate(c.count2024, c.count2025),
        }));
      return { code: 200, data };
    },
  );

  /** Age band on the check day (SPEC §9: ≤34, 35–44, ≥45). */
  const bandSql = `(SELECT CASE WHEN a < 35 THEN 'lte_34' WHEN a < 45 THEN 'gte_35_44' ELSE 'gte_45' END
                      FROM (SELECT extract(year FROM age(c.check_date, e.birthday))::int AS a) ages)`;
  r.get(
    '/api/company/dashboard/ygjkzb',
    {
      config: { permission },
      schema: {
        tags,
        summary: '员工健康指标（人次，按年龄段与性别）',
        querystring: z.object({ ...filter, year: year(2025) }),
      },
    },
    async (req) => {
      const params: unknown[] = [req.query.year];
      const scope = await scopeWhere(db, currentUser(req), req.query, params);
      const cols = INDICATOR_TABLE_ROWS.map((row) => `count(*) FILTER (WHERE ${row.sql})::int AS r${row.id}`).join(
        ', ',
      );
      const { rows } = await db.query<Record<string, number> & { band: string; sex: number }>(
        `SELECT b.band, e.sex, ${cols}
           FROM health_checks c JOIN employees e ON e.id = c.employee_id, LATERAL ${bandSql} b(band)
          WHERE c.year = $1 AND c.deleted_at IS NULL AND ${scope}
          GROUP BY b.band, e.sex`,
        params,
      );
      const data = INDICATOR_TABLE_ROWS.map((def) => {
        const out: Record<string, string | number> = {
          id: def.id,
          leibie: def.leibie,
          mingcheng: def.mingcheng,
          biaozhun: def.biaozhun,
        };
        let heji = 0;
        for (const band of AGE_BANDS) {
          for (const [sex, suffix] of [
            [1, 'nan'],
            [2, 'nv'],
          ] as const) {
            const n = rows.find((x) => x.band === band.key && x.sex === sex)?.[`r${def.id}`] ?? 0;
            out[`${band.key}_${suffix}`] = n;
            heji += n;
          }
        }
        out.heji = heji;
        return out;
      });
      return { code: 200, data };
    },
  );

  r.get(
    '/api/company/dashboard/ygjkzb/export',
    {
      config: { permission },
      schema: {
        tags,
        summary: '导出某一指标行的人员（.xlsx）',
        querystring: z.object({
          ...filter,
          year: year(2024),
          target: z.coerce.number({ error: 'target 无效' }).int().min(1).max(14),
        }),
      },
    },
    async (req, reply) => {
      const def = INDICATOR_TABLE_ROWS.find((x) => x.id === req.query.target)!;
      const params: unknown[] = [req.query.year];
      const scope = await scopeWhere(db, currentUser(req), req.query, params);
      await db.tx((q) =>
        writeAudit(q, req, {
          action: 'export',
          resource: 'dashboard',
          detail: `${def.mingcheng} ${def.biaozhun}`,
          after: req.query,
        }),
      );
      const columns = [
        { header: '姓名', key: 'name', width: 12 },
        { header: '性别', key: 'sexLabel', width: 8 },
        { header: '年龄', key: 'age', width: 8 },
        { header: '身份证号', key: 'idCard', width: 22 },
        { header: '单位', key: 'unitName', width: 18 },
        { header: '体检日期', key: 'checkDate', width: 14 },
        { header: '指标', key: 'indicator', width: 28 },
        { header: '检查结果', key: 'result', width: 30 },
      ];
      const codes: Record<string, string[]> = {
        血压: ['SBP', 'DBP'],
        血脂: ['TC', 'TG', 'LDLC', 'HDLC'],
        血糖: ['FPG', 'HBA1C'],
        尿酸: ['UA'],
        体重: ['BMI'],
      };
      const shown = codes[def.mingcheng] ?? [];
      const stream = streamXlsx(`${def.mingcheng}`, columns, async (afterId, limit) => {
        const p = [...params, afterId, limit];
        const { rows } = await db.query<{
          id: number;
          name: string;
          sex: number;
          age: number;
          id_card: string;
          unit_name: string;
          check_date: string;
          values: Record<string, number>;
        }>(
          `SELECT c.id, e.name, e.sex, extract(year FROM age(c.check_date, e.birthday))::int AS age, e.id_card, u.short_name AS unit_name,
                  to_char(c.check_date, 'YYYY-MM-DD') AS check_date, c."values"
             FROM health_checks c JOIN employees e ON e.id = c.employee_id JOIN units u ON u.id = e.unit_id
            WHERE c.year = $1 AND c.deleted_at IS NULL AND ${scope} AND ${def.sql} AND c.id > $${p.length - 1}
            ORDER BY c.id LIMIT $${p.length}`,
          p,
        );
        return rows.map((x) => ({
          id: x.id,
          name: x.name,
          sexLabel: x.sex === 1 ? '男' : '女',
          age: x.age,
          idCard: maskIdCard(x.id_card),
          unitName: x.unit_name,
          checkDate: x.check_date,
          indicator: `${def.mingcheng} ${def.biaozhun}`,
          result: shown.map((c) => `${c} ${x.values[c] ?? '-'}`).join('，'),
        }));
      });
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', attachment(`员工健康指标_${def.mingcheng}_${def.id}_${req.query.year}.xlsx`))
        .send(stream);
    },
  );

  r.get(
    '/api/company/dashboard/fxys',
    {
      config: { permission },
      schema: { tags, summary: '异常因素分布', querystring: z.object({ ...filter, year: year(2025) }) },
    },
    async (req) => {
      const params: unknown[] = [req.query.year];
      const scope = await scopeWhere(db, currentUser(req), req.query, params);
      const cols = ABNORMAL_FACTORS.map((f) => `count(*) FILTER (WHERE t.${f.key} > 0)::int AS ${f.key}`).join(', ');
      const { rows } = await db.query<Record<string, number>>(
        `SELECT ${cols} FROM person_tags t JOIN employees e ON e.id = t.employee_id WHERE t.year = $1 AND ${scope}`,
        params,
      );
      return { code: 200, data: ABNORMAL_FACTORS.map((f) => ({ name: f.name, value: rows[0][f.key] })) };
    },
  );

  r.get(
    '/api/company/dashboard/fxrq',
    {
      config: { permission },
      schema: { tags, summary: '风险人群分布', querystring: z.object({ ...filter, year: year(2025) }) },
    },
    async (req) => {
      const params: unknown[] = [req.query.year];
      const scope = await scopeWhere(db, currentUser(req), req.query, params);
      const { rows } = await db.query<{ risk_level: string; n: number }>(
        `SELECT t.risk_level, count(*)::int AS n FROM person_tags t JOIN employees e ON e.id = t.employee_id
          WHERE t.year = $1 AND ${scope} GROUP BY t.risk_level`,
        params,
      );
      return {
        code: 200,
        data: RISK_LEVELS.map((name) => ({ name, value: rows.find((x) => x.risk_level === name)?.n ?? 0 })),
      };
    },
  );

  // Workbench count cards (/main/dashboard): what the signed-in account has to look at today.
  r.get(
    '/api/main/dashboard/summary',
    { config: { permission: 'main:dashboard' }, schema: { tags: ['工作台'], summary: '工作台计数卡片' } },
    async (req) => {
      const user = currentUser(req);
      const params: unknown[] = [user.id];
      const scope = employeeScopeSql(user, 'e.id', params);
      const { rows } = await db.query<Record<string, number>>(
        `SELECT
           (SELECT count(*) FROM health_records r JOIN employees e ON e.id = r.employee_id WHERE e.deleted_at IS NULL AND ${scope})::int AS records,
           (SELECT count(*) FROM positive_findings f JOIN employees e ON e.id = f.employee_id WHERE f.status = 0 AND ${scope})::int AS "newFindings",
           (SELECT count(*) FROM positive_tasks t JOIN employees e ON e.id = t.employee_id
             WHERE t.status IN (1, 2) AND t.due_date < current_date + 7 AND ${scope})::int AS "tasksDue",
           (SELECT count(*) FROM positive_tasks t JOIN employees e ON e.id = t.employee_id
             WHERE t.status IN (1, 2) AND t.assignee_id = $1 AND ${scope})::int AS "myTasks",
           (SELECT count(*) FROM person_tags t JOIN employees e ON e.id = t.employee_id
             WHERE t.year = (SELECT max(year) FROM person_tags) AND t.risk_level IN ('慢病', '重病') AND ${scope})::int AS "highRisk",
           (SELECT count(*) FROM follow_up_plans p JOIN employees e ON e.id = p.employee_id
             WHERE p.status = 1 AND p.next_date <= current_date AND ${scope})::int AS "followUpsToday"`,
        params,
      );
      return { code: 200, data: rows[0] };
    },
  );
}
