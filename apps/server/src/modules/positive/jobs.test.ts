import { expect, it, vi } from 'vitest';
import { JobRunner } from '../../lib/jobs';
import { evaluateAll } from '../../lib/rule-evaluation';
import { secondInstance } from '../../test/instances';
import { withTestApp } from '../../test/suite';
import { queueEvaluation } from './jobs';

// Every run of a job is counted by the rules it re-evaluates (each job here names its own rule).
vi.mock('../../lib/rule-evaluation', async (importOriginal) => {
  const mod = await importOriginal<typeof import('../../lib/rule-evaluation')>();
  return { ...mod, evaluateAll: vi.fn(mod.evaluateAll) };
});

withTestApp(
  'background jobs on several server instances, on $name',
  { employees: 20, users: ['staff'] },
  (t, target) => {
    const openJobs = async () =>
      Number(
        (
          await t.db.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM evaluation_jobs WHERE status IN ('queued', 'running')",
          )
        ).rows[0].n,
      );

    it('two instances draining one queue run each job exactly once', async () => {
      const { rows: rules } = await t.db.query<{ id: number }>('SELECT id FROM positive_rules ORDER BY id LIMIT 8');
      expect(rules.length).toBeGreaterThanOrEqual(4);
      await t.db.tx(async (q) => {
        for (const r of rules) await queueEvaluation(q, '测试', [Number(r.id)]);
      });
      vi.mocked(evaluateAll).mockClear();
      // Both instances start on the queue together: the second as it starts, the first on a rule change.
      const [second, created] = await Promise.all([
        secondInstance(t, target),
        t.app.inject({
          method: 'POST',
          url: '/api/positive/setting',
          headers: t.as('staff'),
          payload: {
            names: '双实例测试规则',
            libraryName: '测试',
            gender: 0,
            ageMin: 0,
            ageMax: 150,
            levels: 2,
            judge: 'SBP > 200',
            enabled: true,
          },
        }),
      ]);
      try {
        expect(created.statusCode, created.body).toBe(200);
        for (let i = 0; i < 400 && (await openJobs()) > 0; i++) await new Promise((r) => setTimeout(r, 50));
        expect(await openJobs()).toBe(0);
        const runs = new Map<string, number>();
        for (const [, opts] of vi.mocked(evaluateAll).mock.calls) {
          const key = JSON.stringify(opts?.ruleIds);
          runs.set(key, (runs.get(key) ?? 0) + 1);
        }
        expect(runs.size).toBe(rules.length + 1);
        expect(
          [...runs.values()].every((n) => n === 1),
          JSON.stringify([...runs]),
        ).toBe(true);
        const { rows: jobs } = await t.db.query<{ status: string; attempts: number }>(
          'SELECT status, attempts FROM evaluation_jobs ORDER BY id DESC LIMIT $1',
          [rules.length + 1],
        );
        expect(jobs.every((j) => j.status === 'done' && j.attempts === 1)).toBe(true);
      } finally {
        await second.close();
      }
    });

    it('takes over a job whose instance stopped (its lease ran out), never one still leased', async () => {
      const job = async (claimedBy: string, lease: string) =>
        Number(
          (
            await t.db.query<{ id: number }>(
              `INSERT INTO evaluation_jobs (reason, status, claimed_by, lease_until)
             VALUES ('{"ruleIds":[]}', 'running', $1, now() + $2::interval) RETURNING id`,
              [claimedBy, lease],
            )
          ).rows[0].id,
        );
      const orphan = await job('a stopped instance', '-1 minute');
      const leased = await job('a live instance', '10 minutes');
      const ran: number[] = [];
      const runner = new JobRunner(t.db, t.app.log, {
        table: 'evaluation_jobs',
        name: 'test jobs',
        run: async (j) => {
          ran.push(j.id);
        },
      });
      await runner.drain();
      expect(ran).toEqual([orphan]);
      const { rows } = await t.db.query<{ id: number; status: string; claimed_by: string }>(
        'SELECT id, status, claimed_by FROM evaluation_jobs WHERE id = ANY($1) ORDER BY id',
        [[orphan, leased]],
      );
      expect(rows.map((r) => [Number(r.id), r.status, r.claimed_by === 'a live instance'])).toEqual([
        [orphan, 'done', false],
        [leased, 'running', true],
      ]);
      await t.db.query("UPDATE evaluation_jobs SET status = 'done' WHERE id = $1", [leased]);
    });
  },
);
