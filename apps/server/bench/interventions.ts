import { DEMO_MODELS } from '../src/demo/interventions';
import { queueRun, runJob } from '../src/modules/intervention/jobs';
import { createTasks, matchingPeople, previewCondition, saveModelVersion } from '../src/modules/intervention/service';
import { generateDietDrafts, generateFitnessDrafts } from '../src/modules/prescription/service';
import {
  type BenchResult,
  type BenchTarget,
  benchLog,
  ms1,
  outcome,
  percentile,
  RssSampler,
  runWhenForked,
  timeSamples,
} from './common';
import { openKeptDatabase, prepare } from './lists';

/**
 * Interventions at scale (BENCH_ONLY=interventions), on the lists bench's kept database: the 干预模型 preview
 * (the compiled condition over a year's population) company-wide and for staff's plant, p50/p95 of warm calls;
 * a model run's people per second through the background job's own code (runJob: follow-ups and education,
 * batches of 2,000 in their own transactions), and the set-based task creation with prescription drafts
 * (createTasks with 膳食/运动处方 through the prescription service) in a transaction rolled back afterwards.
 * The run's own tasks are removed again, so the kept database stays as the lists bench expects it.
 *
 *   BENCH_ONLY=interventions BENCH_INTERVENTION_EMPLOYEES=2000 npm run bench
 */
const WARMUP = 2;
const REPEAT = Number(process.env.BENCH_REPEAT ?? 20);
/** A preview may take longer than a list page (the issue: up to about a second at 100,000 people). */
const PREVIEW_P95_MS = 1000;
/** People per second a run must reach, with or without prescription drafts (the batch target). */
const RUN_PEOPLE_PER_S = 2000;
const CONDITIONS = ['BP_LEVEL >= 1', 'RISK >= 4 && AGE >= 40', 'SBP >= 140 || FPG >= 7 || FINDINGS > 0'];

class Rollback extends Error {}

