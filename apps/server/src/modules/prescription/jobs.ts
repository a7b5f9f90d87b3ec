import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db, Queryable } from '../../db/client';
import { JobRunner } from '../../lib/jobs';
import { unitScopeSql, unitSubtreeSql } from '../../lib/scope';
import type { SessionUser } from '../../plugins/auth';
import { generateDietDrafts, generateFitnessDrafts } from './generate';

/** The filter of a bulk generation (POST /api/prescriptions/generate-jobs). */
export const generateJobBody = z.object({
  kind: z.enum(['diet', 'fitness'], { error: '请选择处方类型' }),
  unitId: z.number({ error: '单位无效' }).int().positive().optional(),
  riskLevel: z.enum(['健康', '风险', '异常', '慢病', '重病'], { error: '风险等级无效' }).optional(),
  tag: z.enum(['bp', 'lipid', 'glucose', 'ua', 'weight'], { error: '异常分组无效' }).optional(),
  minLevel: z.number({ error: '异常级别无效' }).int().min(1, '异常级别为1–3').max(3, '异常级别为1–3').optional(),
});
export type GenerateJobFilter = z.infer<typeof generateJobBody>;

/** What a job remembers of its author: who acts, and the unit scope the people are taken from. */
interface JobSpec extends GenerateJobFilter {
  userId: number;
  unitPath: string | null;
}

/** People are read and written this many at a time, each slice in its own transaction with the progress. */
const CHUNK = 2000;

/**
 * The people a bulk generation covers, in id order, each with whether they already hold an open prescription of
 * the kind: live employees of the author's scope and of the unit filter, whose latest grouping tags match the
 * risk level and the abnormal group at or above its level.
 */
export async function jobPeople(q: Queryable, spec: JobSpec): Promise<{ id: number; open: boolean }[]> {
  const params: unknown[] = [];
  const where = ['e.deleted_at IS NULL'];
  where.push(unitScopeSql({ unitPath: spec.unitPath } as SessionUser, 'e.unit_id', params));
  if (spec.unitId) where.push(unitSubtreeSql('e.unit_id', spec.unitId, params));
  if (spec.riskLevel) {
    params.push(spec.riskLevel);
    where.push(`pt.risk_level = $${params.length}`);
  }
  if (spec.tag) {
    params.push(spec.minLevel ?? 1);
    where.push(`pt.${spec.tag} >= $${params.length}`);
  }
  const table = spec.kind === 'fitness' ? 'fitness_prescriptions' : 'diet_prescriptions';
  const tags = spec.riskLevel || spec.tag;
  const { rows } = await q.query<{ id: number; open: boolean }>(
    `SELECT e.id, EXISTS (SELECT 1 FROM ${table} x WHERE x.employee_id = e.id AND x.status IN (1, 2, 3)
                                             AND x.deleted_at IS NULL) AS open
       FROM employees e
       ${
         tags
           ? `JOIN LATERAL (SELECT p.risk_level, p.bp, p.lipid, p.glucose, p.ua, p.weight FROM person_tags p
                              WHERE p.employee_id = e.id ORDER BY p.year DESC LIMIT 1) pt ON true`
           : ''
       }
      WHERE ${where.join(' AND ')} ORDER BY e.id`,
    params,
  );
  return rows.map((r) => ({ id: Number(r.id), open: Boolean(r.open) }));
}

/** Queues a bulk generation in the caller's transaction; kick the runner after it commits. */
export async function queueGenerateJob(q: Queryable, user: SessionUser, filter: GenerateJobFilter): Promise<number> {
  const spec: JobSpec = { ...filter, userId: user.id, unitPath: user.unitPath };
  const { rows } = await q.query<{ id: number }>(
    "INSERT INTO prescription_jobs (reason, status, user_id) VALUES ($1, 'queued', $2) RETURNING id",
    [JSON.stringify(spec), user.id],
  );
  return Number(rows[0].id);
}

/** One job's progress, for its author (or, with no author given, anyone: tests). */
export async function jobProgress(q: Queryable, id: number, userId?: number) {
  const { rows } = await q.query<{
    status: string;
    total: number;
    done: number;
    created: number;
    skipped: number;
    error: string | null;
  }>(
    `SELECT status, total, done, created, skipped, error FROM prescription_jobs
      WHERE id = $1 AND ($2::int IS NULL OR user_id = $2)`,
    [id, userId ?? null],
  );
  return rows[0] ?? null;
}

/**
 * Bulk generation runs in the background on the shared JobRunner (claimed once across instances, with a
 * lease): the people are listed, then drafted CHUNK at a time through generateDietDrafts /
 * generateFitnessDrafts, each slice committed with the job's progress. A job taken over after its instance
 * stopped resumes after the people already done.
 */
export class GenerateJobs extends JobRunner {
  constructor(db: Db, log: FastifyBaseLogger) {
    super(db, log, {
      table: 'prescription_jobs',
      name: 'prescription generation',
      run: (job) => this.generate(db, job.id, JSON.parse(job.reason) as JobSpec),
    });
  }

  private async generate(db: Db, id: number, spec: JobSpec) {
    const people = await jobPeople(db, spec);
    const { rows } = await db.query<{ done: number }>(
      'UPDATE prescription_jobs SET total = $2 WHERE id = $1 RETURNING done',
      [id, people.length],
    );
    const generate = spec.kind === 'fitness' ? generateFitnessDrafts : generateDietDrafts;
    for (let i = rows[0]?.done ?? 0; i < people.length; i += CHUNK) {
      const slice = people.slice(i, i + CHUNK);
      const open = slice.filter((p) => p.open).length;
      await db.tx(async (q) => {
        const ids = slice.filter((p) => !p.open).map((p) => p.id);
        const r = await generate(q, { userId: spec.userId }, ids);
        await q.query(
          `UPDATE prescription_jobs SET done = done + $2, created = created + $3, skipped = skipped + $4 WHERE id = $1`,
          [id, slice.length, r.created.size, r.skipped + open],
        );
      });
    }
  }
}
