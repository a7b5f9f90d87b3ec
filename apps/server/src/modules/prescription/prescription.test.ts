import { beforeAll, expect, it } from 'vitest';
import { withTestApp } from '../../test/suite';

/**
 * 膳食处方 and 运动处方 over the API: proposals from a person's own data on the shipped catalogues, scope,
 * the state machine, one open prescription per kind, bulk generation, and the effect at the next check.
 */
withTestApp(
  'diet and exercise prescriptions on $name',
  { employees: 120, users: ['staff', 'expert', 'employee'] },
  (t) => {
    const { call } = t;
    /** A: 男 45 岁 170 cm 80 kg, SBP 165/95, FPG 6.5 (inside 采油一厂); R: SBP 182 (inside); O: outside. */
    let a: number;
    let r: number;
    let outside: number;
    let own: number;
    let bare: number;

    const check = async (employeeId: number, date: string, values: Record<string, number>) =>
      t.db.query(
        `INSERT INTO health_checks (employee_id, check_date, year, "values") VALUES ($1, $2::date, $3, $4::jsonb)`,
        [employeeId, date, Number(date.slice(0, 4)), JSON.stringify(values)],
      );
    const post = async (url: string, payload: unknown, user: 'staff' | 'expert' | 'employee' = 'staff') =>
      call('POST', url, t.token[user], payload);

    beforeAll(async () => {
      const people = async (cond: string, n: number) =>
        (
          await t.db.query<{ id: number }>(
            `SELECT e.id::int AS id FROM employees e JOIN units u ON u.id = e.unit_id
              WHERE e.deleted_at IS NULL AND ${cond} ORDER BY e.id DESC LIMIT ${n}`,
          )
        ).rows.map((x) => Number(x.id));
      // The suite starts from no prescriptions (the demo's own are checked by the suite below).
      for (const table of ['fitness_prescription_items', 'fitness_prescriptions', 'diet_prescriptions'])
        await t.db.query(`DELETE FROM ${table}`);
      const plant = "(SELECT path FROM units WHERE short_name = '采油一厂')";
      [a, r] = await people(`u.path LIKE ${plant} || '%'`, 2);
      [outside] = await people(`u.path NOT LIKE ${plant} || '%'`, 1);
      own = await t.scalar("SELECT employee_id FROM users WHERE username = 'employee'");
      // A is a man of 45 today; his newest check (2025-12-01) is the one the generator reads.
      await t.db.query(
        "UPDATE employees SET sex = 1, birthday = (current_date - interval '45 years 2 months')::date WHERE id = $1",
        [a],
      );
      await check(a, '2025-12-01', { HEIGHT: 170, WEIGHT: 80, BMI: 27.7, WAIST: 95, SBP: 165, DBP: 95, FPG: 6.5 });
      await check(r, '2025-12-01', { HEIGHT: 165, WEIGHT: 60, SBP: 182, DBP: 100, FPG: 5.1 });
      // A person with neither a check nor a record: no height, no weight.
      const unit = await t.unitId('采油一厂');
      bare = await t.scalar(
        `INSERT INTO employees (unit_id, name, id_card, sex, birthday) VALUES ($1, '无身高', '11010519491231002X', 2, '1980-05-05') RETURNING id`,
        [unit],
      );
    });

    it('proposes a diet prescription from the person’s own check on the shipped catalogues', async () => {
      const res = await post('/api/diet/task/propose', { employeeId: a, constitution: 5 });
      expect(res.statusCode, res.body).toBe(200);
      const d = res.json().data;
      expect(d.employee).toMatchObject({ id: a, sex: 1, age: 45 });
      expect(d.check).toMatchObject({ date: '2025-12-01' });
      // BMI 27.7 → 超重 (25 kcal/kg at light work, assumed and said); 65 × 25 = 1625; Mifflin 1642.5 × 1.4.
      expect(d.energy).toMatchObject({ idealWeight: 65, bodyType: 3, kcalPerKg: 25, target: 1625, deficit: 500 });
      expect(d.energy.mifflin).toEqual({ bmr: 1642.5, pal: 1.4, tee: 2300, withDeficit: 1800 });
      expect(d.cookbook).not.toBeNull();
      const classes = d.principles.map((p: { classify: string }) => p.classify);
      expect(classes).toEqual(expect.arrayContaining(['general', 'hypertension', 'diabetes', 'obesity']));
      expect(d.tcm.length).toBeGreaterThan(0);
      expect(d.constitution).toBe(5);
      expect(d.targets).toEqual(expect.arrayContaining(['SBP', 'DBP', 'FPG', 'WEIGHT']));
      expect(d.adjustments.map((x: { rule: string }) => x.rule)).toEqual(
        expect.arrayContaining(['活动水平', '体型超重/肥胖', '高血压膳食原则']),
      );
      // Moderate work: 30 kcal/kg.
      const moderate = await post('/api/diet/task/propose', { employeeId: a, activityLevel: 3 });
      expect(moderate.json().data.energy).toMatchObject({ kcalPerKg: 30, target: 1950 });
    });

    it('refuses in Chinese what it cannot compute, and people outside the account’s scope', async () => {
      const res = await post('/api/diet/task/propose', { employeeId: bare });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toMatch(/^缺少身高和体重/);
      expect((await post('/api/diet/task/propose', { employeeId: a, activityLevel: 9 })).statusCode).toBe(400);
      expect((await post('/api/diet/task/propose', { employeeId: outside })).statusCode).toBe(404);
      expect((await post('/api/fitness/task/generate', { employeeId: outside })).statusCode).toBe(404);
      // The employee account holds no generation permission.
      expect((await post('/api/diet/task/propose', { employeeId: own }, 'employee')).statusCode).toBe(403);
    });

    it('proposes exercise: grade 2 → no vigorous; BP ≥ 180/110 → refer first, and generation refused', async () => {
      const res = await post('/api/fitness/task/propose', { employeeId: a });
      expect(res.statusCode, res.body).toBe(200);
      const f = res.json().data;
      expect(f).toMatchObject({ referFirst: false, maxIntensity: 2, chinaPar: null });
      expect(f.items.length).toBeGreaterThan(0);
      expect(f.items.every((i: { intensity: number }) => i.intensity <= 2)).toBe(true);
      expect(f.moderateMinutes).toBeGreaterThanOrEqual(150);
      expect(f.adjustments.map((x: { rule: string }) => x.rule)).toContain('2级高血压：不做高强度运动');
      const refer = (await post('/api/fitness/task/propose', { employeeId: r })).json().data;
      expect(refer).toMatchObject({ referFirst: true, items: [], maxIntensity: null });
      expect(refer.adjustments[0].reason).toContain('182/100');
      const gen = await post('/api/fitness/task/generate', { employeeId: r });
      expect(gen.statusCode).toBe(400);
      expect(gen.json().msg).toContain('先转诊');
    });

    it('generates one draft per person and kind; edits it; issue → start → complete; edit after issue is 409', async () => {
      const gen = await post('/api/diet/task/generate', { employeeId: a, constitution: 5 });
      expect(gen.statusCode, gen.body).toBe(200);
      const d = gen.json().data;
      expect(d).toMatchObject({ employeeId: a, status: 1, targetKcal: 1625, bodyType: 3, version: 1 });
      expect(d.plan.days.length).toBeGreaterThan(0);
      expect(d.logs.map((l: { action: string }) => l.action)).toEqual(['生成']);
      // The sheet's texts come with the read (an employee cannot read the catalogues).
      expect(d.age).toBe(45);
      expect(d.principles.map((p: { classify: string }) => p.classify)).toEqual(
        expect.arrayContaining(['hypertension']),
      );
      expect(d.principles[0].contents).toBeTruthy();
      expect(d.tcm.length).toBe(d.tcmIds.length);
      expect(d.tcm[0]).toMatchObject({ name: expect.any(String), configs: expect.any(String) });
      expect(d.adjustments.length).toBeGreaterThan(0);
      const again = await post('/api/diet/task/generate', { employeeId: a });
      expect(again.statusCode).toBe(409);
      expect(again.json().data).toEqual({ id: d.id, status: 1 });
      expect(again.json().msg).toContain(`编号 ${d.id}`);

      const put = (version: number, extra: Record<string, unknown> = {}) =>
        call('PUT', `/api/diet/task/${d.id}`, t.token.staff, {
          targetKcal: 1700,
          cookbookId: d.cookbookId,
          principleIds: d.principleIds,
          tcmIds: d.tcmIds,
          advice: '每日食盐不超过5克',
          version,
          ...extra,
        });
      const edited = await put(1);
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().data).toMatchObject({ targetKcal: 1700, advice: '每日食盐不超过5克', version: 2 });

      const act = (name: string, body: Record<string, unknown> = {}) =>
        post(`/api/diet/task/${d.id}/actions/${name}`, body);
      const badDates = await act('issue', { startDate: '2026-02-01', endDate: '2026-01-01' });
      expect(badDates.statusCode).toBe(400);
      expect(badDates.json().errors).toEqual([{ path: 'endDate', message: '结束日期不能早于开始日期' }]);
      const issued = await act('issue', { startDate: '2025-12-10', endDate: '2026-03-10' });
      expect(issued.statusCode, issued.body).toBe(200);
      expect(issued.json().data).toMatchObject({ status: 2, startDate: '2025-12-10' });
      const late = await put(3);
      expect(late.statusCode).toBe(409);
      expect(late.json().msg).toContain('只有草稿可以修改');
      expect((await call('DELETE', `/api/diet/task/${d.id}`, t.token.staff)).statusCode).toBe(400);
      expect((await act('complete', { outcome: '体重下降' })).statusCode).toBe(409);
      expect((await act('start')).statusCode).toBe(200);
      expect((await act('complete', {})).statusCode).toBe(400);
      expect((await act('complete', { outcome: '体重下降3公斤' })).statusCode).toBe(200);
      const done = (await call('GET', `/api/diet/task/${d.id}`, t.token.staff)).json().data;
      expect(done).toMatchObject({ status: 4, outcome: '体重下降3公斤', issuedByName: '李卫康' });
      expect(done.logs.map((l: { action: string }) => l.action)).toEqual(['生成', '修改', '开具', '开始执行', '完成']);
      const audit = await t.scalar(
        "SELECT count(*) FROM audit_log WHERE resource = 'dietPrescription' AND record_id = $1 AND action IN ('issue', 'start', 'complete')",
        [String(d.id)],
      );
      expect(audit).toBe(3);
      // Completed: a new one may be generated, and voided.
      const next = await post('/api/diet/task/generate', { employeeId: a });
      expect(next.statusCode).toBe(200);
      const voided = await post(`/api/diet/task/${next.json().data.id}/actions/void`, { reason: '重复生成' });
      expect(voided.statusCode, voided.body).toBe(200);
      expect(voided.json().data.status).toBe(5);
    });

    it('lets the employee account see its own prescriptions once issued, never drafts, never others', async () => {
      await check(own, '2025-12-02', { HEIGHT: 172, WEIGHT: 66, SBP: 118, DBP: 76 });
      const gen = await post('/api/fitness/task/generate', { employeeId: own });
      expect(gen.statusCode, gen.body).toBe(200);
      const id = gen.json().data.id;
      const list = async () => (await call('GET', '/api/fitness/task', t.token.employee, undefined)).json().data;
      expect((await list()).total).toBe(0);
      expect((await call('GET', `/api/fitness/task/${id}`, t.token.employee)).statusCode).toBe(404);
      const issued = await post(`/api/fitness/task/${id}/actions/issue`, {
        startDate: '2025-12-10',
        endDate: '2026-02-10',
      });
      expect(issued.statusCode, issued.body).toBe(200);
      const mine = await list();
      expect(mine.total).toBe(1);
      expect(mine.records[0]).toMatchObject({ id, status: 2, employeeId: own });
      const read = await call('GET', `/api/fitness/task/${id}`, t.token.employee);
      expect(read.statusCode).toBe(200);
      expect(read.json().data.items.length).toBeGreaterThan(0);
      expect(read.json().data.items[0]).toMatchObject({ name: expect.any(String), intensity: expect.any(Number) });
      expect(read.json().data.principles.length).toBeGreaterThan(0);
      // Read-only, and only its own.
      expect((await post(`/api/fitness/task/${id}/actions/start`, {}, 'employee')).statusCode).toBe(403);
      const other = await post('/api/fitness/task/generate', { employeeId: a });
      expect(other.statusCode, other.body).toBe(200);
      await post(`/api/fitness/task/${other.json().data.id}/actions/issue`, {
        startDate: '2025-12-10',
        endDate: '2026-02-10',
      });
      expect((await call('GET', `/api/fitness/task/${other.json().data.id}`, t.token.employee)).statusCode).toBe(404);
      // Staff of 采油一厂 does not reach a prescription of another plant (made by the company-wide expert).
      const far = await post('/api/diet/task/generate', { employeeId: outside }, 'expert');
      if (far.statusCode === 200) {
        expect((await call('GET', `/api/diet/task/${far.json().data.id}`, t.token.staff)).statusCode).toBe(404);
        expect((await post(`/api/diet/task/${far.json().data.id}/actions/void`, { reason: 'x' })).statusCode).toBe(404);
      } else expect(far.json().msg).toMatch(/^缺少/);
    });

    it('edits the weekly plan of an exercise draft: lines checked against the catalogue, totals follow', async () => {
      const gen = await post('/api/fitness/task/generate', { employeeId: bare });
      // No check at all: the general plan (nothing to refuse).
      expect(gen.statusCode, gen.body).toBe(200);
      const f = gen.json().data;
      const walk = await t.scalar('SELECT id FROM fitness_items WHERE met_value BETWEEN 3 AND 5.9 ORDER BY id LIMIT 1');
      const met = await t.scalar('SELECT met_value FROM fitness_items WHERE id = $1', [walk]);
      const put = (items: unknown[]) =>
        call('PUT', `/api/fitness/task/${f.id}`, t.token.staff, { items, advice: null, version: f.version });
      const bad = await put([{ itemId: 999999, minutes: 30, sessionsPerWeek: 5 }]);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual([{ path: 'items.0.itemId', message: '运动项目不存在或已删除' }]);
      const ok = await put([{ itemId: walk, minutes: 40, sessionsPerWeek: 4 }]);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data).toMatchObject({
        weeklyMinutes: 160,
        moderateMinutes: 160,
        metMinutes: Math.round(met * 160),
      });
      expect(ok.json().data.items[0]).toMatchObject({ itemId: walk, minutes: 40, sessionsPerWeek: 4, met });
      expect((await call('DELETE', `/api/fitness/task/${f.id}`, t.token.staff)).statusCode).toBe(200);
    });

    it('reads the effect at the first check after issue, and sums it per unit', async () => {
      const gen = await post('/api/diet/task/generate', { employeeId: a });
      expect(gen.statusCode, gen.body).toBe(200);
      const id = gen.json().data.id;
      const before = await call('GET', `/api/diet/task/${id}/effect`, t.token.staff);
      expect(before.json().data).toMatchObject({ baseline: { date: '2025-12-01' }, after: null });
      await post(`/api/diet/task/${id}/actions/issue`, { startDate: '2025-12-10', endDate: '2026-03-10' });
      await t.db.query("UPDATE diet_prescriptions SET issued_at = '2025-12-10 10:00+08' WHERE id = $1", [id]);
      // The check on the day of issue is not "after"; the next one is.
      await check(a, '2026-03-01', { HEIGHT: 170, WEIGHT: 77, BMI: 26.6, WAIST: 95, SBP: 150, DBP: 96, FPG: 6.5 });
      await check(a, '2026-09-01', { HEIGHT: 170, WEIGHT: 75, BMI: 26, SBP: 140, DBP: 90, FPG: 6.0 });
      const res = await call('GET', `/api/diet/task/${id}/effect`, t.token.staff);
      expect(res.statusCode, res.body).toBe(200);
      const e = res.json().data;
      expect(e.after).toMatchObject({ date: '2026-03-01' });
      const by = Object.fromEntries(e.indicators.map((i: { code: string }) => [i.code, i]));
      expect(by.SBP).toMatchObject({ before: 165, after: 150, change: -15, better: 'down', improved: true });
      expect(by.DBP).toMatchObject({ before: 95, after: 96, change: 1, improved: false });
      expect(by.FPG).toMatchObject({ change: 0, improved: false });
      expect(by.WEIGHT).toMatchObject({ before: 80, after: 77, change: -3, improved: true });
      expect(by.HBA1C).toMatchObject({ before: null, after: null, improved: null });
      expect(e.trend.map((p: { date: string }) => p.date)).toEqual(
        expect.arrayContaining(['2025-12-01', '2026-09-01']),
      );
      expect(e.trend.find((p: { date: string }) => p.date === '2026-09-01').values).toMatchObject({ SBP: 140 });

      const sum = await call('GET', '/api/prescriptions/effect-summary?kind=diet&year=2025', t.token.staff);
      expect(sum.statusCode, sum.body).toBe(200);
      expect(sum.json().definition).toContain('改善率');
      const unitOfA = await t.scalar('SELECT unit_id FROM employees WHERE id = $1', [a]);
      const row = sum.json().data.find((x: { unitId: number }) => x.unitId === unitOfA);
      // SBP, WEIGHT, BMI better; DBP worse; FPG unchanged → improved.
      expect(row).toMatchObject({ issued: 1, withNextCheck: 1, improved: 1, rate: 100 });
      expect(
        (await call('GET', '/api/prescriptions/effect-summary?kind=diet&year=2024', t.token.staff)).json().data,
      ).toEqual([]);
      expect((await call('GET', '/api/prescriptions/effect-summary?kind=diet', t.token.employee)).statusCode).toBe(403);
    });

    it('generates in bulk in the background: progress, created and skipped counted, never twice', async () => {
      const start = async (filter: Record<string, unknown>) => {
        const res = await post('/api/prescriptions/generate-jobs', filter);
        expect(res.statusCode, res.body).toBe(200);
        const jobId = res.json().data.jobId;
        let job: { status: string; total: number; done: number; created: number; skipped: number } | undefined;
        for (let i = 0; i < 200; i++) {
          job = (await call('GET', `/api/prescriptions/generate-jobs/${jobId}`, t.token.staff)).json().data;
          if (job?.status === 'done' || job?.status === 'failed') break;
          await new Promise((ok) => setTimeout(ok, 50));
        }
        return job!;
      };
      const inPlant =
        "e.unit_id IN (SELECT id FROM units WHERE path LIKE (SELECT path FROM units WHERE short_name = '采油一厂') || '%')";
      // The grouping-tag filter: people of the staff's plant whose latest blood-pressure level is ≥ 1.
      const withBp = await t.scalar(
        `SELECT count(*) FROM employees e
           JOIN LATERAL (SELECT bp FROM person_tags p WHERE p.employee_id = e.id ORDER BY year DESC LIMIT 1) pt ON true
          WHERE e.deleted_at IS NULL AND pt.bp >= 1 AND ${inPlant}`,
      );
      const tagged = await start({ kind: 'diet', tag: 'bp', minLevel: 1 });
      expect(tagged).toMatchObject({ status: 'done', total: withBp, done: withBp });
      expect(tagged.created + tagged.skipped).toBe(withBp);

      // Everyone of a unit (the staff's plant): exercise drafts for all but the open and the refused.
      const everyone = await t.scalar(`SELECT count(*) FROM employees e WHERE e.deleted_at IS NULL AND ${inPlant}`);
      const before = await t.scalar('SELECT count(*) FROM fitness_prescriptions');
      const unitId = await t.unitId('采油一厂');
      const first = await start({ kind: 'fitness', unitId });
      expect(first).toMatchObject({ status: 'done', total: everyone, done: everyone });
      expect(first.created + first.skipped).toBe(everyone);
      expect(first.created).toBeGreaterThan(0);
      expect(await t.scalar('SELECT count(*) FROM fitness_prescriptions')).toBe(before + first.created);
      const second = await start({ kind: 'fitness', unitId });
      expect(second).toMatchObject({ status: 'done', total: everyone, created: 0, skipped: everyone });
      expect(
        await t.scalar(
          'SELECT count(*) FROM (SELECT employee_id FROM fitness_prescriptions WHERE status IN (1, 2, 3) AND deleted_at IS NULL GROUP BY employee_id HAVING count(*) > 1) x',
        ),
      ).toBe(0);
      // Another account's job is not theirs to read.
      expect((await call('GET', '/api/prescriptions/generate-jobs/1', t.token.expert)).statusCode).toBe(404);
      const bad = await post('/api/prescriptions/generate-jobs', { kind: 'diet', tag: 'bp', minLevel: 5 });
      expect(bad.statusCode).toBe(400);
    });
  },
);

