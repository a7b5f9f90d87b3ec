import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/client';

export interface AuditEntry {
  action: string;
  resource?: string;
  recordId?: string | number | null;
  before?: unknown;
  after?: unknown;
  success?: boolean;
  detail?: string;
  /** Who acted, when not the signed-in user of the request (e.g. a failed login). */
  userId?: number | null;
  username?: string | null;
}

/**
 * Writes one audit-log entry. Call it with the transaction's `q` so the entry commits or rolls back
 * together with the change it describes.
 */
export async function writeAudit(q: Queryable, req: FastifyRequest | null, entry: AuditEntry): Promise<void> {
  const user = req?.user;
  await q.query(
    `INSERT INTO audit_log (user_id, username, action, resource, record_id, before, after, success, detail, ip)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      entry.userId ?? user?.id ?? null,
      entry.username ?? user?.username ?? null,
      entry.action,
      entry.resource ?? null,
      entry.recordId == null ? null : String(entry.recordId),
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
      entry.success ?? true,
      entry.detail ?? null,
      req?.ip ?? null,
    ],
  );
}
