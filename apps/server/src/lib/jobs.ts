import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';

/** The columns a job table needs besides its own: see evaluation_jobs (migrations 005 and 008). */
export interface JobRow {
  id: number;
  reason: string;
  attempts: number;
}

export interface JobRunnerOptions {
  /** Table of the jobs: id, reason, status ('queued' | 'running' | 'done' | 'failed'), error, finished_at, claimed_by, lease_until, attempts. */
  table: string;
  /** What the log calls these jobs. */
  name: string;
  /** Runs one claimed job; throwing marks it failed. */
  run: (job: JobRow) => Promise<void>;
  /** How long a claim holds without a heartbeat (renewed every third of it). */
  leaseMs?: number;
  /** How often an instance looks for queued jobs, and for jobs whose instance stopped. */
  pollMs?: number;
}

/**
 * Runs the jobs of one table on any number of server instances sharing the database, each job once: a
 * job is claimed in one statement (FOR UPDATE SKIP LOCKED, so two instances never take the same row)
 * with a lease the runner renews while it works; a job whose lease ran out belonged to an instance that
 * stopped and is taken over. kick() after queuing a job; start() also polls, so queued and orphaned jobs
 * are picked up by whichever instance is alive.
 */
export class JobRunner {
  private busy: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private poll: NodeJS.Timeout | undefined;
  private readonly leaseMs: number;
  /** This runner as a job's claimant (one per app instance, even two in one process). */
  private readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly opts: JobRunnerOptions,
  ) {
    if (!/^[a-z_]+$/.test(opts.table)) throw new Error(`invalid job table ${opts.table}`);
    this.leaseMs = opts.leaseMs ?? 60_000;
  }

  /** Claims the oldest job that is queued or whose lease has run out, or null. */
  async claim(): Promise<JobRow | null> {
    const t = this.opts.table;
    const { rows } = await this.db.query<JobRow>(
      `UPDATE ${t} SET status = 'running', claimed_by = $1, attempts = attempts + 1,
              lease_until = now() + $2 * interval '1 millisecond'
        WHERE id = (SELECT id FROM ${t}
                     WHERE status = 'queued' OR (status = 'running' AND (lease_until IS NULL OR lease_until < now()))
                     ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING id, reason, attempts`,
      [this.owner, this.leaseMs],
    );
    return rows[0] ? { ...rows[0], id: Number(rows[0].id) } : null;
  }

  /** Runs jobs soon (after the caller's transaction has committed). */
  kick(): void {
    if (this.stopped) return;
    setTimeout(() => void this.drain(), 20).unref();
  }

  /** Kicks now and then every pollMs, until stop(). */
  start(): void {
    this.stopped = false;
    this.kick();
    this.poll = setInterval(() => this.kick(), this.opts.pollMs ?? 30_000);
    this.poll.unref();
  }

  /** Stops claiming and waits for the job under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.poll);
    await this.busy;
  }

  /** Runs claimable jobs until none is left. */
  drain(): Promise<void> {
    if (this.busy) {
      this.again = true;
      return this.busy;
    }
    this.busy = (async () => {
      try {
        for (;;) {
          if (this.stopped) break;
          const job = await this.claim();
          if (!job) break;
          await this.runOne(job);
        }
      } catch (err) {
        this.log.error({ err }, `${this.opts.name}: claiming a job failed`);
      } finally {
        this.busy = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      }
    })();
    return this.busy;
  }

  private async runOne(job: JobRow) {
    const t = this.opts.table;
    const heartbeat = setInterval(() => {
      this.db
        .query(
          `UPDATE ${t} SET lease_until = now() + $3 * interval '1 millisecond' WHERE id = $1 AND claimed_by = $2`,
          [job.id, this.owner, this.leaseMs],
        )
        .then((r) => {
          if (!r.rowCount) this.log.warn({ job: job.id }, `${this.opts.name}: lease lost to another instance`);
        })
        .catch((err) => this.log.error({ err, job: job.id }, `${this.opts.name}: heartbeat failed`));
    }, this.leaseMs / 3);
    heartbeat.unref();
    try {
      await this.opts.run(job);
      await this.db.query(
        `UPDATE ${t} SET status = 'done', finished_at = now(), lease_until = NULL WHERE id = $1 AND claimed_by = $2`,
        [job.id, this.owner],
      );
    } catch (err) {
      this.log.error({ err, job: job.id }, `${this.opts.name} failed`);
      await this.db
        .query(
          `UPDATE ${t} SET status = 'failed', error = $3, finished_at = now(), lease_until = NULL
            WHERE id = $1 AND claimed_by = $2`,
          [job.id, this.owner, String((err as Error).message ?? err)],
        )
        .catch((e) => this.log.error({ err: e, job: job.id }, `${this.opts.name}: could not record the failure`));
    } finally {
      clearInterval(heartbeat);
    }
  }
}
