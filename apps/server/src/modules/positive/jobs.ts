import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/client';
import { refreshRollups } from '../../lib/dashboard-rollup-refresh';
import { JobRunner } from '../../lib/jobs';
import { evaluateAll } from '../../lib/rule-evaluation';

/**
 * Queues a re-evaluation in the caller's transaction (also where no runner is at hand, e.g. seeding rules);
 * a running server picks it up on its next kick or poll.
 */
export async function queueEvaluation(q: Queryable, reason: string, ruleIds: number[]): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    "INSERT INTO evaluation_jobs (reason, status, total) VALUES ($1, 'queued', 0) RETURNING id",
    [JSON.stringify({ reason, ruleIds })],
  );
  return Number(rows[0].id);
}

/**
 * Re-evaluation after a rule changes runs in the background, so the console never waits for it. A job is
 * a row (queued in the rule's own transaction, so it exists only if the change committed); the shared
 * JobRunner claims it — once, whichever server instance gets there first — after the response, and the
 * run records progress as it goes. Jobs of a stopped instance are taken over when their lease runs out.
 */
export class EvaluationJobs {
  private readonly runner: JobRunner;

  constructor(
    private readonly db: Db,
    log: FastifyBaseLogger,
  ) {
    this.runner = new JobRunner(db, log, {
      table: 'evaluation_jobs',
      name: 'rule re-evaluation',
      run: (job) => this.run(job.id, JSON.parse(job.reason) as { ruleIds: number[] }),
    });
  }

  /** Queues a job in the caller's transaction; call kick() after it commits. */
  enqueue(q: Queryable, reason: string, ruleIds: number[]): Promise<number> {
    return queueEvaluation(q, reason, ruleIds);
  }

  /** Starts the runner soon (after the current transaction has committed). */
  kick(): void {
    this.runner.kick();
  }

  /** Runs claimable jobs now and polls for others (queued elsewhere, or left by a stopped instance). */
  start(): void {
    this.runner.start();
  }

  /** Stops polling and waits for the job under way (app close). */
  stop(): Promise<void> {
    return this.runner.stop();
  }

  /** Runs claimable jobs until none is left. */
  drain(): Promise<void> {
    return this.runner.drain();
  }

  private async run(id: number, spec: { ruleIds: number[] }) {
    await evaluateAll((fn) => this.db.tx(fn), {
      ruleIds: spec.ruleIds,
      onProgress: async (done, total) => {
        await this.db.query('UPDATE evaluation_jobs SET done = $2, total = $3 WHERE id = $1', [id, done, total]);
      },
    });
    // Warm the dashboard's rollups of what the re-evaluation changed (its next load would do it otherwise).
    await refreshRollups(this.db);
  }
}
