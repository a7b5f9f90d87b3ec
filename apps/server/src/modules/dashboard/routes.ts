import { DASHBOARD_DEFAULT_YEAR, INDICATOR_TABLE_ROWS, maskIdCard } from '@peis/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { attachment, PERSON_COLUMNS, streamXlsx, XLSX_CONTENT_TYPE } from '../../crud/xlsx';
import { employeeFilterSql, unitFilter } from '../../lib/unit-filter';
import { writeAudit } from '../../plugins/audit';
import { currentUser } from '../../plugins/auth';
import { rollupDashboard } from './rollups';
import { workbenchRoutes } from './workbench';

const year = (fallback: number) =>
  z.coerce.number({ error: '年度无效' }).int('年度无效').min(2000, '年度无效').max(2100, '年度无效').default(fallback);
const filter = unitFilter;

export async function dashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['公司看板'];
  const permission = 'company:dashboard';
  // Every count comes from the per-unit rollups, refreshed first when a write has marked them.
  const dashboard = rollupDashboard(db);

  r.get(
    '/api/company/dashboard/wanchengdu/:indicator',
    {
      config: { permission },
      schema: {
        tags,
        summary: '健康指标完成度（环形卡片）',
        params: z.object({ indicator: z.string() }),
        querystring: z.object({ ...filter, year: year(DASHBOARD_DEFAULT_YEAR) }),
      },
    },
    async (req) => ({
      code: 200,
      data: await dashboard.wanchengdu(db, currentUser(req), { ...req.query, indicator: req.params.indicator }),
    }),
  );

  r.get(
    '/api/company/dashboard/jiankangzhibiao',
    {
      config: { permission },
      schema: {
        tags,
        summary: '进度统计（按单位）；健康服务包按级别',
        querystring: z.object({
          ...filter,
          target: z.string({ error: '缺少 target' }).max(20),
          year: year(DASHBOARD_DEFAULT_YEAR),
        }),
      },
    },
    async (req) => ({ code: 200, data: await dashboard.jiankangzhibiao(db, currentUser(req), req.query) }),
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
    async (req) => ({ code: 200, data: await dashboard.zhibiaoxiajianglv(db, currentUser(req), req.query) }),
  );

  r.get(
    '/api/company/dashboard/ygjkzb',
    {
      config: { permission },
      schema: {
        tags,
        summary: '员工健康指标（人次，按年龄段与性别）',
        querystring: z.object({ ...filter, year: year(DASHBOARD_DEFAULT_YEAR) }),
      },
    },
    async (req) => ({ code: 200, data: await dashboard.ygjkzb(db, currentUser(req), req.query) }),
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
      const scope = await employeeFilterSql(db, currentUser(req), req.query, params);
      await db.tx((q) =>
        writeAudit(q, req, {
          action: 'export',
          resource: 'dashboard',
          detail: `${def.mingcheng} ${def.biaozhun}`,
          after: req.query,
        }),
      );
      const columns = [
        ...PERSON_COLUMNS,
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
      const stream = await streamXlsx(`${def.mingcheng}`, columns, async (afterId, limit) => {
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
      schema: {
        tags,
        summary: '异常因素分布',
        querystring: z.object({ ...filter, year: year(DASHBOARD_DEFAULT_YEAR) }),
      },
    },
    async (req) => ({ code: 200, data: await dashboard.fxys(db, currentUser(req), req.query) }),
  );

  r.get(
    '/api/company/dashboard/fxrq',
    {
      config: { permission },
      schema: {
        tags,
        summary: '风险人群分布',
        querystring: z.object({ ...filter, year: year(DASHBOARD_DEFAULT_YEAR) }),
      },
    },
    async (req) => ({ code: 200, data: await dashboard.fxrq(db, currentUser(req), req.query) }),
  );

  // 工作台 (/main/dashboard): count cards, 高危指标统计, 项目甘特图.
  await workbenchRoutes(app, ctx);
}
