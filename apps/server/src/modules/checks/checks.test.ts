import { Readable } from 'node:stream';
import { idCardCheckChar } from '@peis/shared';
import { beforeAll, expect, it } from 'vitest';
import { resolveSession } from '../../plugins/auth';
import { multipart, readXlsx, rowsOf, sheet as sheetNamed } from '../../test/xlsx';

const sheet = (rows: unknown[][]) => sheetNamed(rows, '体检数据');

import { withTestApp } from '../../test/suite';
import { importChecks } from './import';
import { loadIndicators } from './indicators';

/** A valid resident ID number (GB 11643 check digit) born 1986-05-20; odd sequence = male. */
const idCard = (seq: number) => {
  const first17 = `610402198605${20}${String(seq).padStart(3, '0')}`;
  return first17 + idCardCheckChar(first17);
};

withTestApp('health-check results (体检数据) on $name', { users: ['staff'] }, (t) => {
  const { call } = t;
  const people: Record<string, { id: number; idCard: string; name: string }> = {};
  const upload = (url: string, file: Buffer, fields: Record<string, string> = {}) => {
    const body = multipart('体检结果.xlsx', file, fields);
    return t.app.inject({ method: 'POST', url, headers: { ...t.as('staff'), ...body.headers }, payload: body.payload });
  };
  const checkCount = async () =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM health_checks WHERE deleted_at IS NULL')).rows[0]
      .n;
  const tags = async (employeeId: number, year: number) =>
    (
      await t.db.query<{ bp: number; lipid: number }>(
        'SELECT bp, lipid FROM person_tags WHERE employee_id = $1 AND year = $2',
        [employeeId, year],
      )
    ).rows[0];
  const findingsOf = async (employeeId: number) =>
    (
      await t.db.query<{ names: string }>(
        `SELECT r.names FROM positive_findings f JOIN positive_rules r ON r.id = f.rule_id
          JOIN health_checks c ON c.id = f.check_id AND c.deleted_at IS NULL
          WHERE f.employee_id = $1 ORDER BY r.names`,
        [employeeId],
      )
    ).rows.map((r) => r.names);

  beforeAll(async () => {
    // The findings below are SPEC §9's sample rules'; the guideline library has its own tests (positive.test.ts).
    await t.db.query('UPDATE positive_rules SET enabled = false WHERE code IS NOT NULL');
    const unit = async (shortName: string) =>
      Number((await t.db.query<{ id: number }>('SELECT id FROM units WHERE short_name = $1', [shortName])).rows[0].id);
    const unit1 = await unit('采油一厂一区');
    const unit2 = await unit('采油二厂');
    const add = async (key: string, seq: number, name: string, unitId: number) => {
      const card = idCard(seq);
      const { rows } = await t.db.query<{ id: number }>(
        `INSERT INTO employees (unit_id, name, id_card, sex, birthday) VALUES ($1, $2, $3, $4, '1986-05-20') RETURNING id`,
        [unitId, name, card, seq % 2 === 1 ? 1 : 2],
      );
      people[key] = { id: Number(rows[0].id), idCard: card, name };
    };
    await add('a', 901, '体检甲', unit1);
    await add('b', 903, '体检乙', unit1);
    await add('c', 905, '体检丙', unit1);
    await add('d', 907, '体检丁', unit1);
    await add('e', 909, '体检戊', unit1);
    await add('f', 911, '体检己', unit1);
    await add('g', 913, '体检庚', unit1);
    await add('other', 915, '外厂员工', unit2);
  });

  let checkId: number;

  it('records a check: values rounded, BMI computed, findings by the sample rules and tags refreshed', async () => {
    const res = await call('POST', '/api/phr/check', t.token.staff, {
      employeeId: people.a.id,
      checkDate: '2026-03-10',
      provider: '西安体检中心',
      values: { SBP: 150, DBP: 85, HEIGHT: 170, WEIGHT: 65, BMI: 30, TC: 4.123 },
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    checkId = data.id;
    expect(data).toMatchObject({
      employeeId: people.a.id,
      name: '体检甲',
      checkDate: '2026-03-10',
      year: 2026,
      provider: '西安体检中心',
      version: 1,
      values: { SBP: 150, DBP: 85, HEIGHT: 170, WEIGHT: 65, BMI: 22.5, TC: 4.12 },
      findings: [{ names: '血压偏高', libraryName: '血压', level: 1, matched: { SBP: 150, DBP: 85 }, status: 0 }],
    });
    expect(data.indicators.find((i: { code: string }) => i.code === 'SBP')).toMatchObject({
      name: '收缩压',
      unit: 'mmHg',
      refLow: 90,
      refHigh: 139,
      flag: 'high',
    });
    expect(await tags(people.a.id, 2026)).toMatchObject({ bp: 1 });

    const list = (await call('GET', `/api/phr/check?idCard=${people.a.idCard}`, t.token.staff)).json().data;
    expect(list.total).toBe(1);
    expect(list.records[0]).toMatchObject({ id: checkId, findings: 1, name: '体检甲', unitName: '采油一厂一区' });
    expect(list.records[0].idCard).toBe(`${people.a.idCard.slice(0, 4)}**********${people.a.idCard.slice(14)}`);
    const withFindings = (await call('GET', '/api/phr/check?hasFindings=true&year=2026', t.token.staff)).json().data;
    expect(withFindings.records.map((r: { id: number }) => r.id)).toContain(checkId);
    const without = (await call('GET', '/api/phr/check?hasFindings=false&year=2026', t.token.staff)).json().data;
    expect(without.records.map((r: { id: number }) => r.id)).not.toContain(checkId);
  });

  it('lists on the declared view with the search of before: date range, provider, name, unit; newest first', async () => {
    const page = async (query: string) => {
      const res = await call('GET', `/api/phr/check?pageSize=500&${query}`, t.token.staff);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { total: number; records: { id: number; checkDate: string; provider: string }[] };
    };
    // The t.token.staff account's live checks in a date range, counted apart from the list.
    const expected = async (cond: string, params: unknown[]) =>
      Number(
        (
          await t.db.query(
            `SELECT count(*) AS n FROM health_checks c JOIN employees e ON e.id = c.employee_id
              WHERE c.deleted_at IS NULL AND e.deleted_at IS NULL AND ${cond}
                AND e.unit_id IN (SELECT id FROM units WHERE path LIKE (SELECT path FROM units WHERE short_name = '采油一厂') || '%')`,
            params,
          )
        ).rows[0].n,
      );
    const ranged = await page('dateFrom=2025-03-01&dateTo=2025-08-31');
    expect(ranged.total).toBeGreaterThan(0);
    expect(ranged.total).toBe(await expected(`c.check_date BETWEEN '2025-03-01' AND '2025-08-31'`, []));
    expect(ranged.records.every((r) => r.checkDate >= '2025-03-01' && r.checkDate <= '2025-08-31')).toBe(true);
    const dates = ranged.records.map((r) => r.checkDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const byProvider = await page(`provider=${encodeURIComponent('西安')}`);
    expect(byProvider.records.map((r) => r.id)).toContain(checkId);
    expect(byProvider.records.every((r) => r.provider.includes('西安'))).toBe(true);
    expect((await page(`name=${encodeURIComponent('体检甲')}`)).records.map((r) => r.id)).toEqual([checkId]);
    const other = await t.db.query<{ id: number }>("SELECT id FROM units WHERE short_name = '采油二厂'");
    expect((await page(`unitId=${other.rows[0].id}`)).total).toBe(0);
    const bad = await call('GET', '/api/phr/check?dateFrom=2025-13-01', t.token.staff);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('开始日期格式应为 YYYY-MM-DD');
  });

  it('refuses implausible values, unknown codes and bad dates with the exact message and stores nothing', async () => {
    const before = await checkCount();
    const post = (values: Record<string, unknown>, checkDate = '2026-03-11') =>
      call('POST', '/api/phr/check', t.token.staff, { employeeId: people.b.id, checkDate, values });
    for (const [values, path, msg] of [
      [{ SBP: 20, DBP: 80 }, 'values.SBP', '收缩压 20 超出合理范围（50–300 mmHg）'],
      [{ SBP: 400 }, 'values.SBP', '收缩压 400 超出合理范围（50–300 mmHg）'],
      [{ SBP: 120, XYZ: 1 }, 'values.XYZ', '未知的指标代码 XYZ'],
      [{ SBP: '120' }, 'values.SBP', '收缩压应为数字'],
      [{ HEIGHT: 100, WEIGHT: 250 }, 'values.BMI', '体重指数 250 超出合理范围（10–70 kg/m²）'],
      [{}, 'values', '至少填写一项指标'],
    ] as const) {
      const res = await post(values);
      expect(res.statusCode, JSON.stringify(values)).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, msg, errors: [{ path, message: msg }] });
    }
    for (const [date, msg] of [
      ['2999-01-01', '体检日期不能晚于今天'],
      ['1999-12-31', '体检日期不能早于2000年'],
      ['2026-02-30', '体检日期格式应为 YYYY-MM-DD'],
    ]) {
      const res = await post({ SBP: 120 }, date);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ msg, errors: [{ path: 'checkDate' }] });
    }
    const dup = await call('POST', '/api/phr/check', t.token.staff, {
      employeeId: people.a.id,
      checkDate: '2026-03-10',
      values: { SBP: 120 },
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().msg).toBe('该员工当日已有体检记录');
    expect(await checkCount()).toBe(before);
  });

  it('keeps to the unit scope: 403 for an employee of another plant and for a regular employee, 404 for a check of another plant', async () => {
    const res = await call('POST', '/api/phr/check', t.token.staff, {
      employeeId: people.other.id,
      checkDate: '2026-03-10',
      values: { SBP: 120 },
    });
    expect(res.statusCode).toBe(403);
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO health_checks (employee_id, check_date, year, "values") VALUES ($1, '2026-03-01', 2026, '{"SBP":130}') RETURNING id`,
      [people.other.id],
    );
    const otherCheck = Number(rows[0].id);
    // Out of scope reads as absent (as every person-scoped record): the answer does not tell that it exists.
    expect((await call('GET', `/api/phr/check/${otherCheck}`, t.token.staff)).statusCode).toBe(404);
    expect(
      (
        await call('PUT', `/api/phr/check/${otherCheck}`, t.token.staff, {
          checkDate: '2026-03-01',
          values: { SBP: 1 },
          version: 1,
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/phr/check/${otherCheck}`, t.token.staff)).statusCode).toBe(404);
    const list = (await call('GET', '/api/phr/check?pageSize=500', t.token.staff)).json().data;
    expect(list.records.some((r: { employeeId: number }) => r.employeeId === people.other.id)).toBe(false);
    const employee = await t.login('employee');
    expect((await call('GET', '/api/phr/check', employee)).statusCode).toBe(403);
  });

  it('updates with the version (409 when stale), re-evaluates, and deletes softly', async () => {
    const stale = await call('PUT', `/api/phr/check/${checkId}`, t.token.staff, {
      checkDate: '2026-03-10',
      values: { SBP: 118, DBP: 76 },
      version: 7,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toBe('数据已被他人修改，请刷新后重试');
    const ok = await call('PUT', `/api/phr/check/${checkId}`, t.token.staff, {
      checkDate: '2026-03-10',
      provider: '',
      values: { SBP: 118, DBP: 76 },
      version: 1,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ version: 2, provider: null, values: { SBP: 118, DBP: 76 }, findings: [] });
    expect(await tags(people.a.id, 2026)).toMatchObject({ bp: 0 });
    const again = await call('PUT', `/api/phr/check/${checkId}`, t.token.staff, {
      checkDate: '2026-03-10',
      values: { SBP: 118 },
      version: 1,
    });
    expect(again.statusCode).toBe(409);

    expect((await call('DELETE', `/api/phr/check/${checkId}`, t.token.staff)).statusCode).toBe(200);
    expect((await call('GET', `/api/phr/check/${checkId}`, t.token.staff)).statusCode).toBe(404);
    expect((await call('GET', `/api/phr/check?idCard=${people.a.idCard}`, t.token.staff)).json().data.total).toBe(0);
    expect(await tags(people.a.id, 2026)).toBeUndefined();
    const { rows } = await t.db.query('SELECT deleted_at FROM health_checks WHERE id = $1', [checkId]);
    expect(rows[0].deleted_at).not.toBeNull();
  });

  const header = [
    '身份证号',
    '姓名',
    '体检日期',
    '体检机构',
    '收缩压(mmHg)',
    '舒张压',
    'tc',
    '身高（cm）',
    '体重(kg)',
    '备注',
  ];
  const importRows = () => [
    header,
    [people.b.idCard, '体检乙', new Date(Date.UTC(2026, 3, 1)), '西安体检中心', 160, 95, 6.5, 172, 70, '复查'],
    [people.c.idCard, '', '2026-04-02', '西安体检中心', 118, 76, '4.2', '', '', ''],
    [people.d.idCard, '体检丁', '2026-04-02', '', 20, 80, '', '', '', ''],
    ['610402198605209999', '', '2026-04-02', '', 120, 80, '', '', '', ''],
    [people.e.idCard, '张三', '2026-04-02', '', 120, 80, '', '', '', ''],
    [people.f.idCard, '体检己', 'abc', '', 120, 80, 'x', '', '', ''],
    [people.other.idCard, '外厂员工', '2026-04-02', '', 120, 80, '', '', '', ''],
    [people.b.idCard, '体检乙', '2026-04-01', '', 120, 80, '', '', '', ''],
    ['610402198605209996', '查无此人', '2026-04-02', '', 120, 80, '', '', '', ''],
  ];
  // Every refusal names whose row it is from the sheet's own cells; a wrong check digit says so, while
  // "not on file" and "out of scope" read the same (the import must not reveal who exists elsewhere).
  const tail = (idCard: string) => `身份证尾号 ${idCard.slice(-4)}`;
  const expectedRefused = () => [
    {
      row: 4,
      column: '收缩压(mmHg)',
      value: '20',
      reason: '收缩压 20 超出合理范围（50–300 mmHg）',
      person: `体检丁（${tail(people.d.idCard)}）`,
    },
    {
      row: 5,
      column: '身份证号',
      value: '610402198605209999',
      reason: '身份证号校验位错误',
      person: '身份证尾号 9999',
    },
    { row: 6, column: '姓名', value: '张三', reason: '姓名与身份证号不符', person: `张三（${tail(people.e.idCard)}）` },
    {
      row: 7,
      column: '体检日期',
      value: 'abc',
      reason: '体检日期格式应为 YYYY-MM-DD',
      person: `体检己（${tail(people.f.idCard)}）`,
    },
    { row: 7, column: 'tc', value: 'x', reason: '总胆固醇应为数字', person: `体检己（${tail(people.f.idCard)}）` },
    {
      row: 8,
      column: '身份证号',
      value: people.other.idCard,
      reason: '身份证号不存在或不在账号的单位范围内',
      person: `外厂员工（${tail(people.other.idCard)}）`,
    },
    {
      row: 9,
      column: '体检日期',
      value: '2026-04-01',
      reason: '与第2行重复（同一员工同一体检日期）',
      person: `体检乙（${tail(people.b.idCard)}）`,
    },
    {
      row: 10,
      column: '身份证号',
      value: '610402198605209996',
      reason: '身份证号不存在或不在账号的单位范围内',
      person: '查无此人（身份证尾号 9996）',
    },
  ];

  it('imports a sheet: good rows stored and evaluated, bad rows reported exactly; a second import adds nothing', async () => {
    const before = await checkCount();
    const res = await upload('/api/phr/check/import?importId=test-1', await sheet(importRows()));
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data;
    expect(report).toMatchObject({
      total: 9,
      created: 2,
      updated: 0,
      unchanged: 0,
      unknownHeaders: ['备注'],
      findings: 2,
    });
    expect(report.refused).toEqual(expectedRefused());
    // The time is the import run's own, measured by its row from the upload's start to the end.
    const run = await t.db.query<{ ms: number }>(
      `SELECT extract(epoch FROM updated_at - started_at)::float8 * 1000 AS ms FROM import_runs
        WHERE client_id = 'test-1' ORDER BY id DESC LIMIT 1`,
    );
    expect(report.elapsedMs).toBeGreaterThan(0);
    expect(Math.abs(report.elapsedMs - Number(run.rows[0].ms))).toBeLessThanOrEqual(1);
    expect(await checkCount()).toBe(before + 2);
    // Good rows stored with rounding and BMI, and evaluated: findings and tags exist for them.
    const b = (await call('GET', `/api/phr/check?idCard=${people.b.idCard}`, t.token.staff)).json().data.records[0];
    expect(b).toMatchObject({
      checkDate: '2026-04-01',
      provider: '西安体检中心',
      values: { SBP: 160, DBP: 95, TC: 6.5, HEIGHT: 172, WEIGHT: 70, BMI: 23.7 },
      findings: 2,
    });
    expect(await findingsOf(people.b.id)).toEqual(['总胆固醇偏高', '血压偏高']);
    expect(await tags(people.b.id, 2026)).toMatchObject({ bp: 2, lipid: 2 });
    expect(await findingsOf(people.c.id)).toEqual([]);
    expect(await tags(people.c.id, 2026)).toMatchObject({ bp: 0 });

    const progress = (await call('GET', '/api/phr/check/import/progress?importId=test-1', t.token.staff)).json().data;
    expect(progress).toEqual({ rowsRead: 9, done: true });

    const again = (await upload('/api/phr/check/import', await sheet(importRows()))).json().data;
    expect(again).toMatchObject({ total: 9, created: 0, updated: 0, unchanged: 2, findings: 0 });
    expect(again.refused).toEqual(expectedRefused());
    expect(await checkCount()).toBe(before + 2);

    // A changed value updates the check (version + 1) and its findings follow.
    const changed = importRows();
    changed[2][4] = 145;
    const third = (await upload('/api/phr/check/import', await sheet(changed))).json().data;
    expect(third).toMatchObject({ created: 0, updated: 1, unchanged: 1, findings: 1 });
    const c = (await call('GET', `/api/phr/check?idCard=${people.c.idCard}`, t.token.staff)).json().data.records[0];
    expect(c).toMatchObject({ version: 2, values: { SBP: 145, DBP: 76, TC: 4.2 }, findings: 1 });
    expect(await findingsOf(people.c.id)).toEqual(['血压偏高']);
    expect(await checkCount()).toBe(before + 2);

    const audit = await t.db.query<{ after: { created: number } }>(
      "SELECT after FROM audit_log WHERE action = 'import' AND resource = 'check' ORDER BY id",
    );
    expect(audit.rows.map((r) => r.after.created)).toEqual([2, 0, 0]);
  });

  it('reports an unknown header, then accepts it with a mapping', async () => {
    const rows = [
      ['身份证号', '体检日期', '高压', '低压'],
      [people.g.idCard, '2026-05-06', 150, 92],
    ];
    const firstRes = await upload('/api/phr/check/import', await sheet(rows));
    expect(firstRes.statusCode, firstRes.body).toBe(200);
    const first = firstRes.json().data;
    expect(first).toMatchObject({ total: 1, created: 0, unknownHeaders: ['高压', '低压'] });
    expect(first.refused).toEqual([
      { row: 2, column: '', value: '', reason: '至少填写一项指标', person: tail(people.g.idCard) },
    ]);

    const bad = await upload('/api/phr/check/import', await sheet(rows), { mapping: JSON.stringify({ 高压: 'NOPE' }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('未知的指标代码 NOPE');

    const mapped = await upload('/api/phr/check/import', await sheet(rows), {
      mapping: JSON.stringify({ 高压: 'SBP', 低压: 'dbp' }),
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect(mapped.json().data).toMatchObject({ total: 1, created: 1, unknownHeaders: [], refused: [], findings: 1 });
    const g = (await call('GET', `/api/phr/check?idCard=${people.g.idCard}`, t.token.staff)).json().data.records[0];
    expect(g.values).toEqual({ SBP: 150, DBP: 92 });
  });

  it('writes in batches (one being written while the next is read) with the same results', async () => {
    const user = await resolveSession(t.db, t.config, `Bearer ${t.token.staff}`);
    const defs = await loadIndicators(t.db);
    const rows = [
      ['身份证号', '姓名', '体检日期', 'SBP', 'DBP'],
      [people.d.idCard, '体检丁', '2026-07-01', 150, 95],
      [people.e.idCard, '体检戊', '2026-07-01', 120, 80],
      [people.f.idCard, '体检己', '2026-07-01', 121, 81],
      [people.d.idCard, '体检丁', '2026-07-01', 122, 82],
      [people.d.idCard, '体检丁', '2026-07-02', 500, 82],
      [people.g.idCard, '体检庚', '2026-07-01', 123, 83],
      [people.g.idCard, '错名', '2026-07-03', 123, 83],
    ];
    const run = async () =>
      importChecks(t.db, user, Readable.from([await sheet(rows)]), defs, { canEdit: true, batchSize: 2 });
    const first = await run();
    expect(first).toMatchObject({ total: 7, created: 4, updated: 0, unchanged: 0, findings: 1 });
    expect(first.refused.map((r) => [r.row, r.column, r.reason])).toEqual([
      [5, '体检日期', '与第2行重复（同一员工同一体检日期）'],
      [6, 'SBP', '收缩压 500 超出合理范围（50–300 mmHg）'],
      [8, '姓名', '姓名与身份证号不符'],
    ]);
    expect(await findingsOf(people.d.id)).toEqual(['血压偏高']);
    const second = await run();
    expect(second).toMatchObject({ total: 7, created: 0, updated: 0, unchanged: 4, findings: 0 });
  });

  it('refuses a file that is not .xlsx and a sheet without the required columns', async () => {
    const notXlsx = await upload('/api/phr/check/import', Buffer.from('身份证号,体检日期\n'));
    expect(notXlsx.statusCode).toBe(415);
    const broken = await upload(
      '/api/phr/check/import',
      Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(4000, 7)]),
    );
    expect(broken.statusCode).toBe(400);
    expect(broken.json().msg).toBe('文件无法读取，请确认是有效的 .xlsx 文件');
    const noId = (await upload('/api/phr/check/import', await sheet([['姓名', '体检日期', 'SBP']]))).json().data;
    expect(noId.refused).toEqual([{ row: 1, column: '身份证号', value: '', reason: '表头缺少必填列，请使用导入模板' }]);
  });

  it('serves a template whose columns import as they are, with a 说明 sheet', async () => {
    const res = await call('GET', '/api/phr/check/import/template', t.token.staff);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('体检数据导入模板.xlsx'));
    const wb = await readXlsx(res.rawPayload);
    const [data, help] = wb.worksheets;
    const headers = rowsOf(data)[0] as string[];
    expect(headers.slice(0, 5)).toEqual(['身份证号', '姓名', '体检日期', '体检机构', '收缩压(mmHg)']);
    expect(headers).toContain('体重指数(kg/m²)');
    expect(help.name).toBe('说明');
    expect(rowsOf(help)).toContainEqual(['收缩压(mmHg)', 'SBP', '收缩压', 'mmHg', '50–300 mmHg', expect.any(String)]);

    const filled = [
      headers,
      headers.map((h) =>
        h === '身份证号' ? people.e.idCard : h === '体检日期' ? '2026-06-01' : h === '收缩压(mmHg)' ? 121 : '',
      ),
    ];
    const report = (await upload('/api/phr/check/import', await sheet(filled))).json().data;
    expect(report).toMatchObject({ total: 1, created: 1, refused: [], unknownHeaders: [] });
  });

  it('exports the filtered checks to an .xlsx and turns a refused list into a report', async () => {
    const list = (await call('GET', '/api/phr/check?year=2026&pageSize=500', t.token.staff)).json().data;
    const res = await call('GET', '/api/phr/check/export?year=2026', t.token.staff);
    expect(res.statusCode).toBe(200);
    const wb = await readXlsx(res.rawPayload);
    const rows = rowsOf(wb.worksheets[0]);
    expect((rows[0] as string[]).slice(0, 6)).toEqual([
      '身份证号',
      '姓名',
      '单位',
      '体检日期',
      '体检机构',
      '收缩压(mmHg)',
    ]);
    expect(rows.length - 1).toBe(list.total);
    expect(rows.slice(1).some((r) => r[1] === '体检乙' && r[5] === 160)).toBe(true);

    const report = await call('POST', '/api/phr/check/import/report', t.token.staff, { refused: expectedRefused() });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-disposition']).toContain(encodeURIComponent('导入问题报告.xlsx'));
    const got = rowsOf((await readXlsx(report.rawPayload)).worksheets[0]);
    expect(got[0]).toEqual(['行号', '人员', '列', '值', '原因']);
    expect(got[1]).toEqual([
      4,
      `体检丁（${tail(people.d.idCard)}）`,
      '收缩压(mmHg)',
      '20',
      '收缩压 20 超出合理范围（50–300 mmHg）',
    ]);
    expect(got).toHaveLength(9);
  });
});
