import type { FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../db/client';
import { writeAudit } from '../plugins/audit';

/** How far an import has come: rows read from the sheet, and what the committed batches did. */
export interface ImportProgress {
  rowsRead: number;
  /** Sheet rows whose batch has committed (created, updated, unchanged or refused). */
  rowsCommitted: number;
  created: number;
  updated: number;
  unchanged: number;
}

/**
 * One spreadsheet import as the database knows it (import_runs): its audit entry is written when it
 * starts and rewritten in the transaction of every batch, so an import stopped half-way — even by a
 * killed process — leaves an entry saying how many rows were committed; and its progress is a row, so
 * the client's poll is answered by whichever server instance it reaches.
 */
export class ImportRun {
  private constructor(
    readonly id: number,
    private readonly auditId: number,
  ) {}

  static async start(
    db: Db,
    req: FastifyRequest,
    opts: {
      resource: string;
      fileName?: string;
      clientId?: string | null;
      /** Time already spent on the import before its run starts (receiving the upload), in ms. */
      receivedMs?: number;
    },
  ): Promise<ImportRun> {
    return db.tx(async (q) => {
      await writeAudit(q, req, {
        action: 'import',
        resource: opts.resource,
        detail: opts.fileName,
        // Not a success until it has finished: an import that never finishes stays marked as failed.
        success: false,
        after: { status: 'running', rowsRead: 0, rowsCommitted: 0, created: 0, updated: 0, unchanged: 0 },
      });
      const { rows: audit } = await q.query<{ id: number }>(
        "SELECT currval(pg_get_serial_sequence('audit_log', 'id')) AS id",
      );
      const { rows } = await q.query<{ id: number }>(
        `INSERT INTO import_runs (user_id, client_id, resource, audit_id, started_at)
         VALUES ($1, $2, $3, $4, now() - make_interval(secs => $5::float8 / 1000)) RETURNING id`,
        [req.user?.id ?? 0, opts.clientId ?? null, opts.resource, audit[0].id, Math.max(0, opts.receivedMs ?? 0)],
      );
      return new ImportRun(Number(rows[0].id), Number(audit[0].id));
    });
  }

  /** Records a batch's progress; call it inside the batch's transaction so both commit together. */
  async committed(q: Queryable, progress: ImportProgress): Promise<void> {
    await q.query('UPDATE audit_log SET after = $2 WHERE id = $1', [
      this.auditId,
      JSON.stringify({ status: 'running', ...progress }),
    ]);
    await q.query('UPDATE import_runs SET rows_read = $2, updated_at = now() WHERE id = $1', [
      this.id,
      progress.rowsRead,
    ]);
  }

  /**
   * Runs the import's work under this entry: a failure is recorded with the last committed progress
   * (and rethrown); a finished import gets its final figures, with `figures` adding what is its own,
   * and the report its elapsed time as the run's row measures it (from the upload's start to the end).
   */
  async track<R extends { total: number; created: number; updated: number; unchanged: number }>(
    db: Db,
    req: FastifyRequest,
    work: () => Promise<R>,
    figures: (report: R) => Record<string, unknown>,
  ): Promise<R & { elapsedMs: number }> {
    let report: R;
    try {
      report = await work();
    } catch (err) {
      await this.fail(db, err).catch((e) => req.log.error({ err: e }, 'import audit update failed'));
      throw err;
    }
    const elapsedMs = await this.end(db, 'done', report.total, {
      total: report.total,
      rowsRead: report.total,
      rowsCommitted: report.total,
      created: report.created,
      updated: report.updated,
      unchanged: report.unchanged,
      ...figures(report),
    });
    return { ...report, elapsedMs };
  }

  /** The import stopped on an error: the entry keeps the last committed progress and says why. */
  async fail(db: Db, err: unknown): Promise<void> {
    const { rows } = await db.query<{ after: ImportProgress | null }>('SELECT after FROM audit_log WHERE id = $1', [
      this.auditId,
    ]);
    const last = rows[0]?.after ?? null;
    const error = String((err as Error)?.message ?? err).slice(0, 500);
    await this.end(db, 'failed', last?.rowsRead ?? 0, { ...last, error });
  }

  /** Closes the run; answers its elapsed time (ms) from the row's start to now. */
  private async end(
    db: Db,
    status: 'done' | 'failed',
    rowsRead: number,
    after: Record<string, unknown>,
  ): Promise<number> {
    return db.tx(async (q) => {
      // clock_timestamp(): now() is the transaction's start, the same instant for a run begun in it.
      const { rows } = await q.query<{ elapsed_ms: number }>(
        `UPDATE import_runs SET status = $2, rows_read = $3, updated_at = clock_timestamp() WHERE id = $1
         RETURNING extract(epoch FROM clock_timestamp() - started_at)::float8 * 1000 AS elapsed_ms`,
        [this.id, status, rowsRead],
      );
      const elapsedMs = Math.max(0, Math.round(Number(rows[0]?.elapsed_ms ?? 0)));
      await q.query('UPDATE audit_log SET after = $2, success = $3 WHERE id = $1', [
        this.auditId,
        JSON.stringify({ ...after, elapsedMs, status }),
        status === 'done',
      ]);
      return elapsedMs;
    });
  }

  /** What a progress poll answers: the account's latest import under that client id. */
  static async progress(db: Db, userId: number, clientId: string): Promise<{ rowsRead: number; done: boolean }> {
    const { rows } = await db.query<{ rows_read: number; status: string }>(
      'SELECT rows_read, status FROM import_runs WHERE user_id = $1 AND client_id = $2 ORDER BY id DESC LIMIT 1',
      [userId, clientId],
    );
    return { rowsRead: Number(rows[0]?.rows_read ?? 0), done: Boolean(rows[0] && rows[0].status !== 'running') };
  }
}