withTestApp('demo prescriptions on $name', { employees: 600, users: ['expert'] }, (t) => {
  it('gives part of the people with abnormal tags prescriptions in every state, issued before a later check', async () => {
    const states = new Set<number>();
    for (const kind of ['diet', 'fitness']) {
      const { rows } = await t.db.query<{ status: number }>(`SELECT DISTINCT status FROM ${kind}_prescriptions`);
      for (const r of rows) states.add(r.status);
      // Every issued one has its log, and no person holds two open ones.
      expect(
        await t.scalar(
          `SELECT count(*) FROM ${kind}_prescriptions p WHERE p.status > 1 AND NOT EXISTS (
             SELECT 1 FROM prescription_logs l WHERE l.kind = $1 AND l.prescription_id = p.id AND l.action IN ('开具', '作废'))`,
          [kind],
        ),
      ).toBe(0);
    }
    // (Voided drafts are few: at 600 people one kind may have none.)
    expect([...states].sort()).toEqual([1, 2, 3, 4, 5]);
    // The company-wide expert: effect numbers exist (issued after a 2024 check, read at the 2025 one).
    const summary = await t.call('GET', '/api/prescriptions/effect-summary?kind=diet', t.token.expert);
    expect(summary.statusCode, summary.body).toBe(200);
    const rows = summary.json().data as { withNextCheck: number; improved: number }[];
    expect(rows.reduce((s, r) => s + r.withNextCheck, 0)).toBeGreaterThan(0);
    // Issued diet prescriptions carry their plan; drafts read their cookbook's.
    expect(await t.scalar('SELECT count(*) FROM diet_prescriptions WHERE status IN (2, 3, 4) AND plan IS NULL')).toBe(
      0,
    );
    const list = await t.call('GET', '/api/fitness/task?pageSize=5', t.token.expert);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.total).toBeGreaterThan(0);
  });
});
