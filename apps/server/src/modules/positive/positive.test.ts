import { GUIDELINE_RULES, INDICATOR_TABLE_ROWS } from '@peis/shared';
import { beforeAll, expect, it } from 'vitest';
import { seedDefaultRules } from '../../db/reference-data';
import { withTestApp } from '../../test/suite';
import { EvaluationJobs } from './jobs';

withTestApp(
  'positive findings, tasks, follow-ups and contracts on $name',
  { employees: 120, users: ['staff'] },
  (t) => {
    const { call, scalar } = t;
    let staffId: number;
    const waitJobs = async () => {
      for (let i = 0; i < 200; i++) {
        const jobs = (await call('GET', '/api/positive/jobs', t.token.staff)).json().data;
        if (jobs.every((j: { status: string }) => j.status === 'done')) return jobs;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('re-evaluation did not finish');
    };
    const rule = (judge: string) => ({
      names: '测试规则',
      libraryName: '测试',
      gender: 0,
      ageMin: 0,
      ageMax: 150,
      levels: 2,
      judge,
      enabled: true,
    });

    beforeAll(async () => {
      staffId = await scalar("SELECT id FROM users WHERE username = 'staff'");
    });

    it('holds the sample rules and evaluated the demo checks into findings and tags', async () => {
      const rules = (await call('GET', '/api/positive/setting?pageSize=50', t.token.staff)).json().data.records;
      expect(rules.map((r: { judge: string }) => r.judge)).toEqual(
        expect.arrayContaining([
          'TC > 5.18',
          'LDLC > 3.37',
          'SBP > 140 || DBP > 90',
          'FPG >= 6.1 && FPG <= 7',
          'TG > 11.1',
        ]),
      );
      const bpRule = await scalar("SELECT id FROM positive_rules WHERE judge = 'SBP > 140 || DBP > 90'");
      const expected = await scalar(
        `SELECT count(*) FROM health_checks c JOIN employees e ON e.id = c.employee_id
        WHERE ((c."values"->>'SBP')::numeric > 140 OR (c."values"->>'DBP')::numeric > 90)
          AND extract(year FROM age(c.check_date, e.birthday)) BETWEEN 20 AND 80`,
      );
      expect(await scalar('SELECT count(*) FROM positive_findings WHERE rule_id = $1', [bpRule])).toBe(expected);
      const people = await scalar('SELECT count(DISTINCT employee_id) FROM health_checks WHERE year = 2025');
      expect(await scalar('SELECT count(*) FROM person_tags WHERE year = 2025')).toBe(people);
    });

    it('holds a demo work history written as the console writes it', async () => {
      expect(await scalar('SELECT count(*) FROM positive_findings WHERE status = 1')).toBe(
        await scalar('SELECT count(*) FROM positive_tasks'),
      );
      const missing = (sql: string) => scalar(sql);
      expect(
        await missing(
          "SELECT count(*) FROM positive_tasks t WHERE NOT EXISTS (SELECT 1 FROM positive_logs l WHERE l.task_id = t.id AND l.action = 'confirm')",
        ),
      ).toBe(0);
      expect(
        await missing(
          "SELECT count(*) FROM positive_tasks t WHERE t.status = 3 AND (t.completed_at IS NULL OR NOT EXISTS (SELECT 1 FROM positive_logs l WHERE l.task_id = t.id AND l.action = 'close'))",
        ),
      ).toBe(0);
      expect(
        await missing(
          "SELECT count(*) FROM positive_findings f WHERE f.status = 2 AND NOT EXISTS (SELECT 1 FROM positive_logs l WHERE l.finding_id = f.id AND l.action = 'dismiss')",
        ),
      ).toBe(0);
      // Each person's tasks go to the health t.token.staff of their plant, or to the company-wide expert elsewhere.
      expect(
        await missing(
          `SELECT count(*) FROM positive_tasks t JOIN employees e ON e.id = t.employee_id JOIN units u ON u.id = e.unit_id
          WHERE t.assignee_id <> (SELECT id FROM users WHERE username =
                  CASE WHEN u.path LIKE (SELECT path FROM units WHERE short_name = '采油一厂') || '%' THEN 'staff' ELSE 'expert' END)`,
        ),
      ).toBe(0);
      const doneShare = async (year: number) =>
        (await scalar(
          `SELECT count(*) FROM positive_tasks t JOIN positive_findings f ON f.id = t.finding_id WHERE f.year = ${year} AND t.status = 3`,
        )) / Math.max(1, await scalar(`SELECT count(*) FROM positive_findings WHERE year = ${year}`));
      expect(await doneShare(2023)).toBeGreaterThan(await doneShare(2025));
      const contracts = await t.db.query<{ status: number }>(
        'SELECT DISTINCT status FROM service_contracts WHERE year = 2025 ORDER BY status',
      );
      expect(contracts.rows.map((r) => r.status)).toEqual([0, 1, 2]);
    });

    it('refuses a bad expression with its position and an unknown indicator code', async () => {
      const bad = await call('POST', '/api/positive/setting', t.token.staff, rule('SBP >= 140 ||'));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual([{ path: 'judge', message: '第14个字符处：表达式不完整' }]);
      const unknown = await call('POST', '/api/positive/setting', t.token.staff, rule('SBP >= 140 && XYZ > 1'));
      expect(unknown.json().errors).toEqual([{ path: 'judge', message: '第15个字符处：未知的指标代码 "XYZ"' }]);
      const preview = await call('POST', '/api/positive/setting/preview', t.token.staff, {
        judge: 'SBP >= = 1',
        year: 2025,
      });
      expect(preview.statusCode).toBe(400);
    });

    it('previews how many people a rule matches in a year', async () => {
      const res = (
        await call('POST', '/api/positive/setting/preview', t.token.staff, {
          judge: 'SBP >= 140',
          year: 2025,
          gender: 1,
          ageMin: 20,
          ageMax: 80,
        })
      ).json().data;
      const expected = await scalar(
        `SELECT count(*) FROM (SELECT DISTINCT ON (c.employee_id) c."values", c.check_date, e.birthday, e.sex
          FROM health_checks c JOIN employees e ON e.id = c.employee_id JOIN units u ON u.id = e.unit_id
         WHERE c.year = 2025 AND u.path LIKE (SELECT path FROM units WHERE short_name = '采油一厂') || '%'
         ORDER BY c.employee_id, c.check_date DESC) x
        WHERE (x."values"->>'SBP')::numeric >= 140 AND x.sex = 1 AND extract(year FROM age(x.check_date, x.birthday)) BETWEEN 20 AND 80`,
      );
      expect(res.count).toBe(expected);
      expect(res.total).toBeGreaterThanOrEqual(res.count);
      expect(res.sample.length).toBe(Math.min(20, expected));
      if (res.sample[0]) expect(res.sample[0].values.SBP).toBeGreaterThanOrEqual(140);
    });

    it('re-evaluates in the background when a rule is added, changed or deleted', async () => {
      const created = (await call('POST', '/api/positive/setting', t.token.staff, rule('SBP >= 100'))).json().data;
      await waitJobs();
      const count = (judge: string) =>
        scalar(
          `SELECT count(*) FROM health_checks WHERE deleted_at IS NULL AND (("values"->>'SBP')::numeric ${judge})`,
        );
      expect(await scalar('SELECT count(*) FROM positive_findings WHERE rule_id = $1', [created.id])).toBe(
        await count('>= 100'),
      );
      await call('PUT', `/api/positive/setting/${created.id}`, t.token.staff, {
        ...rule('SBP >= 170'),
        version: created.version,
      });
      await waitJobs();
      expect(await scalar('SELECT count(*) FROM positive_findings WHERE rule_id = $1', [created.id])).toBe(
        await count('>= 170'),
      );
      await call('DELETE', `/api/positive/setting/${created.id}`, t.token.staff);
      await waitJobs();
      expect(await scalar('SELECT count(*) FROM positive_findings WHERE rule_id = $1', [created.id])).toBe(0);
    });

    it('works a finding from confirmation to a completed task, with every action logged', async () => {
      const list = (await call('GET', '/api/positive/new?pageSize=5', t.token.staff)).json().data;
      expect(list.total).toBeGreaterThan(1);
      const [a, b] = list.records;
      const due = new Date(Date.now() + 7 * 86400_000).toISOString().slice(0, 10);
      const confirm = await call('POST', '/api/positive/new/confirm', t.token.staff, {
        ids: [a.id],
        assigneeId: staffId,
        dueDate: due,
      });
      expect(confirm.json().data).toEqual({ confirmed: 1 });
      expect(
        (
          await call('POST', '/api/positive/new/confirm', t.token.staff, {
            ids: [a.id],
            assigneeId: staffId,
            dueDate: due,
          })
        ).statusCode,
      ).toBe(400);
      expect(
        (await call('POST', '/api/positive/new/dismiss', t.token.staff, { ids: [b.id], note: '复查正常' })).json().data,
      ).toEqual({ dismissed: 1 });

      const task = (await call('GET', `/api/positive/task?employeeId=${a.employeeId}`, t.token.staff))
        .json()
        .data.records.find((x: { findingId: number }) => x.findingId === a.id);
      expect(task).toMatchObject({ status: 1, assigneeName: '李卫康', dueDate: due, overdue: false });
      const log = (action: string, note = '已处理') =>
        call('POST', `/api/positive/task/${task.id}/log`, t.token.staff, { action, note });
      const first = await log('phone', '电话告知复查');
      expect(first.json().data, first.body).toEqual({ status: 2 });
      expect((await log('recheck', '已预约复查')).json().data).toEqual({ status: 2 });
      expect((await log('close', '复查后指标正常，结案')).json().data).toEqual({ status: 3 });
      expect((await log('notice')).statusCode).toBe(400);
      const logs = (await call('GET', `/api/positive/log?taskId=${task.id}`, t.token.staff)).json().data.records;
      expect(logs.map((l: { action: string }) => l.action)).toEqual(['close', 'recheck', 'phone', 'confirm']);
      expect(logs[0]).toMatchObject({ createdBy: '李卫康', note: '复查后指标正常，结案' });
    });

    it('keeps t.token.staff to their units for findings and tasks', async () => {
      const other = await scalar(
        `SELECT f.id FROM positive_findings f JOIN employees e ON e.id = f.employee_id JOIN units u ON u.id = e.unit_id
        WHERE f.status = 0 AND u.path NOT LIKE (SELECT path FROM units WHERE short_name = '采油一厂') || '%' LIMIT 1`,
      );
      const due = new Date(Date.now() + 86400_000).toISOString().slice(0, 10);
      expect(
        (
          await call('POST', '/api/positive/new/confirm', t.token.staff, {
            ids: [other],
            assigneeId: staffId,
            dueDate: due,
          })
        ).statusCode,
      ).toBe(400);
      const listed = (await call('GET', '/api/positive/new?pageSize=500', t.token.staff)).json().data.records;
      expect(listed.some((f: { id: number }) => f.id === other)).toBe(false);
      expect((await call('GET', '/api/positive/task', await t.login('employee'))).statusCode).toBe(403);
    });

    it('keeps the list filters of the findings and task screens, and reads one row of each in scope only', async () => {
      const get = async (url: string) => (await call('GET', url, t.token.staff)).json().data;
      const level2 = await get('/api/positive/new?level=2&status=1&year=2025&pageSize=50');
      expect(level2.total).toBe(
        await scalar(
          `SELECT count(*) FROM positive_findings f JOIN employees e ON e.id = f.employee_id JOIN units u ON u.id = e.unit_id
          WHERE f.level = 2 AND f.status = 1 AND f.year = 2025
            AND u.path LIKE (SELECT path FROM units WHERE short_name = '采油一厂') || '%'`,
        ),
      );
      expect(level2.records.every((f: { level: number; status: number }) => f.level === 2 && f.status === 1)).toBe(
        true,
      );
      const mine = await get('/api/positive/task?mine=true&pageSize=50');
      expect(mine.total).toBeGreaterThan(0);
      expect(mine.records.every((x: { assigneeId: number }) => x.assigneeId === staffId)).toBe(true);
      const overdue = await get('/api/positive/task?overdue=true&pageSize=50');
      expect(overdue.records.every((x: { overdue: boolean }) => x.overdue)).toBe(true);
      expect((await get(`/api/positive/task?mine=true&assigneeId=${staffId + 1}`)).total).toBe(0);
      const statuses = (await get('/api/positive/task?pageSize=500')).records.map((x: { status: number }) => x.status);
      expect(statuses).toEqual([...statuses].sort((a: number, b: number) => a - b));

      const task = mine.records[0];
      expect(await get(`/api/positive/task/${task.id}`)).toMatchObject({
        id: task.id,
        name: task.name,
        status: task.status,
      });
      const finding = (await get('/api/positive/new?pageSize=1')).records[0];
      expect(await get(`/api/positive/new/${finding.id}`)).toMatchObject({
        id: finding.id,
        ruleName: finding.ruleName,
      });
      const outside = await scalar(
        `SELECT t.id FROM positive_tasks t JOIN employees e ON e.id = t.employee_id JOIN units u ON u.id = e.unit_id
        WHERE u.path NOT LIKE (SELECT path FROM units WHERE short_name = '采油一厂') || '%' LIMIT 1`,
      );
      expect((await call('GET', `/api/positive/task/${outside}`, t.token.staff)).statusCode).toBe(404);
    });

    it('refuses a bad assignee or a past due date on the declared confirm, leaving the finding pending', async () => {
      const finding = (await call('GET', '/api/positive/new?pageSize=1', t.token.staff)).json().data.records[0];
      const confirm = (body: object) =>
        call('POST', `/api/positive/new/${finding.id}/actions/confirm`, t.token.staff, body);
      const due = new Date(Date.now() + 86400_000).toISOString().slice(0, 10);
      const bad = await confirm({ assigneeId: 'abc', dueDate: due });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual([{ path: 'assigneeId', message: '请选择处理人' }]);
      const employee = await scalar("SELECT id FROM users WHERE username = 'employee'");
      expect((await confirm({ assigneeId: employee, dueDate: due })).json().errors[0].path).toBe('assigneeId');
      const past = await confirm({ assigneeId: staffId, dueDate: '2020-01-01' });
      expect(past.json().errors).toEqual([{ path: 'dueDate', message: '截止日期不能早于今天' }]);
      expect(await scalar('SELECT status FROM positive_findings WHERE id = $1', [finding.id])).toBe(0);
      expect(await scalar('SELECT count(*) FROM positive_tasks WHERE finding_id = $1', [finding.id])).toBe(0);
    });

    it('schedules follow-ups from the plan and records outcomes', async () => {
      const finding = (await call('GET', '/api/positive/new?pageSize=1', t.token.staff)).json().data.records[0];
      const plan = await call('POST', '/api/follow-up/task', t.token.staff, {
        employeeId: finding.employeeId,
        findingId: finding.id,
        title: '血压随访',
        method: 1,
        frequencyDays: 30,
        nextDate: '2025-10-01',
        endDate: '2025-12-31',
      });
      const id = plan.json().data.id;
      const rec = await call('POST', `/api/follow-up/task/${id}/record`, t.token.staff, {
        followDate: '2025-10-02',
        method: 1,
        outcome: '血压 135/85，按时服药',
      });
      expect(rec.json().data).toEqual({ nextDate: '2025-11-01', status: 1 });
      const last = await call('POST', `/api/follow-up/task/${id}/record`, t.token.staff, {
        followDate: '2025-12-05',
        method: 3,
        outcome: '血压平稳',
      });
      expect(last.json().data).toEqual({ nextDate: '2026-01-04', status: 2 });
      expect(
        (
          await call('POST', `/api/follow-up/task/${id}/record`, t.token.staff, {
            followDate: '2025-12-06',
            method: 1,
            outcome: 'x',
          })
        ).statusCode,
      ).toBe(400);
      const records = (await call('GET', `/api/follow-up/log?planId=${id}`, t.token.staff)).json().data.records;
      expect(records.map((r: { followDate: string }) => r.followDate)).toEqual(['2025-12-05', '2025-10-02']);
      // The unit filter: the person's own unit (and its parent) finds the records, another unit does not.
      const unitOf = await scalar('SELECT unit_id FROM employees WHERE id = $1', [finding.employeeId]);
      const parentOf = await scalar(
        "SELECT coalesce((SELECT p.id FROM units u JOIN units p ON u.path LIKE p.path || '%' AND p.id <> u.id WHERE u.id = $1 ORDER BY length(p.path) DESC LIMIT 1), $1)",
        [unitOf],
      );
      const other = await scalar(
        "SELECT id FROM units WHERE path NOT LIKE (SELECT path FROM units WHERE id = $1) || '%' ORDER BY id DESC LIMIT 1",
        [parentOf],
      );
      const byUnit = async (unitId: number) =>
        (await call('GET', `/api/follow-up/log?planId=${id}&unitId=${unitId}`, t.token.staff)).json().data.total;
      expect(await byUnit(unitOf)).toBe(2);
      expect(await byUnit(parentOf)).toBe(2);
      expect(await byUnit(other)).toBe(0);
    });

    it('generates the year service packages from the risk level mapping, then signs and completes them', async () => {
      const gen = (await call('POST', '/api/contract/generate', t.token.staff, { year: 2024 })).json().data;
      const inScope = await scalar(
        `SELECT count(*) FROM person_tags t JOIN employees e ON e.id = t.employee_id JOIN units u ON u.id = e.unit_id
        WHERE t.year = 2024 AND u.path LIKE (SELECT path FROM units WHERE short_name = '采油一厂') || '%'`,
      );
      expect(gen.created).toBe(inScope);
      expect((await call('POST', '/api/contract/generate', t.token.staff, { year: 2024 })).json().data.created).toBe(0);
      const mismatched = await scalar(
        `SELECT count(*) FROM service_contracts s JOIN person_tags t ON t.employee_id = s.employee_id AND t.year = s.year
        WHERE s.level <> CASE t.risk_level WHEN '健康' THEN 1 WHEN '风险' THEN 1 WHEN '异常' THEN 2 ELSE 3 END`,
      );
      expect(mismatched).toBe(0);
      const c = (await call('GET', '/api/contract?year=2024&pageSize=1', t.token.staff)).json().data.records[0];
      expect(c.status).toBe(0);
      expect(
        (await call('POST', `/api/contract/${c.id}/complete`, t.token.staff, { version: c.version })).statusCode,
      ).toBe(400);
      expect((await call('POST', `/api/contract/${c.id}/sign`, t.token.staff, { version: c.version })).statusCode).toBe(
        200,
      );
      expect((await call('POST', `/api/contract/${c.id}/sign`, t.token.staff, { version: c.version })).statusCode).toBe(
        409,
      );
      expect(
        (await call('POST', `/api/contract/${c.id}/complete`, t.token.staff, { version: c.version + 1 })).statusCode,
      ).toBe(200);
      const person = (await call('GET', `/api/phr/${c.employeeId}/work`, t.token.staff)).json().data;
      expect(person.contracts.find((x: { year: number }) => x.year === 2024)).toMatchObject({ status: 2 });
      expect(person.tags.length).toBeGreaterThan(0);
    });

    it('shows tags in the record list and filters by risk level and disease', async () => {
      const all = (await call('GET', '/api/phr?pageSize=500', t.token.staff)).json().data.records;
      const tagged = all.filter((r: { tags?: unknown }) => r.tags);
      expect(tagged.length).toBeGreaterThan(0);
      expect(tagged[0].tags).toEqual({
        level_tag: expect.any(Array),
        audience_tag: expect.any(String),
        user_level_tag: expect.stringMatching(/^(\d级服务包)?$/),
      });
      const chronic = (
        await call('GET', `/api/phr?pageSize=500&riskLevel=${encodeURIComponent('慢病')}`, t.token.staff)
      ).json().data.records;
      expect(chronic.length).toBe(
        tagged.filter((r: { tags: { audience_tag: string } }) => r.tags.audience_tag === '慢病').length,
      );
      const hyper = (
        await call('GET', `/api/phr?pageSize=500&disease=${encodeURIComponent('高血压')}`, t.token.staff)
      ).json().data.records;
      expect(
        hyper.every((r: { tags: { level_tag: string[] } }) => r.tags.level_tag.some((x) => x.startsWith('高血压:'))),
      ).toBe(true);
    });

    it('ships the guideline rule library: FPG 7.6 is an orange finding, 140/90 a blood-pressure finding', async () => {
      expect(await scalar("SELECT count(*) FROM positive_rules WHERE code LIKE 'guide.%'")).toBe(
        GUIDELINE_RULES.length,
      );
      const remark = await t.db.query<{ remark: string }>(
        "SELECT remark FROM positive_rules WHERE code = 'guide.bp.1'",
      );
      expect(remark.rows[0].remark).toContain('中国高血压防治指南');
      // The demo's diabetic-range glucose is flagged (SPEC §9's 6.1–7 sample rule alone missed it).
      const diabetic = await scalar(
        `SELECT count(*) FROM health_checks c JOIN employees e ON e.id = c.employee_id
        WHERE c.deleted_at IS NULL AND (c."values"->>'FPG')::numeric >= 7 AND extract(year FROM age(c.check_date, e.birthday)) >= 18`,
      );
      expect(diabetic).toBeGreaterThan(0);
      expect(
        await scalar(
          `SELECT count(*) FROM positive_findings f JOIN positive_rules r ON r.id = f.rule_id
          WHERE r.code = 'guide.glucose.fpg' AND f.level = 2`,
        ),
      ).toBe(diabetic);
      const person = await scalar(
        `SELECT e.id FROM employees e JOIN units u ON u.id = e.unit_id
        WHERE u.path LIKE (SELECT path FROM units WHERE name = '第一采油厂') || '%'
          AND e.birthday < DATE '1990-01-01' ORDER BY e.id LIMIT 1`,
      );
      const res = await call('POST', '/api/phr/check', t.token.staff, {
        employeeId: person,
        checkDate: '2026-04-01',
        values: { FPG: 7.6, SBP: 140, DBP: 90 },
      });
      expect(res.statusCode, res.body).toBe(200);
      const { rows } = await t.db.query<{ names: string; level: number }>(
        `SELECT r.names, f.level FROM positive_findings f JOIN positive_rules r ON r.id = f.rule_id
        WHERE f.check_id = $1 ORDER BY r.names`,
        [res.json().data.id],
      );
      expect(rows).toEqual(
        expect.arrayContaining([
          { names: '空腹血糖达糖尿病水平', level: 2 },
          { names: '高血压1级', level: 1 },
        ]),
      );
      const tags = await t.db.query('SELECT bp, glucose FROM person_tags WHERE employee_id = $1 AND year = 2026', [
        person,
      ]);
      expect(tags.rows[0]).toEqual({ bp: 1, glucose: 2 });
    });

    it('brings an existing database up to date at start-up: missing default rules once, tags of a changed definition', async () => {
      // Run the queued job here (the server's own runner may take it first: then wait for that one).
      const drain = async () => {
        await new EvaluationJobs(t.db, t.app.log).drain();
        for (let i = 0; i < 400; i++) {
          if (!(await scalar("SELECT count(*) FROM evaluation_jobs WHERE status IN ('queued', 'running')"))) return;
          await new Promise((r) => setTimeout(r, 50));
        }
        throw new Error('re-evaluation did not finish');
      };
      const uaRow = INDICATOR_TABLE_ROWS.find((r) => r.abnormality === 'ua')!;
      const uaPeople = await scalar(
        `SELECT count(*) FROM person_tags t JOIN health_checks c ON c.id = t.check_id JOIN employees e ON e.id = t.employee_id
        WHERE ${uaRow.sql}`,
      );
      expect(await scalar('SELECT count(*) FROM person_tags WHERE ua > 0')).toBe(uaPeople);
      expect(await t.db.tx((q) => seedDefaultRules(q))).toEqual({ added: [], queued: false });

      // Tags stored under an earlier definition (uric acid > 420 for both sexes): recomputed, no rule added.
      await t.db.query("UPDATE app_settings SET value = '\"earlier\"'::jsonb WHERE key = 'tags.criteria'");
      await t.db.query('UPDATE person_tags SET ua = 0');
      expect(await t.db.tx((q) => seedDefaultRules(q))).toEqual({ added: [], queued: true });
      await drain();
      expect(await scalar('SELECT count(*) FROM person_tags WHERE ua > 0')).toBe(uaPeople);

      // A database from before the library had this rule: it is added once and evaluated over the old checks.
      const fpg = await scalar(
        "SELECT count(*) FROM positive_findings f JOIN positive_rules r ON r.id = f.rule_id WHERE r.code = 'guide.glucose.fpg'",
      );
      await t.db.query(
        "UPDATE positive_rules SET code = NULL, enabled = false, deleted_at = now() WHERE code = 'guide.glucose.fpg'",
      );
      const first = await t.db.tx((q) => seedDefaultRules(q));
      expect(first).toEqual({ added: [expect.any(Number)], queued: true });
      await drain();
      expect(await scalar('SELECT count(*) FROM positive_findings WHERE rule_id = $1', [first.added[0]])).toBe(fpg);
      expect(await t.db.tx((q) => seedDefaultRules(q))).toEqual({ added: [], queued: false });
      expect(await scalar("SELECT count(*) FROM positive_rules WHERE code LIKE 'guide.%'")).toBe(
        GUIDELINE_RULES.length,
      );
    });
  },
);
