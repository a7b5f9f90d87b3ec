import { idCardCheckChar } from '@peis/shared';
import { beforeAll, expect, it } from 'vitest';
import { withTestApp } from '../../test/suite';

/** A valid ID number (check character computed) for a birthday yyyymmdd. */
const idCard = (birthday: string, seq = '001') =>
  `110105${birthday}${seq}${idCardCheckChar(`110105${birthday}${seq}`)}`;

/** A complete record as the edit dialog sends it, with every section and conditional field in use. */
export const fullRecord = (unitId: number) => ({
  unitId,
  type: 'add',
  patientInfo: {
    name: '测试档案',
    nation: '汉族',
    idCard: '11010519491231002X',
    mobile: '13912345678',
    permanent: 1,
    guardian: '测试家属',
    ecmobile: '029-88886666',
    educationLevel: 2,
    professional: 1,
    payType: [1, 5],
    companyLevel: '二级单位',
    companyJobTitle: '工程师',
    salaryNumber: 'XB000001',
    companyJob: '技术员',
    workType: '采油工',
    marital: 2,
    fertility: 2,
  },
  healthInfo: { height: 170, weight: 65, blood: 3, waist: 82 },
  pastHistory: {
    illness: {
      has: 1,
      list: [
        { time: '2020-05-01', illnessName: 1, remark: null },
        { time: '2021-06-15', illnessName: 15, remark: '痛风' },
      ],
    },
    surgery: { has: 1, list: [{ time: '2019-03-02', surgeryName: '阑尾切除术' }] },
    trauma: { has: 0, list: [] },
    transfusion: { has: 0, list: [] },
  },
  other: {
    heredity: 1,
    heredityDetail: '家族性高胆固醇血症',
    illnessHostory: '高血压病史5年',
    frist: '血压控制尚可',
    all: '定期随访',
    disability: { value: [1, 4], remark: '听力下降' },
    drugIrritability: { value: [1, 4], remark: '阿司匹林' },
    foodsIrritability: '海鲜',
    expose: [1],
  },
  familyHistory: {
    fater: { value: [1, 15], remark: '痛风' },
    monter: { value: '[2]', remark: null },
    brothers: { value: [], remark: null },
    children: { value: [], remark: null },
    familyDiseases: { value: [5], remark: null },
  },
  lifeInfo: { foods: [1, 4], sleep: 2, smoke: 3, drink: 2, daily: 3, style: '久坐办公' },
  environment: { exhaust: 2, energy: 3, water: 1, toilet: 1, acorral: 1 },
});

