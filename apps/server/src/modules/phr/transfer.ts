import { USER_TYPES } from '@peis/shared';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client';
import { fieldError, forbidden } from '../../lib/errors';
import { employeeScopeSql, unitInScope } from '../../lib/scope';
import { writeAudit } from '../../plugins/audit';
import type { SessionUser } from '../../plugins/auth';
import type { TransferBody } from './schemas';

/**
 * 档案转移: the chosen employees (all in scope, or nothing moves) go to another unit in scope and/or another
 * responsible health manager; one phr_transfers row each, one audit entry. Answers how many moved.
 */
export async function transferRecords(q: Queryable, req: FastifyRequest, user: SessionUser, body: TransferBody) {
  const { employeeIds, toUnitId, toUserId, reason } = body;
  if (toUnitId) {
    const { rows } = await q.query<{ path: string }>('SELECT path FROM units WHERE id = $1 AND deleted_at IS NULL', [
      toUnitId,
    ]);
    if (!rows[0]) throw fieldError('toUnitId', '接收单位不存在');
    if (!unitInScope(user, rows[0].path)) throw forbidden('不能转移到账号单位范围以外的单位');
  }
  if (toUserId) {
    const { rows } = await q.query<{ user_type: number }>(
      'SELECT user_type FROM users WHERE id = $1 AND deleted_at IS NULL AND enabled',
      [toUserId],
    );
    if (rows[0]?.user_type !== USER_TYPES.healthStaff) throw fieldError('toUserId', '责任人须为启用中的健康管理人员');
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
}
