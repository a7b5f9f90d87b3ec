import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AUDIT_ACTION_OPTIONS,
  auditActionLabel,
  auditDiffRows,
  auditFieldLabel,
  auditPaths,
  auditResourceLabel,
  auditValue,
  describeAuditChange,
  INDICATORS,
  OTHER_FIELD_LABEL,
  RESOURCES,
} from '@peis/shared';
import { describe, expect, it } from 'vitest';
import { withTestApp } from '../test/suite';

/**
 * The audit log names every object, action and field path the server writes in Chinese (issue 11 item 9):
 * the writeAudit callers are read from the server's source, the field paths from the declarations and from the
 * entries real requests write.
 */

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Latin letters left after the units and medical codes a Chinese screen writes as they are (MET: 运动项目's 代谢当量; the
 * equations Mifflin-St Jeor and China-PAR by their names). */
const ALLOWED = /mmHg|mmol\/L|µmol\/L|kg\/m²|kg|cm|U\/L|BMI|HbA1c|SCL-90|PHQ-9|GAD-7|IP|MET|Mifflin-St Jeor|China-PAR/g;
const latin = (text: string) => /[A-Za-z]/.test(text.replace(ALLOWED, ''));

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'test') sourceFiles(path, out);
    } else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

/** The `{ action, resource }` literals of every writeAudit call in the server. */
function auditCalls() {
  const resources = new Set<string>();
  const actions = new Set<string>();
  let genericResource = false;
  let declaredActions = false;
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/writeAudit\([^{]*\{([\s\S]*?)\}\)/g)) {
      const body = m[1];
      const resource = /resource:\s*([^,\n}]+)/.exec(body)?.[1].trim();
      const action = /action:\s*([^,\n}]+)/.exec(body)?.[1].trim();
      if (resource) {
        const literal = /^'([^']+)'$/.exec(resource);
        if (literal) resources.add(literal[1]);
        // this.def.name, def.name, opts.resource: any declared resource (xResource.name: read below).
        else if (!/Resource\.name$/.test(resource)) genericResource = true;
      }
      if (action) {
        for (const lit of action.matchAll(/'([^']+)'/g)) actions.add(lit[1]);
        if (!action.includes("'")) declaredActions = true; // crud actions: a resource's declared action name
      }
    }
    // Resources named through their declaration (roleResource.name, accountResource.name, userResource.name).
    for (const m of text.matchAll(/resource:\s*(\w+)Resource\.name/g)) {
      const def = Object.values(RESOURCES).find((r) => m[1].toLowerCase() === r.name.toLowerCase());
      if (def) resources.add(def.name);
    }
  }
  return { resources, actions, genericResource, declaredActions };
}

