import { conditionValues, evaluate, validateCondition } from '@peis/shared';
import { beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed';
import { knownCodes } from '../../lib/rule-evaluation';
import { withTestApp } from '../../test/suite';
import { queueRun, runJob } from './jobs';

/**
 * 干预模型 and 干预任务 over the API: versions, preview counts (the compiled SQL against the TypeScript
 * evaluation of the same people), runs that never make a task twice, planned actions with prescription drafts,
 * 标记完成, 完成/终止, scope, and starting from a confirmed finding.
 */
/** The prescriptions the main test model plans; the diet one is followed through issue and void. */
const RX = { dietRx: true, fitnessRx: true };
const RX_KIND = RX.dietRx ? 1 : 2;
const RX_TABLE = RX.dietRx ? 'diet_prescriptions' : 'fitness_prescriptions';
/** The planned kinds in order: prescriptions, four follow-ups (every 3 months for 12), two education items. */
const KINDS = [...(RX.dietRx ? [1] : []), ...(RX.fitnessRx ? [2] : []), 3, 3, 3, 3, 4, 4];
const EDU = KINDS.indexOf(4);

withTestApp('interventions on $name', { employees: 160, users: ['staff', 'employee'] }, (t) => {
  const { call } = t;
  let year: number;
  let plantPath: string;

  const model = (over: Record<string, unknown> = {}) => ({
    name: '测试血压干预',
    condition: 'BP_LEVEL >= 1',
    enabled: true,
    durationMonths: 12,
    ...RX,
    followMethod: 1,
    followEveryMonths: 3,
    followForMonths: 12,
    education: [
      { title: '低盐饮食', content: '每日食盐不超过5克' },
      { title: '家庭自测血压', content: '每周至少测量2天' },
    ],
    description: '血压分级1级及以上',
    ...over,
  });
  const create = async (over: Record<string, unknown> = {}) => {
    const res = await call('POST', '/api/hi/model', t.token.staff, model(over));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: number; version: number; currentVersion: number };
  };
  const runToEnd = async (modelId: number, token = t.token.staff) => {
    const res = await call('POST', `/api/hi/model/${modelId}/run`, token, { year });
    expect(res.statusCode, res.body).toBe(200);
    const { jobId } = res.json().data;
    for (let i = 0; i < 400; i++) {
      const job = (await call('GET', `/api/hi/jobs/${jobId}`, token)).json().data;
      if (job.status === 'failed') throw new Error(job.error);
      if (job.status === 'done') return job;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the run did not end');
  };
  /** The people of the year (all, or in the staff's plant) whose facts make `condition` true, by TypeScript. */
  const expected = async (condition: string, plantOnly: boolean) => {
    const tree = validateCondition(condition, await knownCodes(t.db));
    const { rows } = await t.db.query<{
      employee_id: number;
      values: Record<string, number>;
      bp: number;
      lipid: number;
      glucose: number;
      ua: number;
      weight: number;
      risk_level: string;
      sex: number;
      age: number;
      findings: number;
    }>(
      `SELECT pt.employee_id, c."values", pt.bp, pt.lipid, pt.glucose, pt.ua, pt.weight, pt.risk_level, e.sex,
                date_part('year', age(c.check_date, e.birthday))::int AS age,
                (SELECT count(*)::int FROM positive_findings f JOIN positive_tasks pk ON pk.finding_id = f.id
                  WHERE f.employee_id = e.id AND f.status = 1 AND pk.status IN (1, 2)) AS findings
           FROM person_tags pt JOIN employees e ON e.id = pt.employee_id JOIN health_checks c ON c.id = pt.check_id
           JOIN units u ON u.id = e.unit_id
          WHERE pt.year = $1 AND e.deleted_at IS NULL AND ($2::text IS NULL OR u.path LIKE $2 || '%')`,
      [year, plantOnly ? plantPath : null],
    );
    const matched = rows.filter((r) =>
      evaluate(
        tree,
        conditionValues({
          values: r.values,
          tags: { bp: r.bp, lipid: r.lipid, glucose: r.glucose, ua: r.ua, weight: r.weight, riskLevel: r.risk_level },
          age: r.age,
          sex: r.sex,
          findings: r.findings,
        }),
      ),
    );
    return { total: rows.length, ids: matched.map((r) => Number(r.employee_id)).sort((a, b) => a - b) };
  };
  const taskCount = (where: string, params: unknown[] = []) =>
    t.scalar(`SELECT count(*) FROM intervention_tasks WHERE ${where}`, params);

  /** A health staff account of the whole company (the demo staff sees one plant). */
  let company: string;
  beforeAll(async () => {
    await t.addAccount({
      username: 'hq-staff',
      password: DEMO_PASSWORD,
      name: '总部健康管理',
      roleCode: 'healthStaff',
      unitId: null,
    });
    company = await t.login('hq-staff');
    year = await t.scalar('SELECT max(year) FROM person_tags');
    plantPath = (await t.db.query<{ path: string }>("SELECT path FROM units WHERE short_name = '采油一厂'")).rows[0]
      .path;
  });

  it('the demo holds the five models, and tasks of the first two for the staff plant with part of them done', async () => {
    const { rows } = await t.db.query<{ name: string; tasks: number; outside: number; done: number }>(
      `SELECT m.name, count(it.id)::int AS tasks,
                count(it.id) FILTER (WHERE u.path NOT LIKE $1 || '%')::int AS outside,
                coalesce(sum(it.actions_done), 0)::int AS done
           FROM intervention_models m LEFT JOIN intervention_tasks it ON it.model_id = m.id
           LEFT JOIN employees e ON e.id = it.employee_id LEFT JOIN units u ON u.id = e.unit_id
          GROUP BY m.id, m.name ORDER BY m.id`,
      [plantPath],
    );
    expect(rows.map((r) => r.name)).toEqual(['高血压干预', '糖尿病干预', '血脂异常干预', '高尿酸干预', '超重肥胖干预']);
    const want = await expected('BP_LEVEL >= 1', true);
    expect(rows[0]).toMatchObject({ tasks: want.ids.length, outside: 0 });
    expect(rows[0].done).toBeGreaterThan(0);
    expect(rows.slice(2).every((r) => r.tasks === 0)).toBe(true);
    const versions = await t.scalar('SELECT count(*) FROM intervention_model_versions WHERE version = 1');
    expect(versions).toBe(5);
  });

  it('refuses a condition naming an unknown code (with its position), and a model without actions', async () => {
    const bad = await call(
      'POST',
      '/api/hi/model',
      t.token.staff,
      model({ condition: 'BP_LEVEL >= 1 && CHINA_PAR > 10' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'condition', message: '第18个字符处：未知的指标代码 "CHINA_PAR"' }]);
    const none = await call(
      'POST',
      '/api/hi/model',
      t.token.staff,
      model({
        dietRx: false,
        fitnessRx: false,
        followMethod: null,
        followEveryMonths: null,
        followForMonths: null,
        education: [],
      }),
    );
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].path).toBe('dietRx');
    const longFollow = await call('POST', '/api/hi/model', t.token.staff, model({ durationMonths: 6 }));
    expect(longFollow.statusCode).toBe(400);
    expect(longFollow.json().errors[0]).toEqual({ path: 'followForMonths', message: '随访时长不能超过干预周期' });
  });

  it('every save is a version with its snapshot; the list reads the condition', async () => {
    const m = await create({ name: '版本测试' });
    expect(m.currentVersion).toBe(1);
    const upd = await call('PUT', `/api/hi/model/${m.id}`, t.token.staff, {
      ...model({ name: '版本测试', condition: 'BP_LEVEL >= 2' }),
      version: m.version,
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().data.currentVersion).toBe(2);
    const versions = (await call('GET', `/api/hi/model/${m.id}/versions`, t.token.staff)).json().data;
    expect(versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(versions[0].snapshot.condition).toBe('BP_LEVEL >= 2');
    expect(versions[1].snapshot.condition).toBe('BP_LEVEL >= 1');
    expect(versions[1].snapshot.education).toHaveLength(2);
    const detail = (await call('GET', `/api/hi/model/${m.id}`, t.token.staff)).json().data;
    expect(detail.versions).toMatch(/^第2版 .+；第1版 /);
  });

  it('without a year, a preview reads the latest yearly round, not a year holding only a few new checks', async () => {
    const before = await call('POST', '/api/hi/model/preview', company, { condition: 'BP_LEVEL >= 0' });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data.year).toBe(year);
    // One person checked early in the next year: that year is not yet the round a model runs on.
    const next = Number(year) + 1;
    await t.db.query(
      `INSERT INTO person_tags (employee_id, year, check_id, risk_level)
       SELECT employee_id, $1, check_id, risk_level FROM person_tags WHERE year = $2 ORDER BY employee_id LIMIT 1`,
      [next, year],
    );
    try {
      const after = await call('POST', '/api/hi/model/preview', company, { condition: 'BP_LEVEL >= 0' });
      expect(after.json().data.year).toBe(year);
      expect(after.json().data.total).toBe(before.json().data.total);
    } finally {
      await t.db.query('DELETE FROM person_tags WHERE year = $1', [next]);
    }
  });

  it('preview counts exactly the people the TypeScript evaluation matches, on both sides of a threshold', async () => {
    const conditions = [
      'BP_LEVEL >= 1',
      'BP_LEVEL >= 2',
      'RISK >= 4 && SEX == 1',
      'AGE >= 45 || WEIGHT_LEVEL >= 2',
      'SBP >= 140 && !(GLUCOSE_LEVEL >= 1)',
      'FINDINGS > 0',
      'BMI / 2 > 12 || UA_LEVEL + LIPID_LEVEL >= 2',
    ];
    for (const condition of conditions) {
      const want = await expected(condition, false);
      const res = await call('POST', '/api/hi/model/preview', company, { condition, year });
      expect(res.statusCode, res.body).toBe(200);
      const got = res.json().data;
      expect({ condition, total: got.total, matched: got.matched }).toEqual({
        condition,
        total: want.total,
        matched: want.ids.length,
      });
      expect(got.sample.map((s: { employeeId: number }) => s.employeeId)).toEqual(want.ids.slice(0, 20));
    }
    expect((await expected('BP_LEVEL >= 1', false)).ids.length).toBeGreaterThan(0);
    // The staff of one plant previews its plant only; each sample row names the values the condition read.
    const staff = (await call('POST', '/api/hi/model/preview', t.token.staff, { condition: 'SBP >= 130' })).json().data;
    const plant = await expected('SBP >= 130', true);
    expect([staff.total, staff.matched]).toEqual([plant.total, plant.ids.length]);
    expect(staff.year).toBe(year);
    if (staff.sample[0]) expect(Object.keys(staff.sample[0].values)).toEqual(['SBP']);
    expect(staff.sample.every((s: { values: { SBP: number } }) => s.values.SBP >= 130)).toBe(true);
    const wrong = await call('POST', '/api/hi/model/preview', t.token.staff, { condition: 'SBP >= ' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].path).toBe('condition');
  });

  let htn: { id: number; version: number };
  it('a run creates one task per matching person of the account scope, never twice; a new version runs again', async () => {
    htn = await create();
    const want = await expected('BP_LEVEL >= 1', true);
    const first = await runToEnd(htn.id);
    expect(first).toMatchObject({
      status: 'done',
      total: want.ids.length,
      done: want.ids.length,
      created: want.ids.length,
      skipped: 0,
    });
    const ids = (
      await t.db.query<{ employee_id: number }>(
        'SELECT employee_id FROM intervention_tasks WHERE model_id = $1 ORDER BY employee_id',
        [htn.id],
      )
    ).rows.map((r) => Number(r.employee_id));
    expect(ids).toEqual(want.ids);
    const seen = (
      await call('POST', '/api/hi/model/preview', t.token.staff, { condition: 'BP_LEVEL >= 1', modelId: htn.id, year })
    ).json().data;
    expect(seen).toMatchObject({ matched: want.ids.length, alreadyTasked: want.ids.length, modelVersion: 1 });
    // The staff's run is not another account's to watch, unless that account sees the whole company.
    const runs = (await call('GET', `/api/hi/jobs?modelId=${htn.id}`, t.token.staff)).json().data;
    expect(runs).toHaveLength(1);
    expect((await call('GET', `/api/hi/jobs/${runs[0].id}`, company)).statusCode).toBe(200);
    await t.addAccount({
      username: 'plant2-staff',
      password: DEMO_PASSWORD,
      name: '二厂健康管理',
      roleCode: 'healthStaff',
      unitId: await t.unitId('采油二厂'),
    });
    const other = await t.login('plant2-staff');
    expect((await call('GET', `/api/hi/jobs/${runs[0].id}`, other)).statusCode).toBe(404);
    expect((await call('GET', '/api/hi/jobs', other)).json().data).toEqual([]);
    const again = await runToEnd(htn.id);
    expect(again).toMatchObject({ status: 'done', created: 0, skipped: want.ids.length });
    expect(await taskCount('model_id = $1', [htn.id])).toBe(want.ids.length);
    // Saved again: version 2, whose run makes each person a task of its own.
    const saved = (await call('GET', `/api/hi/model/${htn.id}`, t.token.staff)).json().data;
    const upd = await call('PUT', `/api/hi/model/${htn.id}`, t.token.staff, { ...model(), version: saved.version });
    expect(upd.statusCode, upd.body).toBe(200);
    const v2 = await runToEnd(htn.id);
    expect(v2).toMatchObject({ modelVersion: 2, created: want.ids.length, skipped: 0 });
    expect(await taskCount('model_id = $1 AND model_version = 2', [htn.id])).toBe(want.ids.length);
  });

  it('each task carries its planned actions, the prescription as a draft linked to its action', async () => {
    const task = (await call('GET', `/api/hi/task?modelId=${htn.id}&pageSize=1`, t.token.staff)).json().data.records[0];
    expect(task).toMatchObject({
      modelName: '测试血压干预',
      status: 1,
      actionsDone: 0,
      actionsTotal: KINDS.length,
      overdue: false,
    });
    const detail = (await call('GET', `/api/hi/task/${task.id}`, t.token.staff)).json().data;
    expect(detail.actions.map((a: { kind: number }) => a.kind)).toEqual(KINDS);
    expect(detail.actions[EDU]).toMatchObject({ title: '宣教：低盐饮食', content: '每日食盐不超过5克', doneAt: null });
    const withDraft = await t.scalar(
      `SELECT count(*) FROM intervention_actions a JOIN intervention_tasks it ON it.id = a.task_id
           JOIN ${RX_TABLE} p ON p.id = a.ref_id AND p.employee_id = it.employee_id AND p.status = 1
          WHERE it.model_id = $1 AND a.kind = $2`,
      [htn.id, RX_KIND],
    );
    expect(withDraft).toBeGreaterThan(0);
    const { rows: linked } = await t.db.query<{ task_id: number; ref_id: number }>(
      `SELECT a.task_id, a.ref_id FROM intervention_actions a JOIN intervention_tasks it ON it.id = a.task_id
          WHERE it.model_id = $1 AND a.kind = $2 AND a.ref_id IS NOT NULL ORDER BY a.id LIMIT 1`,
      [htn.id, RX_KIND],
    );
    {
      const rx = { refId: Number(linked[0].ref_id) };
      const taskId = Number(linked[0].task_id);
      // Issuing the prescription completes the action (the database keeps it so, whoever issues it).
      const before = (await call('GET', `/api/hi/task/${taskId}`, t.token.staff)).json().data;
      await t.db.query(`UPDATE ${RX_TABLE} SET status = 2, issued_at = now() WHERE id = $1`, [rx.refId]);
      const after = (await call('GET', `/api/hi/task/${taskId}`, t.token.staff)).json().data;
      const act = (d: { actions: { kind: number; id: number; doneAt: string | null }[] }) =>
        d.actions.find((a) => a.kind === RX_KIND)!;
      expect(act(after)).toMatchObject({ refId: rx.refId, note: '处方已开具' });
      expect(act(after).doneAt).not.toBeNull();
      expect([after.actionsDone, after.version]).toEqual([before.actionsDone + 1, before.version + 1]);
      // Done by the prescription: not to be ticked by hand.
      const byHand = await call('POST', `/api/hi/task/${taskId}/actions/${act(after).id}/done`, t.token.staff, {});
      expect(byHand.statusCode).toBe(409);
      // Voided: open again, and then staff may close it with a note.
      await t.db.query(`UPDATE ${RX_TABLE} SET status = 5 WHERE id = $1`, [rx.refId]);
      const voided = (await call('GET', `/api/hi/task/${taskId}`, t.token.staff)).json().data;
      expect([act(voided).doneAt, voided.actionsDone]).toEqual([null, before.actionsDone]);
      const url = `/api/hi/task/${taskId}/actions/${act(after).id}/done`;
      const noNote = await call('POST', url, t.token.staff, {});
      expect(noNote.json().errors[0].path).toBe('note');
      expect((await call('POST', url, t.token.staff, { note: '改由门诊开具' })).statusCode).toBe(200);
    }
  });

  it('标记完成 marks one action done (progress, version, audit), once, and only in scope', async () => {
    const task = (await call('GET', `/api/hi/task?modelId=${htn.id}&pageSize=1`, t.token.staff)).json().data.records[0];
    const detail = (await call('GET', `/api/hi/task/${task.id}`, t.token.staff)).json().data;
    const follow = detail.actions.find((a: { kind: number }) => a.kind === 3);
    const url = `/api/hi/task/${task.id}/actions/${follow.id}/done`;
    const audits = () =>
      t.scalar("SELECT count(*) FROM audit_log WHERE action = 'actionDone' AND record_id = $1", [String(task.id)]);
    const auditsBefore = await audits();
    const res = await call('POST', url, t.token.staff, { note: '电话随访，血压控制尚可' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ actionsDone: detail.actionsDone + 1, version: detail.version + 1 });
    expect((await call('POST', url, t.token.staff, {})).statusCode).toBe(409);
    expect(await audits()).toBe(auditsBefore + 1);
    // An action whose prescription is a live draft is done by issuing it, not by hand.
    const { rows: draft } = await t.db.query<{ task_id: number; id: number }>(
      `SELECT a.task_id, a.id FROM intervention_actions a JOIN ${RX_TABLE} p ON p.id = a.ref_id AND p.status = 1
          WHERE a.kind = $1 AND a.done_at IS NULL ORDER BY a.id LIMIT 1`,
      [RX_KIND],
    );
    const byHand = await call('POST', `/api/hi/task/${draft[0].task_id}/actions/${draft[0].id}/done`, t.token.staff, {
      note: '已开',
    });
    expect(byHand.statusCode).toBe(400);
    expect(byHand.json().msg).toBe('处方类措施在处方开具后自动完成，请在处方页面审核并开具');
    // A task of a person outside the staff's plant: not found.
    await t.db.tx(async (q) => {
      await q.query(
        `INSERT INTO intervention_tasks (employee_id, model_id, model_version, year, start_date, due_date, actions_total, next_due)
           SELECT e.id, $1, 1, $2, current_date, current_date + 30, 1, current_date + 5 FROM employees e JOIN units u ON u.id = e.unit_id
            WHERE u.path NOT LIKE $3 || '%' ORDER BY e.id LIMIT 1`,
        [htn.id, year - 1, plantPath],
      );
      await q.query(
        `INSERT INTO intervention_actions (task_id, position, kind, title, due_date)
           SELECT id, 1, 4, '宣教：测试', current_date + 5 FROM intervention_tasks WHERE year = $1 AND model_id = $2`,
        [year - 1, htn.id],
      );
    });
    const far = await t.db.query<{ id: number; action: number }>(
      `SELECT it.id, a.id AS action FROM intervention_tasks it JOIN intervention_actions a ON a.task_id = it.id
          WHERE it.year = $1 AND it.model_id = $2`,
      [year - 1, htn.id],
    );
    const farUrl = `/api/hi/task/${far.rows[0].id}/actions/${far.rows[0].action}/done`;
    expect((await call('POST', farUrl, t.token.staff, {})).statusCode).toBe(404);
    expect((await call('GET', `/api/hi/task/${far.rows[0].id}`, t.token.staff)).statusCode).toBe(404);
    expect((await call('POST', farUrl, company, {})).statusCode).toBe(200);
  });

  it('marks a task overdue when an undone action is past its due date, and filters on it', async () => {
    const task = (await call('GET', `/api/hi/task?modelId=${htn.id}&pageSize=1`, t.token.staff)).json().data.records[0];
    await t.db.query(
      `UPDATE intervention_actions SET due_date = current_date - 1 WHERE task_id = $1 AND kind = 4;
         SELECT intervention_task_recount(ARRAY[$1::bigint], false)`.split(';')[0],
      [task.id],
    );
    await t.db.query('SELECT intervention_task_recount(ARRAY[$1::bigint], false)', [task.id]);
    const overdue = (await call('GET', '/api/hi/task?overdue=true&pageSize=500', t.token.staff)).json().data.records;
    expect(overdue.map((r: { id: number }) => r.id)).toContain(task.id);
    expect(overdue.every((r: { overdue: boolean }) => r.overdue)).toBe(true);
  });

  it('完成 requires the outcome; 终止 the reason; an ended task takes no more marks', async () => {
    const [a, b] = (await call('GET', `/api/hi/task?modelId=${htn.id}&status=1&pageSize=2`, t.token.staff)).json().data
      .records;
    const noOutcome = await call('POST', `/api/hi/task/${a.id}/actions/complete`, t.token.staff, {});
    expect(noOutcome.statusCode).toBe(400);
    const done = await call('POST', `/api/hi/task/${a.id}/actions/complete`, t.token.staff, {
      outcome: '血压降至正常高值，继续自我管理',
    });
    expect(done.statusCode, done.body).toBe(200);
    const after = (await call('GET', `/api/hi/task/${a.id}`, t.token.staff)).json().data;
    expect(after).toMatchObject({ status: 2, outcome: '血压降至正常高值，继续自我管理', overdue: false });
    expect(after.completedAt).toBeTruthy();
    const open = after.actions.find((x: { doneAt: string | null }) => !x.doneAt);
    expect((await call('POST', `/api/hi/task/${a.id}/actions/${open.id}/done`, t.token.staff, {})).statusCode).toBe(
      409,
    );
    expect(
      (await call('POST', `/api/hi/task/${a.id}/actions/complete`, t.token.staff, { outcome: 'x' })).statusCode,
    ).toBe(409);
    const end = await call('POST', `/api/hi/task/${b.id}/actions/terminate`, t.token.staff, { reason: '调离本单位' });
    expect(end.statusCode, end.body).toBe(200);
    expect((await call('GET', `/api/hi/task/${b.id}`, t.token.staff)).json().data).toMatchObject({
      status: 3,
      endReason: '调离本单位',
    });
  });

  it('staff of one plant list only their people; the employee account has no menu', async () => {
    const admin = (await call('GET', '/api/hi/task?pageSize=1', company)).json().data.total;
    const staff = (await call('GET', '/api/hi/task?pageSize=500', t.token.staff)).json().data;
    const plantTasks = await t.scalar(
      `SELECT count(*) FROM intervention_tasks it JOIN employees e ON e.id = it.employee_id JOIN units u ON u.id = e.unit_id
          WHERE u.path LIKE $1 || '%'`,
      [plantPath],
    );
    expect(staff.total).toBe(plantTasks);
    expect(admin).toBeGreaterThan(staff.total);
    expect((await call('GET', '/api/hi/task', t.token.employee)).statusCode).toBe(403);
    expect((await call('GET', '/api/hi/model', t.token.employee)).statusCode).toBe(403);
    expect((await call('POST', '/api/hi/model/preview', t.token.employee, { condition: 'SBP > 1' })).statusCode).toBe(
      403,
    );
  });

  it('a confirmed finding starts an intervention for its person, once per model version and year', async () => {
    const m = await create({ name: '阳性启动', condition: 'FINDINGS > 0', dietRx: false });
    const { rows } = await t.db.query<{ id: number; employee_id: number; year: number }>(
      `SELECT f.id, f.employee_id, f.year FROM positive_findings f JOIN employees e ON e.id = f.employee_id
           JOIN units u ON u.id = e.unit_id WHERE f.status = 1 AND u.path LIKE $1 || '%' ORDER BY f.id LIMIT 1`,
      [plantPath],
    );
    const finding = rows[0];
    expect(finding).toBeTruthy();
    const res = await call('POST', '/api/hi/task/start', t.token.staff, {
      findingId: Number(finding.id),
      modelId: m.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      employeeId: Number(finding.employee_id),
      findingId: Number(finding.id),
      year: finding.year,
      modelVersion: 1,
      status: 1,
    });
    const twice = await call('POST', '/api/hi/task/start', t.token.staff, {
      findingId: Number(finding.id),
      modelId: m.id,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().data.taskId).toBe(res.json().data.id);
    const open = await t.db.query<{ id: number }>('SELECT id FROM positive_findings WHERE status = 0 LIMIT 1');
    if (open.rows[0]) {
      const unconfirmed = await call('POST', '/api/hi/task/start', company, {
        findingId: Number(open.rows[0].id),
        modelId: m.id,
      });
      expect(unconfirmed.statusCode).toBe(400);
    }
  });
  it('a person who already has an open prescription gets no second one: the action links it, done once issued', async () => {
    const m = await create({ name: '已有处方', condition: 'SBP > 0', dietRx: true, fitnessRx: false });
    const { rows } = await t.db.query<{ finding: number; employee_id: number; rx: number }>(
      `SELECT f.id AS finding, f.employee_id, p.id AS rx FROM positive_findings f
         JOIN diet_prescriptions p ON p.employee_id = f.employee_id AND p.status IN (1, 2, 3) AND p.deleted_at IS NULL
         JOIN employees e ON e.id = f.employee_id JOIN units u ON u.id = e.unit_id
        WHERE f.status = 1 AND u.path LIKE $1 || '%' ORDER BY f.id LIMIT 1`,
      [plantPath],
    );
    const [hit] = rows;
    expect(hit).toBeTruthy();
    await t.db.query('UPDATE diet_prescriptions SET status = 2, issued_at = coalesce(issued_at, now()) WHERE id = $1', [
      hit.rx,
    ]);
    const before = await t.scalar('SELECT count(*) FROM diet_prescriptions WHERE employee_id = $1', [hit.employee_id]);
    const res = await call('POST', '/api/hi/task/start', t.token.staff, {
      findingId: Number(hit.finding),
      modelId: m.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const task = res.json().data;
    const diet = task.actions.find((a: { kind: number }) => a.kind === 1);
    expect(diet).toMatchObject({ refId: Number(hit.rx), note: '处方已开具' });
    expect(diet.doneAt).not.toBeNull();
    expect(task.actionsDone).toBe(1);
    expect(await t.scalar('SELECT count(*) FROM diet_prescriptions WHERE employee_id = $1', [hit.employee_id])).toBe(
      before,
    );
  });
  it('two runs of the same version at once (two instances) still give each person one task', async () => {
    const m = await create({ name: '并发运行', condition: 'LIPID_LEVEL >= 1', dietRx: false, fitnessRx: false });
    const noPrescriptions = {
      diet: () => Promise.reject(new Error('no prescription planned')),
      fitness: () => Promise.reject(new Error('no prescription planned')),
    };
    const scope = { userType: 2, unitPath: null, employeeId: null };
    const userId = await t.scalar("SELECT id FROM users WHERE username = 'staff'");
    const jobs = await t.db.tx(async (q) => [
      await queueRun(q, { modelId: m.id, version: 1, year, userId, scope }),
      await queueRun(q, { modelId: m.id, version: 1, year, userId, scope }),
    ]);
    // Marked running so that no runner of the test app claims them meanwhile.
    await t.db.query(
      "UPDATE intervention_jobs SET status = 'running', lease_until = now() + interval '1 hour' WHERE id = ANY($1)",
      [jobs],
    );
    await Promise.all(jobs.map((id) => runJob(t.db, id, noPrescriptions)));
    const want = (await expected('LIPID_LEVEL >= 1', false)).ids.length;
    expect(await taskCount('model_id = $1', [m.id])).toBe(want);
    const created = await t.scalar('SELECT sum(created) FROM intervention_jobs WHERE id = ANY($1)', [jobs]);
    const skipped = await t.scalar('SELECT sum(skipped) FROM intervention_jobs WHERE id = ANY($1)', [jobs]);
    expect([created, skipped]).toEqual([want, want]);
  });
});