withTestApp('personal health record on $name', {}, (t) => {
  const { call, unitId } = t;
  let admin: string;
  let staff: string;
  let unit1: number;
  let unit2: number;
  const counts = async () =>
    (
      await t.db.query<{ e: number; r: number; v: number }>(
        'SELECT (SELECT count(*) FROM employees)::int AS e, (SELECT count(*) FROM health_records)::int AS r, (SELECT count(*) FROM health_record_versions)::int AS v',
      )
    ).rows[0];

  beforeAll(async () => {
    unit1 = await unitId('采油一厂一区');
    unit2 = await unitId('采油二厂');
    // A second health-staff account in the same units, to edit concurrently with the first.
    await t.addAccount({
      username: 'staff2',
      password: 'Staff2@2025',
      name: '王健',
      roleCode: 'healthStaff',
      unitId: unit1,
    });
    admin = await t.login('staff2', 'Staff2@2025');
    staff = await t.login('staff');
  });

  let id: number;

  it('stores a whole record and reads back exactly what was posted, with derivations', async () => {
    const res = await call('POST', '/api/phr/form', staff, fullRecord(unit1));
    expect(res.json()).toMatchObject({ code: 200, status: 'success', msg: '提交成功！' });
    id = res.json().data.id;
    const got = (await call('GET', `/api/phr/${id}`, staff)).json().data;
    const sent = fullRecord(unit1);
    expect(got.record.patientInfo).toMatchObject({
      ...sent.patientInfo,
      sex: 2,
      birthday: '1949-12-31',
      companyName: '第一采油厂第一作业区',
    });
    expect(got.record.patientInfo.age).toBeGreaterThanOrEqual(75);
    expect(got.record.healthInfo).toEqual({ ...sent.healthInfo, BMI: 22.5 });
    expect(got.record.pastHistory).toEqual(sent.pastHistory);
    expect(got.record.other).toEqual(sent.other);
    // The JSON-string family value is stored as the list.
    expect(got.record.familyHistory).toEqual({ ...sent.familyHistory, monter: { value: [2], remark: null } });
    expect(got.record.lifeInfo).toEqual(sent.lifeInfo);
    expect(got.record.environment).toEqual(sent.environment);
    expect(got).toMatchObject({ version: 1, complete: true, missing: [] });
  });

  it('refuses each invalid field with its reason and stores nothing', async () => {
    const before = await counts();
    const bad: [string, (r: ReturnType<typeof fullRecord>) => void, string, string][] = [
      ['missing name', (r) => (r.patientInfo.name = ''), 'patientInfo.name', '必填项'],
      [
        'bad ID check digit',
        (r) => (r.patientInfo.idCard = '110105194912310021'),
        'patientInfo.idCard',
        '身份证号校验位错误',
      ],
      ['bad mobile', (r) => (r.patientInfo.mobile = '12345'), 'patientInfo.mobile', '手机号码格式不正确'],
      ['unknown marital code', (r) => (r.patientInfo.marital = 9), 'patientInfo.marital', '婚姻状况的取值无效'],
      [
        'unknown pay type',
        (r) => (r.patientInfo.payType = [1, 99]),
        'patientInfo.payType',
        '医疗费用支付方式的取值无效',
      ],
      [
        'bad illness date',
        (r) => (r.pastHistory.illness.list[0].time = '2020-02-30'),
        'pastHistory.illness.list.0.time',
        '确诊时间应为有效日期（yyyy-MM-dd）',
      ],
      [
        'other illness without text',
        (r) => (r.pastHistory.illness.list[1].remark = null),
        'pastHistory.illness.list.1.remark',
        '请填写其他疾病名称',
      ],
      [
        'has = 1 without entries',
        (r) => (r.pastHistory.trauma = { has: 1, list: [] }),
        'pastHistory.trauma.list',
        '请填写外伤史',
      ],
      ['heredity without detail', (r) => (r.other.heredityDetail = ''), 'other.heredityDetail', '请填写遗传病名称'],
      [
        'other disability without text',
        (r) => (r.other.disability.remark = ''),
        'other.disability.remark',
        '请填写其他残疾',
      ],
      [
        'other drug without text',
        (r) => (r.other.drugIrritability.remark = ''),
        'other.drugIrritability.remark',
        '请填写其他过敏药物',
      ],
      [
        'family other without text',
        (r) => (r.familyHistory.fater.remark = ''),
        'familyHistory.fater.remark',
        '请填写其他疾病',
      ],
      [
        'bad family JSON',
        (r) => ((r.familyHistory.monter as { value: unknown }).value = '[99]'),
        'familyHistory.monter.value',
        '母亲的取值无效',
      ],
      ['implausible height', (r) => (r.healthInfo.height = 400), 'healthInfo.height', '身高不能大于250'],
      ['unknown water code', (r) => (r.environment.water = 7), 'environment.water', '饮水的取值无效'],
    ];
    for (const [label, mutate, path, message] of bad) {
      const rec = fullRecord(unit1);
      rec.patientInfo.idCard = '110105200001010016';
      mutate(rec);
      const res = await call('POST', '/api/phr/form', staff, rec);
      expect(res.statusCode, label).toBe(400);
      expect(res.json().status, label).toBe('error');
      expect(res.json().errors, label).toContainEqual({ path, message });
    }
    expect(await counts()).toEqual(before);
    const again = await call('POST', '/api/phr/form', staff, fullRecord(unit1));
    expect(again.json().errors).toEqual([{ path: 'patientInfo.idCard', message: '该身份证号已建档' }]);
  });

  it('keeps every version, and answers a stale edit with 409 and changes nothing', async () => {
    const current = (await call('GET', `/api/phr/${id}`, staff)).json().data;
    const edit = {
      ...current.record,
      id,
      version: 1,
      type: 'edit',
      healthInfo: { ...current.record.healthInfo, weight: 70 },
    };
    const first = await call('POST', '/api/phr/form', staff, edit);
    expect(first.json()).toMatchObject({ status: 'success', data: { version: 2 } });
    const stale = await call('POST', '/api/phr/form', admin, {
      ...edit,
      healthInfo: { ...edit.healthInfo, weight: 80 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ status: 'warning', msg: '数据已被他人修改，请刷新后重试' });
    const now = (await call('GET', `/api/phr/${id}`, staff)).json().data;
    expect(now.record.healthInfo).toMatchObject({ weight: 70, BMI: 24.2 });
    const versions = (await call('GET', `/api/phr/${id}/versions`, staff)).json().data;
    expect(versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect([...versions[0].changedPaths].sort()).toEqual(['healthInfo.BMI', 'healthInfo.weight']);
    expect(versions[0].changedBy).toBe('李卫康');
    const idChange = await call('POST', '/api/phr/form', staff, {
      ...now.record,
      id,
      version: 2,
      patientInfo: { ...now.record.patientInfo, idCard: '110105200001010016' },
    });
    expect(idChange.json().errors).toEqual([{ path: 'patientInfo.idCard', message: '身份证号建档后不能修改' }]);
  });

  it('answers concurrent first saves of one record with one 200 and 409s, never a 500', async () => {
    const { rows } = await t.db.query<{ id: number; name: string; id_card: string }>(
      `SELECT e.id, e.name, e.id_card FROM employees e WHERE e.unit_id = $1 AND e.deleted_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM health_records r WHERE r.employee_id = e.id) ORDER BY e.id LIMIT 1`,
      [unit1],
    );
    const emp = rows[0];
    expect(emp, 'a demo employee without a record').toBeDefined();
    const save = (n: number) => {
      const rec = fullRecord(unit1);
      // What the dialog sends for a record not yet created: the employee, no version.
      return call('POST', '/api/phr/form', n % 2 ? staff : admin, {
        ...rec,
        id: Number(emp.id),
        type: 'edit',
        patientInfo: { ...rec.patientInfo, name: emp.name, idCard: emp.id_card, mobile: null },
        lifeInfo: { ...rec.lifeInfo, style: `保存${n}` },
      });
    };
    const answers = await Promise.all(Array.from({ length: 18 }, (_, n) => save(n)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses, answers.find((a) => a.statusCode >= 500)?.body).toEqual([200, ...Array(17).fill(409)]);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(a.json()).toMatchObject({ status: 'warning', msg: '数据已被他人修改，请刷新后重试' });
    const versions = (await call('GET', `/api/phr/${emp.id}/versions`, staff)).json().data;
    expect(versions.map((v: { version: number }) => v.version)).toEqual([1]);

    // A new person posted by several at once: one record, the others refused (409, or 400 once it is there).
    const created = await Promise.all(
      Array.from({ length: 6 }, () =>
        call('POST', '/api/phr/form', staff, {
          ...fullRecord(unit1),
          patientInfo: { ...fullRecord(unit1).patientInfo, name: '并发新建', idCard: idCard('19800101') },
        }),
      ),
    );
    const codes = created.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(
      codes.every((c) => c === 200 || c === 400 || c === 409),
      codes.join(),
    ).toBe(true);
  });

  it('accepts a record without its other sections (SPEC §5 requires only the name), stored empty', async () => {
    const res = await call('POST', '/api/phr/form', staff, {
      unitId: unit1,
      type: 'add',
      patientInfo: { name: '只有姓名', idCard: idCard('19900101') },
      healthInfo: { height: 168 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const got = (await call('GET', `/api/phr/${res.json().data.id}`, staff)).json().data;
    expect(got.record.pastHistory).toEqual({
      illness: { has: 0, list: [] },
      surgery: { has: 0, list: [] },
      trauma: { has: 0, list: [] },
      transfusion: { has: 0, list: [] },
    });
    expect(got.record.familyHistory.fater).toEqual({ value: [], remark: null });
    expect(got.record.other.disability).toEqual({ value: [], remark: null });
    expect(got.record.lifeInfo.foods).toEqual([]);
    expect(got.missing).toEqual(['个人信息', '健康数据', '生活信息', '居住环境']);
  });

  it('takes the life information of SPEC §3 as free text, keeping known answers as codes', async () => {
    const rec = fullRecord(unit1);
    const res = await call('POST', '/api/phr/form', staff, {
      ...rec,
      patientInfo: { ...rec.patientInfo, name: '文本生活', idCard: idCard('19700101') },
      lifeInfo: {
        foods: '荤素均衡，口味偏咸',
        sleep: '每晚约7小时，睡眠质量一般',
        smoke: '吸烟',
        drink: '偶尔饮酒',
        daily: '每周慢跑3次',
        style: '久坐办公',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const got = (await call('GET', `/api/phr/${res.json().data.id}`, staff)).json().data;
    expect(got.record.lifeInfo).toEqual({
      foods: ['荤素均衡，口味偏咸'],
      sleep: '每晚约7小时，睡眠质量一般',
      smoke: 3, // the label of a known answer is kept as its code (risk scores read it)
      drink: '偶尔饮酒',
      daily: '每周慢跑3次',
      style: '久坐办公',
    });
    expect(got.complete).toBe(true);
  });

  it('masks ID and mobile in lists and shows them in full on the detail to those allowed', async () => {
    const list = (await call('GET', '/api/phr?name=测试档案', staff)).json().data.records;
    expect(list[0]).toMatchObject({ idCard: '1101**********002X', mobile: '139****5678', complete: true });
    const detail = (await call('GET', `/api/phr/${id}`, staff)).json().data;
    expect(detail.record.patientInfo.idCard).toBe('11010519491231002X');
  });

  it('limits staff to their units and an employee to their own record', async () => {
    const other = (await t.db.query<{ id: number }>('SELECT id FROM employees WHERE unit_id = $1 LIMIT 1', [unit2]))
      .rows[0];
    expect((await call('GET', `/api/phr/${other.id}`, staff)).statusCode).toBe(403);
    expect((await call('GET', `/api/phr?unitId=${unit2}`, staff)).json().data.total).toBe(0);
    const outside = await call('POST', '/api/phr/form', staff, {
      ...fullRecord(unit2),
      patientInfo: { ...fullRecord(unit2).patientInfo, idCard: '110105200001010016' },
    });
    expect(outside.statusCode, outside.body).toBe(403);

    const employee = await t.login('employee');
    const me = (await call('GET', '/api/me', employee)).json();
    const mine = (await call('GET', '/api/phr', employee)).json().data;
    expect(mine.total).toBe(1);
    expect(mine.records[0].id).toBe(me.employeeId);
    expect((await call('GET', `/api/phr/${id}`, employee)).statusCode).toBe(403);
    expect((await call('POST', '/api/phr/form', employee, fullRecord(unit1))).statusCode).toBe(403);
    const own = (await call('GET', `/api/phr/${me.employeeId}`, employee)).json().data;
    const edit = await call('POST', '/api/phr/form', employee, {
      ...own.record,
      id: me.employeeId,
      version: own.version ?? undefined,
      type: 'edit',
      lifeInfo: { ...own.record.lifeInfo, sleep: 1 },
    });
    expect(edit.json().status).toBe('success');
  });

  it('reports progress per unit and hands records to another unit or staff member', async () => {
    const progress = (await call('GET', '/api/phr/progress', staff)).json().data;
    const raw = (
      await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM health_records r JOIN employees e ON e.id = r.employee_id JOIN units u ON u.id = e.unit_id
          WHERE r.complete AND u.path LIKE (SELECT path FROM units WHERE short_name = '采油一厂') || '%'`,
      )
    ).rows[0].n;
    expect(progress.reduce((s: number, r: { complete: number }) => s + r.complete, 0)).toBe(raw);
    for (const row of progress)
      expect(row.rate).toBe(row.employees ? Math.round((row.complete / row.employees) * 100) : 0);
    const incomplete = (await call('GET', `/api/phr/progress/incomplete?unitId=${progress[0].unitId}`, admin)).json()
      .data;
    expect(incomplete.records.every((r: { complete: boolean }) => !r.complete)).toBe(true);

    const staffUser = (await t.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'staff'")).rows[0];
    const outside = await call('POST', '/api/phr/transfer', staff, {
      employeeIds: [id],
      toUnitId: unit2,
      reason: '岗位调整',
    });
    expect(outside.statusCode).toBe(403); // 采油二厂 is outside the staff member's units
    const area2 = await unitId('采油一厂二区');
    const res = await call('POST', '/api/phr/transfer', staff, {
      employeeIds: [id],
      toUnitId: area2,
      toUserId: staffUser.id,
      reason: '岗位调整',
    });
    expect(res.json()).toMatchObject({ code: 200, data: { moved: 1 } });
    const history = (await call('GET', '/api/phr/transfer?name=测试档案', staff)).json().data.records;
    expect(history[0]).toMatchObject({
      fromUnitName: '采油一厂一区',
      toUnitName: '采油一厂二区',
      toUserName: '李卫康',
      reason: '岗位调整',
    });
    const listed = (await call('GET', '/api/phr?name=测试档案', staff)).json().data.records[0];
    expect(listed).toMatchObject({ unitName: '采油一厂二区', responsibleName: '李卫康' });
  });

  it('gives the checks of a person over the years', async () => {
    const someone = (
      await t.db.query<{ employee_id: number }>(
        'SELECT c.employee_id FROM health_checks c JOIN employees e ON e.id = c.employee_id WHERE e.unit_id = $1 LIMIT 1',
        [unit1],
      )
    ).rows[0];
    const checks = (await call('GET', `/api/phr/${someone.employee_id}/checks`, admin)).json().data;
    expect(checks.length).toBeGreaterThan(0);
    expect(checks[0].values).toHaveProperty('SBP');
  });
});
