import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client';
import { badRequest, conflict, fieldError, forbidden, notFound } from '../../lib/errors';
import { evaluateChecks, refreshTags } from '../../lib/rule-evaluation';
import { employeeScopeSql } from '../../lib/scope';
import { writeAudit } from '../../plugins/audit';
import type { SessionUser } from '../../plugins/auth';
import { checkDetail } from './detail';
import { checkDateProblem, loadIndicators, validateValues } from './indicators';
import type { CreateBody, UpdateBody } from './schemas';
import { lockCheck } from './sql';

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
  if (why) throw fieldError('checkDate', why);
}

const DUPLICATE = '该员工当日已有体检记录';
async function refuseDuplicate(q: Queryable, employeeId: number, checkDate: string, exceptId = 0) {
  const { rows } = await q.query(
    'SELECT 1 FROM health_checks WHERE employee_id = $1 AND check_date = $2 AND deleted_at IS NULL AND id <> $3',
    [employeeId, checkDate, exceptId],
  );
  if (rows[0]) throw fieldError('checkDate', DUPLICATE);
}

/** Runs a write that may meet the (employee, date) unique index: a concurrent duplicate reads as the form's error. */
async function unlessDuplicate<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if ((err as { code?: string })?.code === '23505') throw fieldError('checkDate', DUPLICATE);
    throw err;
  }
}

/** 录入体检结果: for an employee in scope; the check's findings and tags are evaluated in the same transaction. */
export async function createCheck(q: Queryable, req: FastifyRequest, user: SessionUser, body: CreateBody) {
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
  const id = await unlessDuplicate(async () => {
    const { rows } = await q.query<{ id: number }>(
      `INSERT INTO health_checks (employee_id, check_date, year, provider, "values")
       VALUES ($1, $2, $3, $4, $5::jsonb) RETURNING id`,
      [body.employeeId, body.checkDate, Number(body.checkDate.slice(0, 4)), body.provider, JSON.stringify(vals)],
    );
    return Number(rows[0].id);
  });
  await evaluateChecks(q, [id]);
  await writeAudit(q, req, {
    action: 'create',
    resource: 'check',
    recordId: id,
    after: { employeeId: body.employeeId, checkDate: body.checkDate, provider: body.provider, values: vals },
  });
  return checkDetail(q, user, id);
}

/** 修改体检结果 (versioned); a check moved to another year has the old year's tags recomputed. */
export async function updateCheck(q: Queryable, req: FastifyRequest, user: SessionUser, id: number, body: UpdateBody) {
  const before = await lockCheck(q, user, id);
  if (before.version !== body.version) throw conflict();
  validDate(body.checkDate);
  const vals = await validValues(q, body.values);
  await refuseDuplicate(q, before.employee_id, body.checkDate, before.id);
  const year = Number(body.checkDate.slice(0, 4));
  await unlessDuplicate(() =>
    q.query(
      `UPDATE health_checks SET check_date = $2, year = $3, provider = $4, "values" = $5::jsonb,
              version = version + 1, updated_at = now() WHERE id = $1`,
      [before.id, body.checkDate, year, body.provider, JSON.stringify(vals)],
    ),
  );
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
}

/** 删除体检结果 (soft): its unconfirmed findings go with it; the year's tags follow the remaining checks. */
export async function deleteCheck(q: Queryable, req: FastifyRequest, user: SessionUser, id: number) {
  const before = await lockCheck(q, user, id);
  await q.query(
    'UPDATE health_checks SET deleted_at = now(), version = version + 1, updated_at = now() WHERE id = $1',
    [before.id],
  );
  await evaluateChecks(q, [before.id]);
  await refreshTags(q, [`${before.employee_id}:${before.year}`]);
  await writeAudit(q, req, {
    action: 'delete',
    resource: 'check',
    recordId: before.id,
    before: { employeeId: before.employee_id, checkDate: before.check_date, values: before.values },
  });
}
