import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/client';
import { refreshRollups } from '../dashboard/rollups';
import { evaluateAll } from './evaluate';

/**
 * Re-evaluation after a rule changes runs in the background, one job at a time, so the console never
 * waits for it. A job is a row (queued in the rule's own transaction, so it exists only if the change
 * committed); the runner picks queued rows up after the response and records progress as it goes.
 * Jobs left 'running' by a stopped server are picked up again at start.
 */
export class EvaluationJobs {
  private busy = false;
  private again = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Queues a job in the caller's transaction; call kick() after it commits. */
  async enqueue(q: Queryable, reason: string, ruleIds: number[]): Promise<number> {
    const { rows } = await q.query<{ id: number }>(
      "INSERT INTO evaluation_jobs (reason, status, total) VALUES ($1, 'queued', 0) RETURNING id",
      [JSON.stringify({ reason, ruleIds })],
    );
    return Number(rows[0].id);
  }

  /** Starts the runner soon (after the current transaction has committed). */
  kick(): void {
    setTimeout(() => void this.drain(), 20).unref();
  }

  /** Runs queued jobs until none is left. */
  async drain(): Promise<void> {
    if (this.busy) {
      this.again = true;
      return;
    }
    this.busy = true;
    try {
      for (;;) {
        const { rows } = await this.db.query<{ id: number; reason: string }>(
          "SELECT id, reason FROM evaluation_jobs WHERE status IN ('queued', 'running') ORDER BY id LIMIT 1",
        );
        if (!rows[0]) break;
        await this.run(Number(rows[0].id), JSON.parse(rows[0].reason) as { ruleIds: number[] });
      }
    } finally {
      this.busy = false;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    }
  }

  private async run(id: number, spec: { ruleIds: number[] }) {
    await this.db.query("UPDATE evaluation_jobs SET status = 'running' WHERE id = $1", [id]);
    try {
      await evaluateAll((fn) => this.db.tx(fn), {
        ruleIds: spec.ruleIds,
        onProgress: async (done, total) => {
          await this.db.query('UPDATE evaluation_jobs SET done = $2, total = $3 WHERE id = $1', [id, done, total]);
        },
      });
      await this.db.query("UPDATE evaluation_jobs SET status = 'done', finished_at = now() WHERE id = $1", [id]);
      // Warm the dashboard's rollups of what the re-evaluation changed (its next load would do it otherwise).
      await refreshRollups(this.db);
    } catch (err) {
      this.log.error({ err, job: id }, 'rule re-evaluation failed');
      await this.db.query(
        "UPDATE evaluation_jobs SET status = 'failed', error = $2, finished_at = now() WHERE id = $1",
        [id, String((err as Error).message ?? err)],
      );
    }
  }
}
