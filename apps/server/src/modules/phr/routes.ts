import { ageOn, idParam, maskIdCard, maskMobile, type PhrRecord, phrFormSchema } from '@peis/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { attachment, streamXlsx, XLSX_CONTENT_TYPE } from '../../crud/xlsx';
import { AppError, badRequest, forbidden } from '../../lib/errors';
import {
  employeeRowScopeSql,
  joinsFor,
  type ListJoin,
  listCountsByUnit,
  onlyFilters,
  paged,
  pageQuery,
} from '../../lib/paging';
import { employeeScopeSql, unitInScope, unitScopeSql } from '../../lib/scope';
import { writeAudit } from '../../plugins/audit';
import { can, currentUser, type SessionUser } from '../../plugins/auth';
import { zodIssues } from '../../plugins/errors';
import { emptySections, recordPage, saveRecord } from './service';

const idParams = z.object({ id: idParam() });
const listFilters = z.object({
  ...pageQuery,
  unitId: idParam('单位').optional(),
  name: z.string().max(30).optional(),
  idCard: z.string().max(18).optional(),
  sex: z.coerce.number().int().min(1).max(2).optional(),
  ageFrom: z.coerce.number({ error: '年龄无效' }).int().min(0).max(150).optional(),
  ageTo: z.coerce.number({ error: '年龄无效' }).int().min(0).max(150).optional(),
  complete: z.enum(['true', 'false']).optional(),
  hasRecord: z.enum(['true', 'false']).optional(),
  riskLevel: z.enum(['健康', '风险', '异常', '慢病', '重病'], { error: '风险等级无效' }).optional(),
  /** A disease of the tags, e.g. 高血压 (any level) or 高血压:2. */
  disease: z.string().max(20).optional(),
});
type ListFilters = z.infer<typeof listFilters>;

