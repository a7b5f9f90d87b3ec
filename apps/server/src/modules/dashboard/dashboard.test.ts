import { conditionHolds, INDICATOR_ROW_CRITERIA, INDICATOR_TABLE_ROWS } from '@peis/shared';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { evaluateChecks } from '../../lib/rule-evaluation';
import { withTestApp } from '../../test/suite';

const NORMAL = { SBP: 110, DBP: 70, TC: 4.5, TG: 1.0, LDLC: 2.5, HDLC: 1.3, FPG: 5.0, HBA1C: 5.2, UA: 300, BMI: 22 };

/** A small known population: every widget's numbers below follow from these four people by hand. */
const PEOPLE = [
  {
    key: 'p1',
    name: '甲',
    sex: 1,
    idCard: '110105199001010010',
    birthday: '1990-01-01',
    unit: '采油二厂',
    checks: { 2025: { SBP: 150, DBP: 85, TC: 5.5, BMI: 25 }, 2024: { SBP: 150 } },
  },
  {
    key: 'p2',
    name: '乙',
    sex: 2,
    idCard: '110105199505050024',
    birthday: '1995-05-05',
    unit: '采油二厂',
    checks: { 2025: { SBP: 125, DBP: 75, UA: 360, FPG: 6.5 }, 2024: { SBP: 165 } },
  },
  {
    key: 'p3',
    name: '丙',
    sex: 1,
    idCard: '110105197003030016',
    birthday: '1970-03-03',
    unit: '保卫部',
    checks: { 2025: { SBP: 185, FPG: 7.5, HBA1C: 7, BMI: 29, HDLC: 0.9 } },
  },
  {
    key: 'p4',
    name: '丁',
    sex: 2,
    idCard: '110105198001010024',
    birthday: '1980-01-01',
    unit: '保卫部',
    checks: { 2025: {} },
  },
] as const;

