import { expect, it } from 'vitest';
import { loadConfig } from '../config';
import { RESET_DEMO_DATA_SQL, seed } from '../db/seed';
import { withTestApp } from '../test/suite';

/** `npm run demo -- --reset` and the kept bench database empty the demo data and load a new population. */
withTestApp('demo reset', { employees: 30 }, (t) => {
  it('loads a second population after the reset, its intervention models included', async () => {
    const count = async (sql: string) => Number((await t.db.query<{ n: number }>(sql)).rows[0].n);
    expect(await count('SELECT count(*)::int AS n FROM intervention_models')).toBe(5);
    await t.db.exec(RESET_DEMO_DATA_SQL);
    expect(await count('SELECT count(*)::int AS n FROM intervention_models')).toBe(0);
    await seed(t.db, loadConfig({ NODE_ENV: 'test' }), { employees: 45 });
    expect(await count('SELECT count(*)::int AS n FROM employees WHERE deleted_at IS NULL')).toBe(45);
    expect(await count('SELECT count(*)::int AS n FROM intervention_models')).toBe(5);
  });
});
