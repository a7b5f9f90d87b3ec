import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../test/harness';
import { openDb } from './client';

describe.each(TEST_DATABASES)('transaction time limits on $name', (target) => {
  it('ends a transaction left waiting between statements, rolls it back, and keeps answering', async () => {
    const db = await openDb({
      url: target.url,
      schema: target.url ? `test_${randomBytes(6).toString('hex')}` : undefined,
      txIdleTimeoutMs: 300,
    });
    try {
      await db.exec('CREATE TABLE tx_limit (x int)');
      let release: () => void = () => undefined;
      const client = new Promise<void>((resolve) => {
        release = resolve;
      });
      // A transaction that waits on something else (a slow client) after its first statement.
      const stuck = db.tx(async (q) => {
        await q.query('INSERT INTO tx_limit VALUES (1)');
        await client;
        await q.query('INSERT INTO tx_limit VALUES (2)');
      });
      // Only so that a missing limit fails this test instead of hanging it.
      const fallback = setTimeout(release, 5000);
      await expect(stuck).rejects.toMatchObject({ statusCode: 503, message: '数据库操作超时，请稍后重试' });
      release();
      clearTimeout(fallback);
      expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM tx_limit')).rows[0].n).toBe(0);
      // A transaction that keeps working is not cut short.
      await db.tx(async (q) => {
        for (let i = 0; i < 5; i++) {
          await q.query('INSERT INTO tx_limit VALUES ($1)', [i]);
          await new Promise((r) => setTimeout(r, 100));
        }
      });
      expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM tx_limit')).rows[0].n).toBe(5);
    } finally {
      await db.close();
    }
  });
});