withTestApp('company dashboard on $name', { employees: 0, users: ['admin'] }, (t) => {
  const ids: Record<string, number> = {};
  const get = async (url: string, token = t.token.admin) => {
    const res = await t.app.inject({ url, headers: t.auth(token) });
    expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    return res.json().data;
  };

  beforeAll(async () => {
    const checkIds: number[] = [];
    for (const p of PEOPLE) {
      const unit = (await t.db.query<{ id: number }>('SELECT id FROM units WHERE short_name = $1', [p.unit])).rows[0]
        .id;
      const { rows } = await t.db.query<{ id: number }>(
        'INSERT INTO employees (unit_id, name, id_card, sex, birthday) VALUES ($1, $2, $3, $4, $5::date) RETURNING id',
        [unit, p.name, p.idCard, p.sex, p.birthday],
      );
      ids[p.key] = Number(rows[0].id);
      for (const [year, v] of Object.entries(p.checks)) {
        const c = await t.db.query<{ id: number }>(
          `INSERT INTO health_checks (employee_id, check_date, year, "values") VALUES ($1, $2::date, $3, $4::jsonb) RETURNING id`,
          [ids[p.key], `${year}-06-01`, Number(year), JSON.stringify({ ...NORMAL, ...v })],
        );
        checkIds.push(Number(c.rows[0].id));
      }
    }
    await t.db.tx((q) => evaluateChecks(q, checkIds));
    // p1's blood-pressure finding of 2025 worked through to a completed task.
    await t.db.query(
      `INSERT INTO positive_tasks (finding_id, employee_id, due_date, status)
       SELECT f.id, f.employee_id, DATE '2025-12-31', 3 FROM positive_findings f JOIN positive_rules r ON r.id = f.rule_id
        WHERE f.employee_id = $1 AND f.year = 2025 AND r.library_name = '血压'`,
      [ids.p1],
    );
    await t.app.inject({
      method: 'POST',
      url: '/api/contract/generate',
      headers: t.auth(await t.login('staff')),
      payload: { year: 2025 },
    });
    await t.db.query(
      `INSERT INTO service_contracts (employee_id, year, level) SELECT employee_id, year,
         CASE risk_level WHEN '健康' THEN 1 WHEN '风险' THEN 1 WHEN '异常' THEN 2 ELSE 3 END FROM person_tags WHERE year = 2025
       ON CONFLICT DO NOTHING`,
    );
    await t.db.query('UPDATE service_contracts SET status = 2 WHERE employee_id = $1', [ids.p1]);
  });

  it('counts the rings: flagged people, done = management task completed', async () => {
    expect(await get('/api/company/dashboard/wanchengdu/gaoxueya1?year=2025')).toEqual({ todo: 1, done: 1, rate: 50 });
    expect(await get('/api/company/dashboard/wanchengdu/gaoxuetang1?year=2025')).toEqual({ todo: 2, done: 0, rate: 0 });
    // 乙 (woman, UA 360 > 357) is in the table's uric-acid row, so the ring counts her too.
    expect(await get('/api/company/dashboard/wanchengdu/gaoniaosuan1?year=2025')).toEqual({
      todo: 1,
      done: 0,
      rate: 0,
    });
    expect(
      (await t.app.inject({ url: '/api/company/dashboard/wanchengdu/nope', headers: t.as('admin') })).statusCode,
    ).toBe(404);
  });

  it('splits progress per unit, and the health package by level', async () => {
    expect(
      await get(`/api/company/dashboard/jiankangzhibiao?target=${encodeURIComponent('高血压')}&year=2025`),
    ).toEqual([
      { entOrgNameTwo: '采油二厂', total: 1, status2Total: 1 },
      { entOrgNameTwo: '保卫部', total: 1, status2Total: 0 },
    ]);
    expect(
      await get(`/api/company/dashboard/jiankangzhibiao?target=${encodeURIComponent('健康服务包')}&year=2025`),
    ).toEqual([
      { entOrgNameTwo: '采油二厂', coverage_level: 2, total: 2, status2Total: 1 },
      { entOrgNameTwo: '保卫部', coverage_level: 1, total: 1, status2Total: 0 },
      { entOrgNameTwo: '保卫部', coverage_level: 3, total: 1, status2Total: 0 },
    ]);
  });

  it('computes the decline with the always-present units, zero 2024 counts and the fixed order', async () => {
    const rows = await get(`/api/company/dashboard/zhibiaoxiajianglv?target=${encodeURIComponent('高血压')}`);
    expect(rows).toEqual([
      { name: '采油二厂', count2024: 2, count2025: 1, rate: 0.5 },
      { name: '页岩油', count2024: 0, count2025: 0, rate: 0 },
      { name: '保卫部', count2024: 0, count2025: 1, rate: 0 },
      { name: '行政事务中心', count2024: 0, count2025: 0, rate: 0 },
      { name: '新疆分公司', count2024: 0, count2025: 0, rate: 0 },
    ]);
  });

  it('keeps the fixed units to the company-wide view; a unit without data has an empty decline table', async () => {
    const q = (unit: string) =>
      `/api/company/dashboard/zhibiaoxiajianglv?target=${encodeURIComponent('高血压')}&companyName=${encodeURIComponent(unit)}`;
    expect(await get(q('采油三厂'))).toEqual([]);
    expect(await get(q('采油二厂'))).toEqual([{ name: '采油二厂', count2024: 2, count2025: 1, rate: 0.5 }]);
  });

  it('fills the 14 indicator rows per age band and sex, with heji the sum', async () => {
    const rows = await get('/api/company/dashboard/ygjkzb?year=2025');
    expect(rows).toHaveLength(14);
    const cells = (id: number) => {
      const { id: _id, leibie, mingcheng, biaozhun, ...counts } = rows.find((r: { id: number }) => r.id === id);
      return Object.fromEntries(Object.entries(counts).filter(([, n]) => n !== 0));
    };
    expect(cells(1)).toEqual({ lte_34_nv: 1, heji: 1 });
    expect(cells(2)).toEqual({ gte_35_44_nan: 1, heji: 1 });
    expect(cells(3)).toEqual({});
    expect(cells(4)).toEqual({ gte_45_nan: 1, heji: 1 });
    expect(cells(5)).toEqual({ gte_35_44_nan: 1, heji: 1 });
    expect(cells(8)).toEqual({ gte_45_nan: 1, heji: 1 });
    expect(cells(9)).toEqual({ lte_34_nv: 1, heji: 1 });
    expect(cells(10)).toEqual({ gte_45_nan: 1, heji: 1 });
    expect(cells(11)).toEqual({ gte_45_nan: 1, heji: 1 });
    expect(cells(12)).toEqual({ lte_34_nv: 1, heji: 1 });
    expect(cells(13)).toEqual({ gte_35_44_nan: 1, heji: 1 });
    expect(cells(14)).toEqual({ gte_45_nan: 1, heji: 1 });
    for (const r of rows) {
      expect(r.heji).toBe(r.lte_34_nan + r.lte_34_nv + r.gte_35_44_nan + r.gte_35_44_nv + r.gte_45_nan + r.gte_45_nv);
    }
    expect(rows.slice(0, 8).every((r: { leibie: string }) => r.leibie === '心脑血管')).toBe(true);
    expect(rows.slice(8).every((r: { leibie: string }) => r.leibie === '代谢')).toBe(true);
  });

  it('distributes abnormal factors and risk levels', async () => {
    expect(await get('/api/company/dashboard/fxys?year=2025')).toEqual([
      { name: '血压异常', value: 2 },
      { name: '血脂异常', value: 2 },
      { name: '血糖异常', value: 2 },
      { name: '尿酸异常', value: 1 },
      { name: '体重异常', value: 2 },
    ]);
    expect(await get('/api/company/dashboard/fxrq?year=2025')).toEqual([
      { name: '健康', value: 1 },
      { name: '风险', value: 0 },
      { name: '异常', value: 2 },
      { name: '慢病', value: 0 },
      { name: '重病', value: 1 },
    ]);
  });

  it('follows the shared unit filter and the account scope', async () => {
    const q = `?year=2025&companyName=${encodeURIComponent('保卫部')}`;
    expect(await get(`/api/company/dashboard/wanchengdu/gaoxueya1${q}`)).toEqual({ todo: 1, done: 0, rate: 0 });
    expect((await get(`/api/company/dashboard/fxrq${q}`)).filter((x: { value: number }) => x.value)).toEqual([
      { name: '健康', value: 1 },
      { name: '重病', value: 1 },
    ]);
    const bad = await t.app.inject({ url: '/api/company/dashboard/fxrq?companyName=nowhere', headers: t.as('admin') });
    expect(bad.statusCode).toBe(400);
    expect(
      (await t.app.inject({ url: '/api/company/dashboard/fxrq', headers: t.auth(await t.login('staff')) })).statusCode,
    ).toBe(403);
  });

  it("exports a row's people with a UTF-8 file name, 2024 when no year is given", async () => {
    const res = await t.app.inject({
      url: '/api/company/dashboard/ygjkzb/export?target=4&year=2025',
      headers: t.as('admin'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('员工健康指标_血压_4_2025.xlsx')}`,
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.actualRowCount).toBe(2);
    expect(ws.getRow(2).getCell(1).value).toBe('丙');
    const noYear = await t.app.inject({ url: '/api/company/dashboard/ygjkzb/export?target=2', headers: t.as('admin') });
    expect(noYear.headers['content-disposition']).toContain(encodeURIComponent('_2024.xlsx'));
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(noYear.rawPayload as unknown as ArrayBuffer);
    expect(wb2.worksheets[0].getRow(2).getCell(1).value).toBe('甲');
  });

  it('the generated SQL of every table row answers as the criteria do in TypeScript (tags), missing values too', async () => {
    const around: Record<string, (number | null)[]> = {};
    for (const row of INDICATOR_ROW_CRITERIA) {
      for (const b of [...row.condition.any, ...(row.condition.all ?? [])]) {
        around[b.code] = [...new Set([...(around[b.code] ?? [null]), b.value - 0.01, b.value, b.value + 0.01])];
      }
    }
    // Each code's values against the others' at a fixed point, plus both blood pressures together.
    const cases: { values: Record<string, number | null>; sex: number | null }[] = [];
    for (const sex of [1, 2, null]) {
      for (const [code, xs] of Object.entries(around)) for (const x of xs) cases.push({ values: { [code]: x }, sex });
      for (const s of around.SBP) for (const d of around.DBP) cases.push({ values: { SBP: s, DBP: d }, sex });
      for (const f of around.FPG) for (const h of around.HBA1C) cases.push({ values: { FPG: f, HBA1C: h }, sex });
    }
    const cols = INDICATOR_TABLE_ROWS.map((r) => `${r.sql} AS r${r.id}`).join(', ');
    const { rows } = await t.db.query<Record<string, boolean>>(
      `SELECT ${cols} FROM unnest($1::jsonb[], $2::int[], $3::int[]) AS c("values", sex, i)
         CROSS JOIN LATERAL (SELECT c.sex) AS e(sex) ORDER BY c.i`,
      [
        cases.map((x) => JSON.stringify(Object.fromEntries(Object.entries(x.values).filter(([, v]) => v !== null)))),
        cases.map((x) => x.sex),
        cases.map((_, i) => i),
      ],
    );
    expect(rows).toHaveLength(cases.length);
    let fired = 0;
    cases.forEach((x, i) => {
      for (const row of INDICATOR_ROW_CRITERIA) {
        const js = conditionHolds(row.condition, x.values, x.sex ?? 0);
        expect(rows[i][`r${row.id}`], `row ${row.id} ${JSON.stringify(x)}`).toBe(js);
        if (js) fired++;
      }
    });
    expect(fired).toBeGreaterThan(100);
  });
});