describe('audit labels of what the server writes', () => {
  const calls = auditCalls();

  it('finds the writeAudit callers', () => {
    expect(calls.resources.size).toBeGreaterThan(8);
    expect(calls.actions.size).toBeGreaterThan(10);
    expect(calls.resources).toContain('check');
    expect(calls.resources).toContain('phr');
  });

  it('names every object and action in Chinese', () => {
    const objects = [...calls.resources, ...(calls.genericResource ? Object.keys(RESOURCES) : [])];
    for (const r of objects) {
      const label = auditResourceLabel(r);
      expect(label, r).not.toBe('其他对象');
      expect(latin(label), `${r} → ${label}`).toBe(false);
    }
    const declared = Object.values(RESOURCES).flatMap((r) =>
      Object.keys(r.actions ?? {}).map((a) => [a, r.name] as const),
    );
    for (const [a, r] of [...[...calls.actions].map((a) => [a, null] as const), ...declared]) {
      const label = auditActionLabel(a, r);
      expect(label, a).not.toBe('其他操作');
      expect(latin(label), `${a} → ${label}`).toBe(false);
    }
    for (const o of AUDIT_ACTION_OPTIONS) expect(latin(o.label), o.value).toBe(false);
  });

  it('names every declared field, action field and indicator path in Chinese', () => {
    for (const def of Object.values(RESOURCES)) {
      const keys = [
        ...Object.keys(def.fields),
        ...Object.keys(def.fields).map((k) => `${k}Name`),
        ...Object.values(def.actions ?? {}).flatMap((a) => Object.keys(a.fields ?? {})),
      ];
      for (const key of keys) {
        const label = auditFieldLabel(def.name, key);
        expect(latin(label), `${def.name}.${key} → ${label}`).toBe(false);
      }
    }
    for (const i of INDICATORS) {
      expect(auditFieldLabel('check', `values.${i.code}`)).toBe(`体检数值 · ${i.name}`);
    }
    expect(auditFieldLabel('check', 'checkDate')).toBe('体检日期');
    expect(auditFieldLabel('phr', 'patientInfo.companyJobTitle')).toBe('个人信息 · 职称');
    expect(auditFieldLabel('phr', 'healthInfo.BMI')).toBe('健康数据 · 体重指数');
    expect(auditFieldLabel('check', 'somethingNew')).toBe(OTHER_FIELD_LABEL);
    // Codes the log writes as values: an import's state, an export's sort.
    expect(auditValue('check', 'status', 'done')).toBe('已完成');
    expect(auditValue('check', 'order', 'desc')).toBe('降序');
    expect(auditValue('check', 'sort', 'checkDate')).toBe('体检日期');
    expect(auditFieldLabel('phr', 'patientInfo.somethingNew')).toBe(`个人信息 · ${OTHER_FIELD_LABEL}`);
  });
});

