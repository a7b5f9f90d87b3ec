import { fileURLToPath } from 'node:url';
import { openDb } from '../src/db/client';
import { generateDietDrafts, generateFitnessDrafts } from '../src/modules/prescription/service';
import { type BenchResult, type BenchTarget, benchLog, outcome, RssSampler, runWhenForked } from './common';
import { keptDatabaseUrl, prepare } from './lists';

/**
 * Bulk prescription generation at scale (BENCH_ONLY=prescriptions), on the lists bench's kept database: every
 * person with an abnormal grouping tag in their latest year gets a diet and then an exercise draft through the
 * bulk job's own code (generateDietDrafts / generateFitnessDrafts in slices of 2,000, as GenerateJobs runs
 * them), each kind in a transaction rolled back afterwards so the kept database stays as the lists bench
 * expects it. The lists themselves (first and deep page, staff and expert) are in lists.ts.
 *
 *   BENCH_ONLY=prescriptions BENCH_PRESCRIPTION_EMPLOYEES=2000 npm run bench
 */
/** People per second the bulk generation must reach (the batch target). */
const PEOPLE_PER_S = 2000;
const SLICE = 2000;

class Rollback extends Error {}

export async function benchPrescriptions(target: BenchTarget, opts: { employees: number }): Promise<BenchResult> {
  const started = Date.now();
  const rss = new RssSampler();
  const url = await keptDatabaseUrl(target);
  const dataDir = url
    ? undefined
    : (process.env.BENCH_LISTS_DIR ?? fileURLToPath(new URL(`data/lists-${opts.employees}`, import.meta.url)));
  const db = await openDb({ url, dataDir, statementTimeoutMs: 0 });
  const failures: string[] = [];
  const runs: { kind: string; people: number; created: number; skipped: number; ms: number; peoplePerS: number }[] = [];
  try {
    const prepareMs = await prepare(db, opts.employees, target);
    log(target, `database ready in ${(prepareMs / 1000).toFixed(1)} s`);
    const { rows: staff } = await db.query<{ id: number }>("SELECT id FROM users WHERE username = 'staff'");
    const { rows: people } = await db.query<{ id: number }>(
      `SELECT e.id FROM employees e
         JOIN LATERAL (SELECT greatest(p.bp, p.lipid, p.glucose, p.ua, p.weight) AS worst FROM person_tags p
                        WHERE p.employee_id = e.id ORDER BY p.year DESC LIMIT 1) pt ON true
        WHERE e.deleted_at IS NULL AND pt.worst > 0 ORDER BY e.id`,
    );
    const ids = people.map((p) => Number(p.id));
    for (const [kind, generate] of [
      ['diet', generateDietDrafts],
      ['fitness', generateFitnessDrafts],
    ] as const) {
      let created = 0;
      let skipped = 0;
      let ms = 0;
      // A warm-up slice (the generator's code compiled, the catalogues cached), rolled back.
      await db
        .tx(async (q) => {
          await generate(q, { userId: Number(staff[0].id) }, ids.slice(0, 200));
          throw new Rollback();
        })
        .catch((e) => {
          if (!(e instanceof Rollback)) throw e;
        });
      await db
        .tx(async (q) => {
          const t0 = Date.now();
          for (let i = 0; i < ids.length; i += SLICE) {
            const r = await generate(q, { userId: Number(staff[0].id) }, ids.slice(i, i + SLICE));
            created += r.created.size;
            skipped += r.skipped;
          }
          ms = Date.now() - t0;
          throw new Rollback();
        })
        .catch((e) => {
          if (!(e instanceof Rollback)) throw e;
        });
      const peoplePerS = Math.round((ids.length / Math.max(ms, 1)) * 1000);
      runs.push({ kind, people: ids.length, created, skipped, ms, peoplePerS });
      log(
        target,
        `${kind}: ${created} created, ${skipped} skipped of ${ids.length} in ${ms} ms = ${peoplePerS} people/s`,
      );
      if (peoplePerS < PEOPLE_PER_S) failures.push(`${kind}: ${peoplePerS} people/s < ${PEOPLE_PER_S}`);
    }
    for (const f of failures) log(target, `✗ ${f}`);
    const peak = rss.stop();
    return {
      bench: 'prescriptions',
      target: target.name,
      employees: opts.employees,
      prepareMs,
      runs,
      ...outcome(failures, started, peak.overall),
    };
  } finally {
    rss.stop();
    await db.close();
  }
}

const log = benchLog('prescriptions');

runWhenForked('prescriptions.ts', (target, employees) => benchPrescriptions(target, { employees }));
