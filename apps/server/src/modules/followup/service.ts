import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client';
import { badRequest, conflict, fieldError, forbidden } from '../../lib/errors';
import { employeeScopeSql } from '../../lib/scope';
import { writeAudit } from '../../plugins/audit';
import type { SessionUser } from '../../plugins/auth';
import { plans } from './declared';
import type { PlanBody, PlanUpdateBody } from './schemas';

async function employeeInScope(q: Queryable, user: SessionUser, employeeId: number) {
  const params: unknown[] = [employeeId];
  const { rows } = await q.query(
    `SELECT 1 FROM employees e WHERE e.id = $1 AND e.deleted_at IS NULL AND ${employeeScopeSql(user, 'e.id', params)}`,
    params,
  );
  if (!rows[0]) throw forbidden('员工不存在或不在账号的单位范围内');
}

/** 新建随访计划 (by hand or from a positive finding of the same person); the assignee defaults to the author. */
export async function createPlan(q: Queryable, req: FastifyRequest, user: SessionUser, b: PlanBody): Promise<number> {
  if (b.endDate && b.endDate < b.nextDate) throw fieldError('endDate', '结束日期不能早于首次随访日期');
  await employeeInScope(q, user, b.employeeId);
  if (b.findingId) {
    const { rows } = await q.query('SELECT 1 FROM positive_findings WHERE id = $1 AND employee_id = $2', [
      b.findingId,
      b.employeeId,
    ]);
    if (!rows[0]) throw fieldError('findingId', '阳性发现不属于该员工');
  }
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO follow_up_plans (employee_id, finding_id, title, method, frequency_days, next_date, end_date, assignee_id, note, created_by)
     VALUES ($1, $2, $3, $4, $5, $6::date, $7::date, $8, $9, $10) RETURNING id`,
    [
      b.employeeId,
      b.findingId ?? null,
      b.title,
      b.method,
      b.frequencyDays,
      b.nextDate,
      b.endDate ?? null,
      b.assigneeId ?? user.id,
      b.note ?? null,
      user.id,
    ],
  );
  await writeAudit(q, req, { action: 'create', resource: 'followUpPlan', recordId: rows[0].id, after: b });
  return Number(rows[0].id);
}

/** 修改随访计划: everything but the person; the status may be set by hand (进行中 ↔ 已结束). */
export async function updatePlan(q: Queryable, req: FastifyRequest, user: SessionUser, id: number, b: PlanUpdateBody) {
  // Locked in the account's scope (404 outside it), as the declared actions lock it.
  const plan = await plans.get(q, user, id, { forUpdate: true });
  if (plan.version !== b.version) throw conflict();
  if (Number(plan.employeeId) !== b.employeeId) throw fieldError('employeeId', '随访计划的员工不能更改');
  await q.query(
    `UPDATE follow_up_plans SET title = $2, method = $3, frequency_days = $4, next_date = $5::date, end_date = $6::date,
            assignee_id = $7, note = $8, status = $9, version = version + 1, updated_at = now() WHERE id = $1`,
    [
      plan.id,
      b.title,
      b.method,
      b.frequencyDays,
      b.nextDate,
      b.endDate ?? null,
      b.assigneeId ?? null,
      b.note ?? null,
      b.status,
    ],
  );
  await writeAudit(q, req, { action: 'update', resource: 'followUpPlan', recordId: id, before: plan, after: b });
}

/** The risk level → package level mapping (`contract.levelByRisk`). */
export async function contractLevels(q: Queryable): Promise<Record<string, number>> {
  const { rows } = await q.query<{ value: Record<string, number> }>(
    "SELECT value FROM app_settings WHERE key = 'contract.levelByRisk'",
  );
  return rows[0]?.value ?? {};
}

export async function saveContractLevels(q: Queryable, req: FastifyRequest, levels: Record<string, number>) {
  if (Object.keys(levels).length !== 5) throw badRequest('请为每个风险等级设置服务包级别');
  await q.query(
    "INSERT INTO app_settings (key, value) VALUES ('contract.levelByRisk', $1::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
    [JSON.stringify(levels)],
  );
  await writeAudit(q, req, { action: 'update', resource: 'contractLevels', after: levels });
}