export async function benchInterventions(target: BenchTarget, opts: { employees: number }): Promise<BenchResult> {
  const started = Date.now();
  const rss = new RssSampler();
  const { db } = await openKeptDatabase(target, opts.employees);
  const failures: string[] = [];
  try {
    const prepareMs = await prepare(db, opts.employees, target);
    log(target, `database ready in ${(prepareMs / 1000).toFixed(1)} s`);
    const { rows: staff } = await db.query<{ id: number; path: string }>(
      `SELECT s.id, u.path FROM users s JOIN units u ON u.id = s.unit_id WHERE s.username = 'staff'`,
    );
    const company = { userType: 2, unitPath: null, employeeId: null };
    const prescriber = { diet: generateDietDrafts, fitness: generateFitnessDrafts };
    const plant = { userType: 2, unitPath: staff[0].path, employeeId: null };
    const previews: { condition: string; scope: string; total: number; matched: number; p50: number; p95: number }[] =
      [];
    for (const condition of CONDITIONS) {
      for (const [name, scope] of [
        ['company', company],
        ['plant', plant],
      ] as const) {
        let answer = { total: 0, matched: 0 };
        const samples = await timeSamples(
          async () => {
            answer = await previewCondition(db, scope, { condition });
          },
          WARMUP,
          REPEAT,
        );
        const f = {
          condition,
          scope: name,
          total: answer.total,
          matched: answer.matched,
          p50: ms1(percentile(samples, 50)),
          p95: ms1(percentile(samples, 95)),
        };
        previews.push(f);
        log(target, `preview ${name} "${condition}": ${f.matched}/${f.total}, p50 ${f.p50} ms, p95 ${f.p95} ms`);
        if (!(f.p95 < PREVIEW_P95_MS))
          failures.push(`preview ${name} "${condition}": p95 ${f.p95} ms ≥ ${PREVIEW_P95_MS} ms`);
      }
    }

    // A run company-wide of a model with follow-ups and education (no prescriptions), through runJob.
    const base = DEMO_MODELS[0];
    const model = {
      ...base,
      name: `压测模型${Date.now()}`,
      dietRx: false,
      fitnessRx: false,
      condition: 'BP_LEVEL >= 1 || LIPID_LEVEL >= 1',
    };
    const { rows: m } = await db.query<{ id: number }>(
      `INSERT INTO intervention_models (name, condition, enabled, duration_months, diet_rx, fitness_rx, follow_method,
                                        follow_every_months, follow_for_months)
       VALUES ($1, $2, true, 12, false, false, 1, 3, 12) RETURNING id`,
      [model.name, model.condition],
    );
    const modelId = Number(m[0].id);
    const version = await saveModelVersion(db, modelId, model, Number(staff[0].id));
    const { rows: y } = await db.query<{ y: number }>('SELECT max(year)::int AS y FROM person_tags');
    const year = y[0].y;
    const jobId = await queueRun(db, { modelId, version, year, userId: Number(staff[0].id), scope: company });
    const t0 = Date.now();
    await runJob(db, jobId, prescriber);
    const runMs = Date.now() - t0;
    const { rows: job } = await db.query<{ total: number; created: number }>(
      'SELECT total, created FROM intervention_jobs WHERE id = $1',
      [jobId],
    );
    const runRate = Math.round((job[0].total / runMs) * 1000);
    log(target, `run: ${job[0].created}/${job[0].total} people in ${runMs} ms = ${runRate} people/s`);
    if (runRate < RUN_PEOPLE_PER_S) failures.push(`run: ${runRate} people/s < ${RUN_PEOPLE_PER_S}`);
    await db.query(
      'DELETE FROM intervention_actions WHERE task_id IN (SELECT id FROM intervention_tasks WHERE model_id = $1)',
      [modelId],
    );
    await db.query('DELETE FROM intervention_tasks WHERE model_id = $1', [modelId]);
    await db.query("UPDATE intervention_jobs SET status = 'done' WHERE id = $1", [jobId]);

    // The same people with diet and exercise drafts (the demo's 高血压 model), rolled back.
    const withRx = { ...model, dietRx: true, fitnessRx: true };
    let rxMs = 0;
    let rxPeople = 0;
    await db
      .tx(async (q) => {
        const people = await matchingPeople(q, company, withRx.condition, year);
        rxPeople = people.length;
        const t1 = Date.now();
        for (let i = 0; i < people.length; i += 2000) {
          await createTasks(q, {
            modelId,
            version,
            snapshot: withRx,
            year,
            startDate: '2026-01-01',
            employeeIds: people.slice(i, i + 2000),
            userId: Number(staff[0].id),
            prescriber,
          });
        }
        rxMs = Date.now() - t1;
        throw new Rollback();
      })
      .catch((e) => {
        if (!(e instanceof Rollback)) throw e;
      });
    const rxRate = Math.round((rxPeople / Math.max(rxMs, 1)) * 1000);
    log(target, `tasks with prescription drafts: ${rxPeople} people in ${rxMs} ms = ${rxRate} people/s (rolled back)`);
    if (rxRate < RUN_PEOPLE_PER_S)
      failures.push(`tasks with prescription drafts: ${rxRate} people/s < ${RUN_PEOPLE_PER_S}`);
    await db.query('DELETE FROM intervention_jobs WHERE id = $1', [jobId]);
    await db.query('DELETE FROM intervention_model_versions WHERE model_id = $1', [modelId]);
    await db.query('DELETE FROM intervention_models WHERE id = $1', [modelId]);

    for (const f of failures) log(target, `✗ ${f}`);
    const peak = rss.stop();
    return {
      bench: 'interventions',
      target: target.name,
      employees: opts.employees,
      prepareMs,
      previews,
      run: { people: job[0].total, ms: runMs, peoplePerS: runRate },
      runWithPrescriptions: { people: rxPeople, ms: rxMs, peoplePerS: rxRate },
      ...outcome(failures, started, peak.overall),
    };
  } finally {
    rss.stop();
    await db.close();
  }
}

const log = benchLog('interventions');

runWhenForked('interventions.ts', (target, employees) => benchInterventions(target, { employees }));
