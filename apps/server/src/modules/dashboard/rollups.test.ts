import { ABNORMALITY_CRITERIA, COMPLETION_INDICATORS, HEALTH_PACKAGE_TITLE, INDICATOR_TABLE_ROWS } from '@peis/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildRollups, refreshRollups } from '../../lib/dashboard-rollup-refresh';
import type { SessionUser } from '../../plugins/auth';
import { resolveSession } from '../../plugins/auth';
import { createTestApp, TEST_DATABASES, type TestApp } from '../../test/harness';
import { rawDashboard } from './raw';
import { rollupDashboard } from './rollups';

/**
 * The rollups must equal the raw aggregates exactly, whatever writes happened: every dashboard call
 * answered from the rollups is compared with the hand-written queries over the raw tables, for the whole
 * company, a unit filter and a scoped account, after each kind of write; and the rollups kept up to date by
 * the triggers are compared with a rebuild from scratch.
 */
describe.each(TEST_DATABASES)('dashboard rollups on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let staffId: number;
  const users: Record<string, SessionUser> = {};
  const call = (method: string, url: string, token: string, payload?: unknown) =>
    t.app.inject({ method: method as 'GET', url, headers: t.auth(token), payload: payload as object });
  const ok = async (method: string, url: string, token: string, payload?: unknown) => {
    const res = await call(method, url, token, payload);
    expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(200);
    return res.json().data;
  };
  const scalar = async (sql: string, params: unknown[] = []) =>
    Number(Object.values((await t.db.query(sql, params)).rows[0])[0]);
  const waitJobs = async () => {
    for (let i = 0; i < 400; i++) {
      const jobs = await ok('GET', '/api/positive/jobs', staff);
      if (jobs.every((j: { status: string }) => j.status === 'done')) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('re-evaluation did not finish');
  };

  /** Every call, for several years, targets and filters, and two accounts: rollups vs raw. */
  async function expectRollupsEqualRaw() {
    const fromRollups = rollupDashboard(t.db);
    const filters = [{}, { companyName: '第一采油厂' }, { companyName: '采油二厂' }, { companyName: '保卫部' }];
    for (const user of [users.admin, users.staff]) {
      for (const f of filters) {
        if (user === users.staff && f.companyName && f.companyName !== '第一采油厂') continue; // outside its scope
        const same = async <K extends keyof typeof rawDashboard>(
          name: K,
          query: Parameters<(typeof rawDashboard)[K]>[2],
        ) => {
          // biome-ignore lint/suspicious/noExplicitAny: each call is compared with its own twin
          const viaRollups = await (fromRollups[name] as any)(t.db, user, query);
          // biome-ignore lint/suspicious/noExplicitAny: as above
          const viaRaw = await (rawDashboard[name] as any)(t.db, user, query);
          expect(viaRollups, `${name} ${JSON.stringify(query)} as ${user.username}`).toEqual(viaRaw);
        };
        for (const year of [2023, 2024, 2025, 2026]) {
          for (const ind of COMPLETION_INDICATORS) {
            await same('wanchengdu', { ...f, indicator: ind.key, year });
            await same('jiankangzhibiao', { ...f, target: ind.title, year });
          }
          await same('jiankangzhibiao', { ...f, target: HEALTH_PACKAGE_TITLE, year });
          await same('ygjkzb', { ...f, year });
          await same('fxys', { ...f, year });
          await same('fxrq', { ...f, year });
        }
        for (const ind of COMPLETION_INDICATORS) await same('zhibiaoxiajianglv', { ...f, target: ind.title });
      }
    }
  }

  /** The rollups as the marks left them, then rebuilt from nothing: the same rows. */
  async function expectIncrementalEqualsRebuild() {
    await refreshRollups(t.db);
    const snapshot = async () =>
      (
        await t.db.query(
          'SELECT unit_id, year, metric, band, sex, n FROM dashboard_rollups ORDER BY year, unit_id, metric, band, sex',
        )
      ).rows;
    const kept = await snapshot();
    await rebuildRollups(t.db);
    expect(await snapshot()).toEqual(kept);
    expect(kept.length).toBeGreaterThan(0);
  }

  beforeAll(async () => {
    t = await createTestApp(target, { employees: 240 });
    admin = await t.login('admin');
    staff = await t.login('staff');
    staffId = await scalar("SELECT id FROM users WHERE username = 'staff'");
    users.admin = await resolveSession(t.db, t.config, `Bearer ${admin}`);
    users.staff = await resolveSession(t.db, t.config, `Bearer ${staff}`);
  }, 120_000);
  afterAll(() => t?.close());

  it('equal the raw aggregates on the demo data, and a rebuild', async () => {
    await expectRollupsEqualRaw();
    await expectIncrementalEqualsRebuild();
  });

  it('count each pie slice as the people in the union of its indicator-table rows, per year and unit', async () => {
    // The demo has one check per person and year, so the table's person-times are people.
    expect(
      await scalar(
        'SELECT count(*) FROM (SELECT 1 FROM health_checks GROUP BY employee_id, year HAVING count(*) > 1) x',
      ),
    ).toBe(0);
    for (const year of [2023, 2024, 2025]) {
      for (const unit of ['', '第一采油厂', '采油二厂', '保卫部']) {
        const q = `year=${year}${unit ? `&companyName=${encodeURIComponent(unit)}` : ''}`;
        const pie: { name: string; value: number }[] = await ok('GET', `/api/company/dashboard/fxys?${q}`, admin);
        const table: { id: number; heji: number }[] = await ok('GET', `/api/company/dashboard/ygjkzb?${q}`, admin);
        for (const a of Object.values(ABNORMALITY_CRITERIA)) {
          const rows = INDICATOR_TABLE_ROWS.filter((r) => r.abnormality === a.key);
          const union = await scalar(
            `SELECT count(DISTINCT c.employee_id) FROM health_checks c JOIN employees e ON e.id = c.employee_id
              WHERE c.deleted_at IS NULL AND e.deleted_at IS NULL AND c.year = $1 AND (${rows.map((r) => r.sql).join(' OR ')})
                AND ($2 = '' OR e.unit_id IN (SELECT id FROM units WHERE path LIKE
                       (SELECT path FROM units WHERE name = $2 OR short_name = $2 ORDER BY id LIMIT 1) || '%'))`,
            [year, unit],
          );
          const slice = pie.find((x) => x.name === a.label)!.value;
          expect(slice, `${a.label} ${year} ${unit || '全部'}`).toBe(union);
          // Rows that cannot overlap (blood-pressure grades, uric acid, overweight/obese): the slice is their sum.
          if (a.key === 'bp' || a.key === 'ua' || a.key === 'weight') {
            const sum = table.filter((r) => a.rows.includes(r.id)).reduce((n, r) => n + r.heji, 0);
            expect(slice, `${a.label} ${year} ${unit || '全部'} = table`).toBe(sum);
          }
          if (year === 2025 && !unit) expect(slice, a.label).toBeGreaterThan(0);
        }
      }
    }
  });

  it('follow a check entered, corrected and deleted', async () => {
    const person = await scalar(
      `SELECT e.id FROM employees e JOIN units u ON u.id = e.unit_id
        WHERE u.path LIKE (SELECT path FROM units WHERE name = '第一采油厂') || '%' ORDER BY e.id LIMIT 1`,
    );
    const before = (await rollupDashboard(t.db).fxys(t.db, users.admin, { year: 2026 })).find(
      (x) => x.name === '血压异常',
    )!.value;
    const check = await ok('POST', '/api/phr/check', staff, {
      employeeId: person,
      checkDate: '2026-03-10',
      values: { SBP: 172, DBP: 104, FPG: 7.4, TC: 6.5, UA: 500, HEIGHT: 170, WEIGHT: 90 },
    });
    const after = (await rollupDashboard(t.db).fxys(t.db, users.admin, { year: 2026 })).find(
      (x) => x.name === '血压异常',
    )!.value;
    expect(after).toBe(before + 1);
    await expectRollupsEqualRaw();
    await ok('PUT', `/api/phr/check/${check.id}`, staff, {
      checkDate: '2026-03-10',
      values: { SBP: 118, DBP: 76 },
      version: 1,
    });
    await expectRollupsEqualRaw();
    await ok('DELETE', `/api/phr/check/${check.id}`, staff);
    await expectRollupsEqualRaw();
    await expectIncrementalEqualsRebuild();
  });

  it('follow an imported sheet', async () => {
    const { rows } = await t.db.query<{ id_card: string; name: string }>(
      `SELECT e.id_card, e.name FROM employees e JOIN units u ON u.id = e.unit_id
        WHERE u.path LIKE (SELECT path FROM units WHERE name = '第一采油厂') || '%' ORDER BY e.id LIMIT 30`,
    );
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('体检');
    ws.addRow(['身份证号', '姓名', '体检日期', '收缩压', '舒张压', '空腹血糖', '总胆固醇']);
    rows.forEach((r, i) => {
      ws.addRow([r.id_card, r.name, '2026-05-20', 120 + i * 2, 70 + i, 5 + i * 0.1, 4 + i * 0.1]);
    });
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const boundary = '----rollups';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/phr/check/import',
      headers: { ...t.auth(staff), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.created, res.body).toBe(30);
    await expectRollupsEqualRaw();
  });

  it('follow a task completed, contracts generated, signed and completed', async () => {
    const finding = (await ok('GET', '/api/positive/new?year=2025&libraryName=血压&pageSize=1', staff)).records[0];
    await ok('POST', '/api/positive/new/confirm', staff, {
      ids: [finding.id],
      assigneeId: staffId,
      dueDate: '2099-01-01',
    });
    const task = (await ok('GET', `/api/positive/task?employeeId=${finding.employeeId}`, staff)).records.find(
      (x: { findingId: number }) => x.findingId === finding.id,
    );
    const ring = () => rollupDashboard(t.db).wanchengdu(t.db, users.admin, { indicator: 'gaoxueya1', year: 2025 });
    const doneBefore = (await ring()).done;
    await ok('POST', `/api/positive/task/${task.id}/log`, staff, { action: 'close', note: '复查正常，结案' });
    expect((await ring()).done).toBe(doneBefore + 1);
    await expectRollupsEqualRaw();

    await ok('POST', '/api/contract/generate', staff, { year: 2026 });
    const c = (await ok('GET', '/api/contract?year=2026&pageSize=1', staff)).records[0];
    await ok('POST', `/api/contract/${c.id}/sign`, staff, { version: c.version });
    await ok('POST', `/api/contract/${c.id}/complete`, staff, { version: c.version + 1 });
    await expectRollupsEqualRaw();
    await expectIncrementalEqualsRebuild();
  });

  it('follow an employee moved to another unit and one deleted', async () => {
    const [a, b] = (
      await t.db.query<{ id: number }>(
        `SELECT e.id FROM employees e JOIN person_tags t ON t.employee_id = e.id AND t.year = 2025 AND t.bp > 0
          JOIN units u ON u.id = e.unit_id WHERE u.short_name = '采油二厂' ORDER BY e.id LIMIT 2`,
      )
    ).rows;
    const target = await scalar("SELECT id FROM units WHERE short_name = '保卫部'");
    const decline = () =>
      rollupDashboard(t.db).zhibiaoxiajianglv(t.db, users.admin, { target: '高血压', companyName: '保卫部' });
    const before = (await decline())[0]?.count2025 ?? 0;
    await ok('POST', '/api/account/transfer', admin, {
      employeeIds: [Number(a.id)],
      toUnitId: target,
      reason: '调动',
      effectiveDate: '2025-07-01',
    });
    expect((await decline())[0].count2025).toBe(before + 1);
    await expectRollupsEqualRaw();
    await ok('DELETE', `/api/account/${b.id}`, admin);
    await expectRollupsEqualRaw();
    await expectIncrementalEqualsRebuild();
  });

  it('follow a rule moved to another library (background re-evaluation)', async () => {
    const rule = (await ok('GET', '/api/positive/setting?pageSize=100', staff)).records.find(
      (r: { libraryName: string }) => r.libraryName === '血压',
    );
    await ok('PUT', `/api/positive/setting/${rule.id}`, staff, { ...rule, libraryName: '血压复核' });
    await waitJobs();
    await expectRollupsEqualRaw();
    await expectIncrementalEqualsRebuild();
  });

  it('answer the HTTP calls from the rollups', async () => {
    const data = (await call('GET', '/api/company/dashboard/fxrq?year=2025', admin)).json().data;
    expect(data).toEqual(await rawDashboard.fxrq(t.db, users.admin, { year: 2025 }));
    expect(await scalar('SELECT count(*) FROM rollup_marks')).toBe(0);
  });
});