withTestApp('audit log entries in Chinese terms on $name', { users: ['admin', 'staff'] }, (t) => {
  it('names every field path of the entries a check, a health record, a role and a profile write', async () => {
    const { call } = t;
    const unit = await t.unitId('采油一厂一区');
    const staff = t.token.staff;
    const admin = t.token.admin;

    // A health record with every section, then an edit of a nested field.
    const record = {
      unitId: unit,
      type: 'add',
      patientInfo: {
        name: '审计档案',
        nation: '汉族',
        idCard: '11010519491231002X',
        mobile: '13912345678',
        permanent: 1,
        educationLevel: 2,
        professional: 1,
        payType: [1],
        companyJobTitle: '工程师',
        companyJob: '技术员',
        marital: 2,
        fertility: 2,
      },
      healthInfo: { height: 170, weight: 65, blood: 3, waist: 82 },
      pastHistory: {
        illness: { has: 1, list: [{ time: '2020-05-01', illnessName: 1, remark: null }] },
        surgery: { has: 1, list: [{ time: '2019-03-02', surgeryName: '阑尾切除术' }] },
        trauma: { has: 0, list: [] },
        transfusion: { has: 0, list: [] },
      },
      other: {
        heredity: 1,
        heredityDetail: '家族性高胆固醇血症',
        disability: { value: [1], remark: null },
        drugIrritability: { value: [1], remark: null },
        expose: [1],
      },
      familyHistory: { fater: { value: [1], remark: null }, monter: { value: [2], remark: null } },
      lifeInfo: { foods: [1], sleep: 2, smoke: 3, drink: 2, daily: 3, style: '久坐办公' },
      environment: { exhaust: 2, energy: 3, water: 1, toilet: 1, acorral: 1 },
    };
    const created = await call('POST', '/api/phr/form', staff, record);
    expect(created.statusCode).toBe(200);
    const employeeId = created.json().data.id;
    const current = (await call('GET', `/api/phr/${employeeId}`, staff)).json().data;
    const edited = await call('POST', '/api/phr/form', staff, {
      ...current.record,
      id: employeeId,
      version: current.version ?? 1,
      type: 'edit',
      patientInfo: { ...current.record.patientInfo, companyJobTitle: '高级工程师' },
    });
    expect(edited.statusCode).toBe(200);

    // A check entered, then corrected (心率 and the date).
    const check = await call('POST', '/api/phr/check', staff, {
      employeeId,
      checkDate: '2026-03-10',
      provider: '西安体检中心',
      values: { SBP: 150, DBP: 85, HR: 70 },
    });
    expect(check.statusCode).toBe(200);
    const checkId = check.json().data.id;
    const updated = await call('PUT', `/api/phr/check/${checkId}`, staff, {
      checkDate: '2026-03-11',
      provider: '西安体检中心',
      values: { SBP: 150, DBP: 85, HR: 88 },
      version: 1,
    });
    expect(updated.statusCode).toBe(200);

    // A role's permissions and the administrator's own profile.
    const role = (
      await t.db.query<{ id: number; version: number; menus: string[]; buttons: string[] }>(
        "SELECT id, version, menus, buttons FROM roles WHERE code = 'expert'",
      )
    ).rows[0];
    const perms = await call('PUT', `/api/role/${role.id}/permissions`, admin, {
      menus: [...role.menus, 'main:phr/check'],
      buttons: role.buttons.filter((b) => b !== 'dietTask:add'),
      version: role.version,
    });
    expect(perms.statusCode).toBe(200);

    const log = await call('GET', '/api/oplog?pageSize=100', admin);
    expect(log.statusCode).toBe(200);
    const entries: {
      action: string;
      resource: string | null;
      before: unknown;
      after: unknown;
      detail: string | null;
      username: string | null;
      name: string | null;
    }[] = log.json().data.records;
    // Who acted is answered by name beside the sign-in name.
    expect(entries.find((e) => e.resource === 'check' && e.action === 'update')).toMatchObject({
      username: 'staff',
      name: '李卫康',
    });
    const checkUpdate = entries.find((e) => e.resource === 'check' && e.action === 'update');
    expect(checkUpdate).toBeDefined();
    const checkRows = auditDiffRows(checkUpdate?.before, checkUpdate?.after) ?? [];
    expect(checkRows.map((r) => auditFieldLabel('check', r.path)).sort()).toEqual(['体检数值 · 心率', '体检日期']);
    const phrUpdate = entries.find((e) => e.resource === 'phr' && e.action === 'update');
    const phrRows = auditDiffRows(phrUpdate?.before, phrUpdate?.after) ?? [];
    expect(phrRows.map((r) => auditFieldLabel('phr', r.path))).toContain('个人信息 · 职称');
    const permRow = auditDiffRows(
      entries.find((e) => e.action === 'permissions')?.before,
      entries.find((e) => e.action === 'permissions')?.after,
    );
    const [before, after] = describeAuditChange('role', permRow?.find((r) => r.path === 'menus') ?? permRow![0]);
    expect(`${before}${after}`).toContain('体检数据');

    // Every path of every entry: named in Chinese, none left to the generic 其他字段.
    const unnamed: string[] = [];
    // The health record's 说明 names the changed field, not its path.
    expect(entries.find((e) => e.resource === 'phr' && e.action === 'update')?.detail).toBe(
      '修改健康档案：个人信息 · 职称',
    );
    for (const e of entries) {
      if (e.detail) expect(latin(e.detail), e.detail).toBe(false);
      expect(latin(auditResourceLabel(e.resource)), String(e.resource)).toBe(false);
      expect(latin(auditActionLabel(e.action, e.resource)), e.action).toBe(false);
      for (const path of new Set([...auditPaths(e.before), ...auditPaths(e.after)])) {
        const label = auditFieldLabel(e.resource, path);
        if (latin(label) || label.includes(OTHER_FIELD_LABEL)) unnamed.push(`${e.resource} ${path} → ${label}`);
      }
      for (const row of auditDiffRows(e.before, e.after) ?? []) {
        const [b, a] = describeAuditChange(e.resource, row);
        if (row.path === 'menus' || row.path === 'buttons') expect(latin(`${b}${a}`), `${b}${a}`).toBe(false);
      }
    }
    expect(unnamed).toEqual([]);
  });
});
