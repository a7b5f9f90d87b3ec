import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ImportRun } from '../../crud/import-run';
import { resolveSession, type SessionUser } from '../../plugins/auth';
import { createTestApp, TEST_DATABASES, type TestApp } from '../../test/harness';
import { multipartFile, secondInstance } from '../../test/instances';
import { sheet as sheetNamed } from '../../test/xlsx';

const sheet = (rows: unknown[][]) => sheetNamed(rows, '体检数据');

import { importChecks } from './import';
import { loadIndicators } from './indicators';

describe.each(TEST_DATABASES)(
  'check imports: audit kept as batches commit, progress in the database, on $name',
  (target) => {
    let t: TestApp;
    let staff: string;
    let user: SessionUser;
    let people: { id: number; id_card: string; name: string }[];
    const rowsFor = (date: string) => [
      ['身份证号', '姓名', '体检日期', 'SBP', 'DBP'],
      ...people.map((p) => [p.id_card, p.name, date, 120, 80]),
    ];
    // A fault of the database on one person's check, as a disk or a lost connection would give mid-import.
    const failOn = async (employeeId: number | null) => {
      await t.db.exec(`CREATE OR REPLACE FUNCTION test_fail_import() RETURNS trigger AS $$
      BEGIN
        IF NEW.employee_id = ${employeeId ?? 0} THEN RAISE EXCEPTION 'injected failure'; END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql;
      DROP TRIGGER IF EXISTS test_fail_import ON health_checks;
      CREATE TRIGGER test_fail_import BEFORE INSERT ON health_checks FOR EACH ROW EXECUTE FUNCTION test_fail_import();`);
    };
    const lastImportAudit = async () =>
      (
        await t.db.query<{ success: boolean; after: Record<string, unknown> }>(
          "SELECT success, after FROM audit_log WHERE action = 'import' AND resource = 'check' ORDER BY id DESC LIMIT 1",
        )
      ).rows[0];

    beforeAll(async () => {
      t = await createTestApp(target, { employees: 80 });
      staff = await t.login('staff');
      user = await resolveSession(t.db, t.config, `Bearer ${staff}`);
      people = (
        await t.db.query<{ id: number; id_card: string; name: string }>(
          `SELECT e.id, e.id_card, e.name FROM employees e JOIN units u ON u.id = e.unit_id
          WHERE e.deleted_at IS NULL AND u.path LIKE $1 ORDER BY e.id LIMIT 6`,
          [`${user.unitPath}%`],
        )
      ).rows.map((p) => ({ ...p, id: Number(p.id) }));
      expect(people).toHaveLength(6);
    });
    afterAll(async () => {
      await t?.db.exec('DROP TRIGGER IF EXISTS test_fail_import ON health_checks').catch(() => undefined);
      await t?.close();
    });

    it('an import that fails after its first batch leaves an audit entry saying how many rows were committed', async () => {
      const defs = await loadIndicators(t.db);
      await failOn(people[3].id); // the second batch of two rows holds people[2] and people[3]
      onTestFinished(() => failOn(null));
      const req = { user, ip: '127.0.0.1' } as unknown as FastifyRequest;
      const run = await ImportRun.start(t.db, req, { resource: 'check', fileName: '中途失败.xlsx' });
      const file = await sheet(rowsFor('2026-03-02'));
      await expect(
        importChecks(t.db, user, Readable.from([file]), defs, {
          canEdit: true,
          batchSize: 2,
          onCommitted: async (q, progress) => {
            await run.committed(q, progress);
          },
        }).catch(async (err) => {
          await run.fail(t.db, err);
          throw err;
        }),
      ).rejects.toThrow('injected failure');
      const { rows } = await t.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM health_checks WHERE check_date = '2026-03-02'",
      );
      expect(rows[0].n).toBe(2);
      expect(await lastImportAudit()).toMatchObject({
        success: false,
        after: { status: 'failed', rowsCommitted: 2, created: 2, error: 'injected failure' },
      });
    });

    it('the import route puts an import that fails on record in the audit log', async () => {
      await failOn(people[0].id);
      try {
        const failing = multipartFile('失败.xlsx', await sheet(rowsFor('2026-03-03')));
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/phr/check/import',
          payload: failing.payload,
          headers: { ...failing.headers, ...t.auth(staff) },
        });
        expect(res.statusCode).toBe(500);
        expect(await lastImportAudit()).toMatchObject({
          success: false,
          after: { status: 'failed', rowsCommitted: 0, created: 0 },
        });
      } finally {
        await failOn(null);
      }
    });

    it('a second server instance answers the progress poll of an import made on the first', async () => {
      const second = await secondInstance(t, target);
      try {
        const upload = multipartFile('体检.xlsx', await sheet(rowsFor('2026-03-04')));
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/phr/check/import?importId=two-instances',
          payload: upload.payload,
          headers: { ...upload.headers, ...t.auth(staff) },
        });
        expect(res.statusCode, res.body).toBe(200);
        const poll = await second.app.inject({
          url: '/api/phr/check/import/progress?importId=two-instances',
          headers: t.auth(staff),
        });
        expect(poll.json().data).toEqual({ rowsRead: 6, done: true });
        expect(await lastImportAudit()).toMatchObject({
          success: true,
          after: { status: 'done', rowsCommitted: 6, created: 6, total: 6 },
        });
      } finally {
        await second.close();
      }
    });
  },
);
