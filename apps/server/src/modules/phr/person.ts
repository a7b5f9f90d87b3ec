import { ageOn, maskIdCard, maskMobile, type PhrRecord } from '@peis/shared';
import type { Queryable } from '../../db/client';
import { AppError, forbidden } from '../../lib/errors';
import { employeeScopeSql } from '../../lib/scope';
import { can, type SessionUser } from '../../plugins/auth';
import { emptySections } from './service';

/** What one person's record pages read: the record, its versions, the person's work and checks. */

interface RecordRow {
  id: number;
  name: string;
  idCard: string;
  sex: 1 | 2;
  birthday: string;
  mobile: string | null;
  unitId: number;
  unitName: string;
  record: PhrRecord | null;
  version: number | null;
  complete: boolean | null;
  missing: string[] | null;
  updatedAt: string | null;
  updatedBy: string | null;
}

/** 一份档案: the record (or an empty one from the employee's data); full ID and mobile only with phr:view. */
export async function recordOf(db: Queryable, user: SessionUser, id: number) {
  const params: unknown[] = [id];
  const { rows } = await db.query<RecordRow>(
    `SELECT e.id, e.name, e.id_card AS "idCard", e.sex, to_char(e.birthday, 'YYYY-MM-DD') AS birthday, e.mobile,
          e.unit_id AS "unitId", u.name AS "unitName", r.record, r.version, r.complete, r.missing,
          to_char(r.updated_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS "updatedAt", ub.name AS "updatedBy"
     FROM employees e JOIN units u ON u.id = e.unit_id LEFT JOIN health_records r ON r.employee_id = e.id
     LEFT JOIN users ub ON ub.id = r.updated_by
    WHERE e.id = $1 AND e.deleted_at IS NULL AND ${employeeScopeSql(user, 'e.id', params)}`,
    params,
  );
  const row = rows[0];
  if (!row) {
    const { rows: exists } = await db.query('SELECT 1 FROM employees WHERE id = $1 AND deleted_at IS NULL', [id]);
    throw exists[0] ? forbidden('无权访问该档案') : new AppError(404, '档案不存在');
  }
  const record: PhrRecord = row.record ?? {
    patientInfo: {
      name: row.name,
      idCard: row.idCard,
      sex: row.sex,
      birthday: row.birthday,
      age: ageOn(row.birthday),
      mobile: row.mobile,
      companyName: row.unitName,
      payType: [],
    },
    ...emptySections(),
  };
  if (!can(user, 'phr:view')) {
    record.patientInfo = {
      ...record.patientInfo,
      idCard: maskIdCard(record.patientInfo.idCard),
      mobile: maskMobile(record.patientInfo.mobile),
    };
  }
  return {
    id: row.id,
    unitId: row.unitId,
    unitName: row.unitName,
    version: row.version,
    complete: row.complete ?? false,
    missing: row.missing ?? ['个人信息', '健康数据', '生活信息', '居住环境'],
    updatedAt: row.updatedAt,
    updatedBy: row.updatedBy,
    record,
  };
}

/** 档案的版本记录, newest first. */
export async function versionsOf(db: Queryable, user: SessionUser, id: number) {
  const params: unknown[] = [id];
  const { rows } = await db.query(
    `SELECT v.version, u.name AS "changedBy", v.changed_paths AS "changedPaths", v.form_type AS type,
            to_char(v.changed_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS "changedAt"
       FROM health_record_versions v LEFT JOIN users u ON u.id = v.changed_by
      WHERE v.employee_id = $1 AND ${employeeScopeSql(user, 'v.employee_id', params)} ORDER BY v.version DESC`,
    params,
  );
  return rows;
}

/** 此人的分组标签、阳性发现、任务、随访与服务包 (403 for a person outside the scope). */
export async function workOf(db: Queryable, user: SessionUser, id: number) {
  const params: unknown[] = [id];
  const scope = employeeScopeSql(user, '$1::bigint', params);
  const { rows: ok } = await db.query(`SELECT 1 FROM employees WHERE id = $1 AND ${scope}`, params);
  if (!ok[0]) throw forbidden('无权访问该档案');
  const q = (sql: string) => db.query(sql, [id]).then((x) => x.rows);
  const [tags, findings, tasks, followUps, contracts] = await Promise.all([
    q(
      `SELECT year, risk_level AS "riskLevel", bp, lipid, glucose, ua, weight, diseases FROM person_tags WHERE employee_id = $1 ORDER BY year`,
    ),
    q(`SELECT f.id, f.year, to_char(c.check_date, 'YYYY-MM-DD') AS "checkDate", pr.names AS "ruleName", pr.library_name AS "libraryName",
              f.level, f.matched, f.status FROM positive_findings f JOIN positive_rules pr ON pr.id = f.rule_id
         JOIN health_checks c ON c.id = f.check_id WHERE f.employee_id = $1 ORDER BY c.check_date DESC, f.id`),
    q(`SELECT t.id, pr.names AS "ruleName", a.name AS "assigneeName", to_char(t.due_date, 'YYYY-MM-DD') AS "dueDate", t.status,
              (t.status IN (1, 2) AND t.due_date < current_date) AS overdue
         FROM positive_tasks t JOIN positive_findings f ON f.id = t.finding_id JOIN positive_rules pr ON pr.id = f.rule_id
         LEFT JOIN users a ON a.id = t.assignee_id WHERE t.employee_id = $1 ORDER BY t.id DESC`),
    q(`SELECT p.id, p.title, p.method, p.frequency_days AS "frequencyDays", to_char(p.next_date, 'YYYY-MM-DD') AS "nextDate", p.status,
              (SELECT count(*)::int FROM follow_up_records r WHERE r.plan_id = p.id) AS records
         FROM follow_up_plans p WHERE p.employee_id = $1 ORDER BY p.id DESC`),
    q(`SELECT id, year, level, status FROM service_contracts WHERE employee_id = $1 ORDER BY year DESC`),
  ]);
  return { tags, findings, tasks, followUps, contracts };
}

/** 此人的历年体检结果, oldest first. */
export async function checksOf(db: Queryable, user: SessionUser, id: number) {
  const params: unknown[] = [id];
  const { rows } = await db.query(
    `SELECT c.id, to_char(c.check_date, 'YYYY-MM-DD') AS "checkDate", c.year, c.provider, c."values"
       FROM health_checks c WHERE c.employee_id = $1 AND c.deleted_at IS NULL
        AND ${employeeScopeSql(user, 'c.employee_id', params)} ORDER BY c.check_date`,
    params,
  );
  return rows;
}