/** WHERE of the record list: scope (a regular employee only themselves) and the search filters. */
function listWhere(user: SessionUser, f: Partial<ListFilters>, params: unknown[]): string {
  const where = ['e.deleted_at IS NULL', employeeRowScopeSql(user, 'e', params)];
  const add = (cond: string, v: unknown) => {
    params.push(v);
    where.push(cond.replaceAll('?', `$${params.length}`));
  };
  if (f.unitId)
    add(`e.unit_id IN (SELECT id FROM units WHERE path LIKE (SELECT path FROM units WHERE id = ?) || '%')`, f.unitId);
  if (f.name) add('e.name ILIKE ?', `%${f.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (f.idCard) add('e.id_card = ?', f.idCard.toUpperCase());
  if (f.sex) add('e.sex = ?', f.sex);
  // Age in whole years today: born on or before today minus N years.
  if (f.ageFrom !== undefined) add(`e.birthday <= (current_date - make_interval(years => ?))`, f.ageFrom);
  if (f.ageTo !== undefined) add(`e.birthday > (current_date - make_interval(years => ? + 1))`, f.ageTo);
  if (f.complete === 'true') where.push('r.complete');
  if (f.complete === 'false') where.push('(r.complete IS NOT TRUE)');
  if (f.hasRecord === 'true') where.push('r.employee_id IS NOT NULL');
  if (f.hasRecord === 'false') where.push('r.employee_id IS NULL');
  if (f.riskLevel) add('pt.risk_level = ?', f.riskLevel);
  if (f.disease) {
    if (f.disease.includes(':')) add('? = ANY(pt.diseases)', f.disease);
    else add(`EXISTS (SELECT 1 FROM unnest(pt.diseases) d WHERE d LIKE ? || ':%')`, f.disease);
  }
  return where.join(' AND ');
}

const LIST_SELECT = `e.id, e.name, e.sex, to_char(e.birthday, 'YYYY-MM-DD') AS birthday, e.id_card AS "idCard", e.mobile,
  e.unit_id AS "unitId", u.short_name AS "unitName", r.employee_id IS NOT NULL AS "hasRecord",
  coalesce(r.complete, false) AS complete, coalesce(r.missing, '{}') AS missing, r.version,
  to_char(r.updated_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS "updatedAt", ru.name AS "responsibleName",
  pt.year AS "tagYear", pt.risk_level AS "riskLevel", pt.diseases, sc.level AS "contractLevel"`;
// Each join matches one row (units) or at most one, so the count and the page's keys need only the joins
// the filters refer to (paged(), recordPage()).
const LIST_JOINS: ListJoin[] = [
  { alias: 'u', sql: 'JOIN units u ON u.id = e.unit_id' },
  { alias: 'r', sql: 'LEFT JOIN health_records r ON r.employee_id = e.id' },
  { alias: 'ru', sql: 'LEFT JOIN users ru ON ru.id = e.responsible_user_id' },
  // Tags of the latest year that has any (the year's checks are all loaded by then).
  {
    alias: 'pt',
    sql: 'LEFT JOIN person_tags pt ON pt.employee_id = e.id AND pt.year = (SELECT max(year) FROM person_tags)',
  },
  { alias: 'sc', sql: 'LEFT JOIN service_contracts sc ON sc.employee_id = e.id AND sc.year = pt.year', needs: 'pt' },
];
const LIST_FROM = `employees e ${LIST_JOINS.map((j) => j.sql).join(' ')}`;

interface ListRow {
  id: number;
  name: string;
  sex: number;
  birthday: string;
  idCard: string;
  mobile: string | null;
  hasRecord: boolean;
  complete: boolean;
  missing: string[];
  [key: string]: unknown;
}
/** SPEC §3 tag object: level tags (disease:level), the audience tag (risk level), the user-level tag (service package). */
const tagsOf = (r: ListRow) =>
  r.riskLevel
    ? {
        level_tag: (r.diseases as string[]) ?? [],
        audience_tag: r.riskLevel as string,
        user_level_tag: r.contractLevel ? `${r.contractLevel}级服务包` : '',
      }
    : undefined;

const listRecord = (r: ListRow) => ({
  ...r,
  age: ageOn(r.birthday),
  idCard: maskIdCard(r.idCard),
  mobile: maskMobile(r.mobile),
  missing: r.missing,
  tags: tagsOf(r),
});

export async function phrRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['健康档案'];

  r.get(
    '/api/phr',
    { config: { permission: 'main:phr' }, schema: { tags, summary: '档案列表', querystring: listFilters } },
    async (req) => {
      const user = currentUser(req);
      const params: unknown[] = [];
      const where = listWhere(user, req.query, params);
      const { total, records } = await recordPage<ListRow>(
        db,
        {
          select: LIST_SELECT,
          from: LIST_FROM,
          countFrom: joinsFor('employees e', LIST_JOINS, where),
          where,
          // No filter but the unit: the maintained count of live employees per unit.
          unitCounts:
            user.userType !== 4 && onlyFilters(req.query, ['unitId'])
              ? () => listCountsByUnit(db, 'employees', user, { unitId: req.query.unitId })
              : undefined,
        },
        params,
        req.query,
      );
      return { code: 200, data: { total, records: records.map(listRecord) } };
    },
  );

  r.get(
    '/api/phr/export',
    { config: { permission: 'phr:export' }, schema: { tags, summary: '导出档案列表', querystring: listFilters } },
    async (req, reply) => {
      const user = currentUser(req);
      const params: unknown[] = [];
      const where = listWhere(user, req.query, params);
      await db.tx((q) => writeAudit(q, req, { action: 'export', resource: 'phr', after: req.query }));
      const columns = [
        { header: '姓名', key: 'name', width: 12 },
        { header: '性别', key: 'sexLabel', width: 8 },
        { header: '年龄', key: 'age', width: 8 },
        { header: '身份证号', key: 'idCard', width: 22 },
        { header: '手机号码', key: 'mobile', width: 15 },
        { header: '单位', key: 'unitName', width: 18 },
        { header: '档案状态', key: 'status', width: 10 },
        { header: '缺少内容', key: 'missingText', width: 30 },
        { header: '更新时间', key: 'updatedAt', width: 20 },
      ];
      // Exports carry masked numbers like the list: a spreadsheet travels further than the screen.
      const stream = await streamXlsx('健康档案', columns, async (afterId, limit) => {
        const p = [...params, afterId, limit];
        const { rows } = await db.query<ListRow>(
          `SELECT ${LIST_SELECT} FROM ${LIST_FROM} WHERE ${where} AND e.id > $${p.length - 1} ORDER BY e.id LIMIT $${p.length}`,
          p,
        );
        return rows.map((row) => {
          const rec = listRecord(row);
          return {
            ...rec,
            sexLabel: rec.sex === 1 ? '男' : '女',
            status: !rec.hasRecord ? '未建档' : rec.complete ? '完整' : '不完整',
            missingText: rec.missing.join('、'),
          };
        });
      });
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
      schema: {
        tags,
        summary: '建档进度（按单位）',
        querystring: z.object({ unitId: idParam('单位').optional() }),
      },
    },
    async (req) => {
      const user = currentUser(req);
      const params: unknown[] = [];
      const scope = unitScopeSql(user, 'u.id', params);
      let under = 'TRUE';
      if (req.query.unitId) {
        params.push(req.query.unitId);
        under = `u.path LIKE (SELECT path FROM units WHERE id = $${params.length}) || '%'`;
      }
      const { rows } = await db.query<{ employees: number; records: number; complete: number }>(
        `SELECT u.id AS "unitId", u.short_name AS "unitName", count(e.id)::int AS employees,
                count(r.employee_id)::int AS records, count(*) FILTER (WHERE r.complete)::int AS complete
           FROM units u JOIN employees e ON e.unit_id = u.id AND e.deleted_at IS NULL
           LEFT JOIN health_records r ON r.employee_id = e.id
          WHERE u.deleted_at IS NULL AND ${scope} AND ${under}
          GROUP BY u.id, u.short_name, u.path, u.sort_order ORDER BY u.path`,
        params,
      );
      return {
        code: 200,
        data: rows.map((row) => ({
          ...row,
          rate: row.employees ? Math.round((row.complete / row.employees) * 100) : 0,
        })),
      };
    },
  );

  r.get(
    '/api/phr/progress/incomplete',
    {
      config: { permission: 'main:phr/progress' },
      schema: {
        tags,
        summary: '某单位未完成的档案',
        querystring: z.object({ ...pageQuery, unitId: idParam('单位') }),
      },
    },
    async (req) => {
      const user = currentUser(req);
      const params: unknown[] = [req.query.unitId];
      const where = `e.unit_id = $1 AND ${listWhere(user, { complete: 'false' }, params)}`;
      const { total, records } = await paged<ListRow>(
        db,
        {
          select: LIST_SELECT,
          from: { base: 'employees e', key: 'e.id', joins: LIST_JOINS },
          where,
          order: 'e.id',
        },
        params,
        req.query,
      );
      return { code: 200, data: { total, records: records.map(listRecord) } };
    },
  );

  r.get(
    '/api/phr/transfer',
    {
      config: { permission: 'main:phr/transfer' },
      schema: {
        tags,
        summary: '档案转移记录',
        querystring: z.object({ ...pageQuery, name: z.string().max(30).optional() }),
      },
    },
    async (req) => {
      const user = currentUser(req);
      const params: unknown[] = [];
      const where = [employeeScopeSql(user, 't.employee_id', params)];
      if (req.query.name) {
        params.push(`%${req.query.name}%`);
        where.push(`e.name ILIKE $${params.length}`);
      }
      const from = `phr_transfers t JOIN employees e ON e.id = t.employee_id`;
      const { rows: count } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${from} WHERE ${where.join(' AND ')}`,
        params,
      );
      params.push(req.query.pageSize, (req.query.page - 1) * req.query.pageSize);
      const { rows } = await db.query(
        `SELECT t.id, e.name AS "employeeName", fu.short_name AS "fromUnitName", tu.short_name AS "toUnitName",
                fuser.name AS "fromUserName", tuser.name AS "toUserName", t.reason, c.name AS "createdBy",
                to_char(t.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS "createdAt"
           FROM ${from} JOIN units fu ON fu.id = t.from_unit_id JOIN units tu ON tu.id = t.to_unit_id
           LEFT JOIN users fuser ON fuser.id = t.from_user_id LEFT JOIN users tuser ON tuser.id = t.to_user_id
           LEFT JOIN users c ON c.id = t.created_by
          WHERE ${where.join(' AND ')} ORDER BY t.id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
        params,
      );
      return { code: 200, data: { total: count[0].n, records: rows } };
    },
  );

  r.post(
    '/api/phr/transfer',
    {
      config: { permission: 'phr:transfer' },
      schema: {
        tags,
        summary: '档案转移：交给另一单位或另一位责任人',
        body: z
          .object({
            employeeIds: z
              .array(z.number().int().positive(), { error: '请选择档案' })
              .min(1, '请选择档案')
              .max(500, '一次最多转移500份'),
            toUnitId: z.number().int().positive().optional(),
            toUserId: z.number().int().positive().optional(),
            reason: z
              .string({ error: '请填写转移原因' })
              .trim()
              .min(1, '请填写转移原因')
              .max(200, '转移原因不能超过200个字'),
          })
          .refine((b) => b.toUnitId || b.toUserId, { message: '请选择接收单位或责任人', path: ['toUnitId'] }),
      },
    },
    async (req) => {
      const user = currentUser(req);
      const { employeeIds, toUnitId, toUserId, reason } = req.body;
      const moved = await db.tx(async (q) => {
        if (toUnitId) {
          const { rows } = await q.query<{ path: string }>(
            'SELECT path FROM units WHERE id = $1 AND deleted_at IS NULL',
            [toUnitId],
          );
          if (!rows[0]) throw badRequest('接收单位不存在', [{ path: 'toUnitId', message: '接收单位不存在' }]);
          if (!unitInScope(user, rows[0].path)) throw forbidden('不能转移到账号单位范围以外的单位');
        }
        if (toUserId) {
          const { rows } = await q.query<{ user_type: number }>(
            'SELECT user_type FROM users WHERE id = $1 AND deleted_at IS NULL AND enabled',
            [toUserId],
          );
          if (rows[0]?.user_type !== 2) {
            throw badRequest('责任人须为启用中的健康管理人员', [
              { path: 'toUserId', message: '责任人须为启用中的健康管理人员' },
            ]);
          }
        }
        const params: unknown[] = [employeeIds];
        const { rows: emps } = await q.query<{ id: number; unit_id: number; responsible_user_id: number | null }>(
          `SELECT e.id, e.unit_id, e.responsible_user_id FROM employees e
            WHERE e.id = ANY($1) AND e.deleted_at IS NULL AND ${employeeScopeSql(user, 'e.id', params)} FOR UPDATE`,
          params,
        );
        if (emps.length !== new Set(employeeIds).size) throw forbidden('所选档案不存在或不在账号的单位范围内');
        for (const e of emps) {
          await q.query(
            'UPDATE employees SET unit_id = $2, responsible_user_id = $3, version = version + 1, updated_at = now() WHERE id = $1',
            [e.id, toUnitId ?? e.unit_id, toUserId ?? e.responsible_user_id],
          );
          await q.query(
            `INSERT INTO phr_transfers (employee_id, from_unit_id, to_unit_id, from_user_id, to_user_id, reason, created_by)
             VALUES ($1, $2, $3, $4, $5, $6, $7)`,
            [
              e.id,
              e.unit_id,
              toUnitId ?? e.unit_id,
              e.responsible_user_id,
              toUserId ?? e.responsible_user_id,
              reason,
              user.id,
            ],
          );
        }
        await writeAudit(q, req, {
          action: 'transfer',
          resource: 'phr',
          recordId: emps.map((e) => e.id).join(','),
          before: emps,
          after: { toUnitId, toUserId, reason },
        });
        return emps.length;
      });
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

  r.get(
    '/api/phr/:id',
    { config: { permission: 'main:phr' }, schema: { tags, summary: '一份档案', params: idParams } },
    async (req) => {
      const user = currentUser(req);
      const params: unknown[] = [req.params.id];
      const { rows } = await db.query<{
        id: number;
        name: string;
        idCard: string;
        sex: 1 | 2;
        birthday: string;
        mobile: string | null;
        unitId: number;
        unitName: string;
        record: PhrRecord | null;
        version: number | null;
        complete: boolean | null;
        missing: string[] | null;
        updatedAt: string | null;
        updatedBy: string | null;
      }>(
        `SELECT e.id, e.name, e.id_card AS "idCard", e.sex, to_char(e.birthday, 'YYYY-MM-DD') AS birthday, e.mobile,
              e.unit_id AS "unitId", u.name AS "unitName", r.record, r.version, r.complete, r.missing,
              to_char(r.updated_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS "updatedAt", ub.name AS "updatedBy"
         FROM employees e JOIN units u ON u.id = e.unit_id LEFT JOIN health_records r ON r.employee_id = e.id
         LEFT JOIN users ub ON ub.id = r.updated_by
        WHERE e.id = $1 AND e.deleted_at IS NULL AND ${employeeScopeSql(user, 'e.id', params)}`,
        params,
      );
      const row = rows[0];
      if (!row) {
        const { rows: exists } = await db.query('SELECT 1 FROM employees WHERE id = $1 AND deleted_at IS NULL', [
          req.params.id,
        ]);
        throw exists[0] ? forbidden('无权访问该档案') : new AppError(404, '档案不存在');
      }
      // Full ID and mobile only to those allowed to view records; others see them masked.
      const full = can(user, 'phr:view');
      const record: PhrRecord = row.record ?? {
        patientInfo: {
          name: row.name,
          idCard: row.idCard,
          sex: row.sex,
          birthday: row.birthday,
          age: ageOn(row.birthday),
          mobile: row.mobile,
          companyName: row.unitName,
          payType: [],
        },
        ...emptySections(),
      };
      if (!full) {
        record.patientInfo = {
          ...record.patientInfo,
          idCard: maskIdCard(record.patientInfo.idCard),
          mobile: maskMobile(record.patientInfo.mobile),
        };
      }
      return {
        code: 200,
        data: {
          id: row.id,
          unitId: row.unitId,
          unitName: row.unitName,
          version: row.version,
          complete: row.complete ?? false,
          missing: row.missing ?? ['个人信息', '健康数据', '生活信息', '居住环境'],
          updatedAt: row.updatedAt,
          updatedBy: row.updatedBy,
          record,
        },
      };
    },
  );

  r.get(
    '/api/phr/:id/versions',
    { config: { permission: 'main:phr' }, schema: { tags, summary: '档案的版本记录', params: idParams } },
    async (req) => {
      const user = currentUser(req);
      const params: unknown[] = [req.params.id];
      const { rows } = await db.query(
        `SELECT v.version, u.name AS "changedBy", v.changed_paths AS "changedPaths", v.form_type AS type,
                to_char(v.changed_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS "changedAt"
           FROM health_record_versions v LEFT JOIN users u ON u.id = v.changed_by
          WHERE v.employee_id = $1 AND ${employeeScopeSql(user, 'v.employee_id', params)} ORDER BY v.version DESC`,
        params,
      );
      return { code: 200, data: rows };
    },
  );

  r.get(
    '/api/phr/:id/work',
    {
      config: { permission: 'main:phr' },
      schema: { tags, summary: '此人的分组标签、阳性发现、任务、随访与服务包', params: idParams },
    },
    async (req) => {
      const user = currentUser(req);
      const params: unknown[] = [req.params.id];
      const scope = employeeScopeSql(user, '$1::bigint', params);
      const { rows: ok } = await db.query(`SELECT 1 FROM employees WHERE id = $1 AND ${scope}`, params);
      if (!ok[0]) throw forbidden('无权访问该档案');
      const q = (sql: string) => db.query(sql, [req.params.id]).then((x) => x.rows);
      const [tagRows, findings, tasks, followUps, contracts] = await Promise.all([
        q(
          `SELECT year, risk_level AS "riskLevel", bp, lipid, glucose, ua, weight, diseases FROM person_tags WHERE employee_id = $1 ORDER BY year`,
        ),
        q(`SELECT f.id, f.year, to_char(c.check_date, 'YYYY-MM-DD') AS "checkDate", pr.names AS "ruleName", pr.library_name AS "libraryName",
                  f.level, f.matched, f.status FROM positive_findings f JOIN positive_rules pr ON pr.id = f.rule_id
             JOIN health_checks c ON c.id = f.check_id WHERE f.employee_id = $1 ORDER BY c.check_date DESC, f.id`),
        q(`SELECT t.id, pr.names AS "ruleName", a.name AS "assigneeName", to_char(t.due_date, 'YYYY-MM-DD') AS "dueDate", t.status,
                  (t.status IN (1, 2) AND t.due_date < current_date) AS overdue
             FROM positive_tasks t JOIN positive_findings f ON f.id = t.finding_id JOIN positive_rules pr ON pr.id = f.rule_id
             LEFT JOIN users a ON a.id = t.assignee_id WHERE t.employee_id = $1 ORDER BY t.id DESC`),
        q(`SELECT p.id, p.title, p.method, p.frequency_days AS "frequencyDays", to_char(p.next_date, 'YYYY-MM-DD') AS "nextDate", p.status,
                  (SELECT count(*)::int FROM follow_up_records r WHERE r.plan_id = p.id) AS records
             FROM follow_up_plans p WHERE p.employee_id = $1 ORDER BY p.id DESC`),
        q(`SELECT id, year, level, status FROM service_contracts WHERE employee_id = $1 ORDER BY year DESC`),
      ]);
      return { code: 200, data: { tags: tagRows, findings, tasks, followUps, contracts } };
    },
  );

  r.get(
    '/api/phr/:id/checks',
    { config: { permission: 'main:phr' }, schema: { tags, summary: '此人的历年体检结果', params: idParams } },
    async (req) => {
      const user = currentUser(req);
      const params: unknown[] = [req.params.id];
      const { rows } = await db.query(
        `SELECT c.id, to_char(c.check_date, 'YYYY-MM-DD') AS "checkDate", c.year, c.provider, c."values"
           FROM health_checks c WHERE c.employee_id = $1 AND c.deleted_at IS NULL
            AND ${employeeScopeSql(user, 'c.employee_id', params)} ORDER BY c.check_date`,
        params,
      );
      return { code: 200, data: rows };
    },
  );
}
