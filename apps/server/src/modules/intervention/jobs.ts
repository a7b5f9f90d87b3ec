import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/client';
import { todayInChina } from '../../lib/dates';
import { JobRunner } from '../../lib/jobs';
import type { PopulationScope } from './condition-sql';
import type { Prescriber } from './prescriptions';
import { createTasks, matchingPeople, modelVersion } from './service';

/** People per transaction of a run: one INSERT of tasks and one of their actions each. */
export const RUN_BATCH = 2000;

/** What a queued run remembers besides its model version and year: whose scope it covers and its start date. */
interface RunReason {
  scope: PopulationScope;
  startDate: string;
}

/** Queues a run of a model version over a year in the caller's transaction; answers the job id. */
export async function queueRun(
  q: Queryable,
  r: { modelId: number; version: number; year: number; userId: number; scope: PopulationScope; startDate?: string },
): Promise<number> {
  const reason: RunReason = {
    scope: { userType: r.scope.userType, unitPath: r.scope.unitPath, employeeId: r.scope.employeeId },
    startDate: r.startDate ?? todayInChina(),
  };
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO intervention_jobs (reason, status, model_id, model_version, year, created_by)
     VALUES ($1, 'queued', $2, $3, $4, $5) RETURNING id`,
    [JSON.stringify(reason), r.modelId, r.version, r.year, r.userId],
  );
  return Number(rows[0].id);
}

/**
 * Runs one queued model run: the matching people of the run's scope and year (the compiled condition, one
 * statement), then tasks in batches of RUN_BATCH, each batch its own transaction with the job's progress
 * (done, created, skipped). A run taken over from a stopped instance starts again from the beginning: the
 * tasks already made are skipped by the unique index, so nobody gets two.
 */
export async function runJob(db: Db, id: number, prescriber: Prescriber): Promise<void> {
  const { rows } = await db.query<{
    reason: string;
    model_id: number;
    model_version: number;
    year: number;
    created_by: number;
  }>('SELECT reason, model_id, model_version, year, created_by FROM intervention_jobs WHERE id = $1', [id]);
  const job = rows[0];
  const reason = JSON.parse(job.reason) as RunReason;
  const modelId = Number(job.model_id);
  const snapshot = await modelVersion(db, modelId, job.model_version);
  const people = await matchingPeople(db, reason.scope, snapshot.condition, job.year);
  await db.query('UPDATE intervention_jobs SET total = $2, done = 0, created = 0, skipped = 0 WHERE id = $1', [
    id,
    people.length,
  ]);
  for (let i = 0; i < people.length; i += RUN_BATCH) {
    const batch = people.slice(i, i + RUN_BATCH);
    await db.tx(async (q) => {
      const { created, skipped } = await createTasks(q, {
        modelId,
        version: job.model_version,
        snapshot,
        year: job.year,
        startDate: reason.startDate,
        employeeIds: batch,
        jobId: id,
        userId: Number(job.created_by),
        prescriber,
      });
      await q.query(
        'UPDATE intervention_jobs SET done = done + $2, created = created + $3, skipped = skipped + $4 WHERE id = $1',
        [id, batch.length, created.length, skipped],
      );
    });
  }
}

/** The background runs of intervention models: any server instance claims a queued run, once. */
export const interventionRunner = (db: Db, log: FastifyBaseLogger, prescriber: Prescriber) =>
  new JobRunner(db, log, {
    table: 'intervention_jobs',
    name: 'intervention model run',
    run: (job) => runJob(db, job.id, prescriber),
  });

/**
 * Whose runs an account sees: a company-wide account every run, a unit-scoped one the runs it started (their
 * counts are of its own scope). Appends its parameter to `params`.
 */
const visibleRuns = (viewer: { id: number; unitPath: string | null }, params: unknown[]) =>
  viewer.unitPath === null ? 'TRUE' : `j.created_by = $${params.push(viewer.id)}`;

const RUN_COLUMNS = `j.id::int AS id, j.status, j.total, j.done, j.created, j.skipped, j.error, j.model_id::int AS "modelId",
  j.model_version AS "modelVersion", j.year,
  to_char(j.started_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS "startedAt",
  to_char(j.finished_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS "finishedAt"`;

/** A run's progress as the console polls it, or null (absent, or not the account's to see). */
export async function jobStatus(q: Queryable, viewer: { id: number; unitPath: string | null }, id: number) {
  const params: unknown[] = [id];
  const { rows } = await q.query(
    `SELECT ${RUN_COLUMNS} FROM intervention_jobs j WHERE j.id = $1 AND ${visibleRuns(viewer, params)}`,
    params,
  );
  return rows[0] ?? null;
}

/** The account's last runs (of one model, or all), newest first. */
export async function recentJobs(q: Queryable, viewer: { id: number; unitPath: string | null }, modelId?: number) {
  const params: unknown[] = [];
  const where = [visibleRuns(viewer, params), ...(modelId ? [`j.model_id = $${params.push(modelId)}`] : [])];
  const { rows } = await q.query(
    `SELECT ${RUN_COLUMNS} FROM intervention_jobs j WHERE ${where.join(' AND ')} ORDER BY j.id DESC LIMIT 10`,
    params,
  );
  return rows;
}
