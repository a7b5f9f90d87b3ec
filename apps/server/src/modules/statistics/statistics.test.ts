import { CHRONIC_DISEASES, INDICATOR_TABLE_ROWS } from '@peis/shared';
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { withTestApp } from '../../test/suite';

withTestApp('statistics pages on $name', { employees: 150, users: ['admin'] }, (t) => {
  const { scalar } = t;
  const get = async (url: string) => {
    const res = await t.app.inject({ url, headers: t.as('admin') });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('预分组统计: people per unit per risk level and abnormality level, summing to the tags', async () => {
    const { columns, rows } = await get('/api/company/statistics/yufenzu?year=2025');
    expect(columns.map((c: { header: string }) => c.header)).toEqual(
      expect.arrayContaining(['单位', '体检人数', '健康', '重病', '血压异常1级', '体重异常3级']),
    );
    const sum = (k: string) => rows.reduce((s: number, r: Record<string, number>) => s + r[k], 0);
    expect(sum('total')).toBe(await scalar('SELECT count(*) FROM person_tags WHERE year = 2025'));
    expect(sum('risk4')).toBe(
      await scalar(`SELECT count(*) FROM person_tags WHERE year = 2025 AND risk_level = '重病'`),
    );
    expect(sum('bp2')).toBe(await scalar('SELECT count(*) FROM person_tags WHERE year = 2025 AND bp = 2'));
    for (const r of rows) expect(r.risk0 + r.risk1 + r.risk2 + r.risk3 + r.risk4).toBe(r.total);
  });

  it('慢病统计: prevalence per unit with the change from the year before, and by age band and sex', async () => {
    const { rows } = await get('/api/company/statistics/manbing?year=2025');
    const total = rows.reduce((s: number, r: { total: number }) => s + r.total, 0);
    expect(total).toBe(await scalar('SELECT count(*) FROM person_tags WHERE year = 2025'));
    const hyper = rows.reduce((s: number, r: { hypertensionCount: number }) => s + r.hypertensionCount, 0);
    expect(hyper).toBe(await scalar('SELECT count(*) FROM person_tags WHERE year = 2025 AND bp >= 1'));
    for (const r of rows)
      expect(r.hypertensionRate).toBe(r.total ? Math.round((r.hypertensionCount / r.total) * 1000) / 10 : 0);
    // Each disease is a union of the dashboard's indicator-table rows, counted on each person's check of the year.
    const rowsOf: Record<string, number[]> = {
      hypertension: [2, 3, 4],
      diabetes: [10, 11],
      dyslipidemia: [5, 6, 7, 8],
      hyperuricemia: [12],
      obesity: [14],
    };
    for (const c of CHRONIC_DISEASES) {
      const sql = INDICATOR_TABLE_ROWS.filter((r) => rowsOf[c.key].includes(r.id)).map((r) => r.sql);
      const people = await scalar(
        `SELECT count(*) FROM person_tags t JOIN health_checks c ON c.id = t.check_id JOIN employees e ON e.id = t.employee_id
          WHERE t.year = 2025 AND e.deleted_at IS NULL AND (${sql.join(' OR ')})`,
      );
      const counted = rows.reduce((s: number, r: Record<string, number>) => s + r[`${c.key}Count`], 0);
      expect(counted, c.name).toBe(people);
    }
    const header = (await get('/api/company/statistics/manbing?year=2025')).columns.find(
      (x: { key: string }) => x.key === 'hyperuricemiaCount',
    );
    expect(header.note).toBe('尿酸：男>428、女>357 µmol/L');
    const band = await get('/api/company/statistics/manbing?year=2025&by=band');
    expect(band.rows.map((r: { name: string }) => r.name)).toEqual([
      '高血压',
      '糖尿病',
      '血脂异常',
      '高尿酸血症',
      '肥胖',
    ]);
    expect(Object.keys(band.rows[0])).toEqual(expect.arrayContaining(['lte_34_nan', 'gte_45_nv']));
  });

  it('大病统计 counts major illnesses recorded in the records', async () => {
    const { rows } = await get('/api/company/statistics/dabing');
    const expected = await scalar(
      `SELECT count(*) FROM health_records r WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(r.record->'pastHistory'->'illness'->'list') i
         WHERE (i->>'illnessName')::int IN (3, 5, 12, 14))`,
    );
    expect(rows.reduce((s: number, r: { total: number }) => s + r.total, 0)).toBe(expected);
    for (const code of [3, 5, 12, 14]) {
      const perCode = await scalar(
        `SELECT count(*) FROM health_records r WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(r.record->'pastHistory'->'illness'->'list') i
           WHERE (i->>'illnessName')::int = $1)`,
        [code],
      );
      expect(
        rows.reduce((s: number, r: Record<string, number>) => s + r[`c${code}`], 0),
        `c${code}`,
      ).toBe(perCode);
    }
    expect(rows.reduce((s: number, r: { employees: number }) => s + r.employees, 0)).toBe(
      await scalar('SELECT count(*) FROM health_records'),
    );
  });

  it('exports each table to .xlsx and keeps to the unit filter and permissions', async () => {
    const res = await t.app.inject({
      url: '/api/company/statistics/yufenzu?year=2025&export=1',
      headers: t.as('admin'),
    });
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('预分组统计_2025.xlsx'));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0].getRow(1).getCell(1).value).toBe('单位');
    const one = await get(`/api/company/statistics/yufenzu?year=2025&companyName=${encodeURIComponent('采油二厂')}`);
    expect(one.rows.map((r: { unitName: string }) => r.unitName)).toEqual(['采油二厂']);
    const staff = await t.login('staff');
    expect((await t.app.inject({ url: '/api/company/statistics/manbing', headers: t.auth(staff) })).statusCode).toBe(
      403,
    );
  });
});
