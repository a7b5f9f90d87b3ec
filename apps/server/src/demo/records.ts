import { ageOn, bmi, idCardInfo, missingSections, type PhrRecord } from '@peis/shared';
import type { Queryable } from '../db/client';
import { placeholders } from '../lib/sql';
import { emptySections } from '../modules/phr/service';
import { Random } from './population';

const BATCH = 400;

interface Source {
  id: number;
  name: string;
  id_card: string;
  mobile: string | null;
  unit_name: string;
  job_no: string | null;
  values: Record<string, number> | null;
}

const pick = <T>(rnd: Random, items: readonly T[]): T => items[Math.floor(rnd.next() * items.length)];

/** A filled-in record for a demo employee; about a third leave some sections empty. */
function demoRecord(s: Source, rnd: Random): PhrRecord {
  const info = idCardInfo(s.id_card);
  const age = ageOn(info.birthday);
  const base = emptySections();
  const partial = rnd.next() < 0.35;
  const height = s.values?.HEIGHT ?? null;
  const weight = s.values?.WEIGHT ?? null;
  const hypertensive = (s.values?.SBP ?? 0) >= 140 || (s.values?.DBP ?? 0) >= 90;
  const diabetic = (s.values?.FPG ?? 0) >= 7;
  const illness = [
    ...(hypertensive && rnd.next() < 0.6
      ? [{ time: `${2025 - rnd.int(1, 8)}-0${rnd.int(1, 9)}-1${rnd.int(0, 9)}`, illnessName: 1, remark: null }]
      : []),
    ...(diabetic && rnd.next() < 0.6
      ? [{ time: `${2025 - rnd.int(1, 6)}-0${rnd.int(1, 9)}-0${rnd.int(1, 9)}`, illnessName: 2, remark: null }]
      : []),
  ];
  const family = (p: number) => ({ value: rnd.next() < p ? [pick(rnd, [1, 1, 2, 3, 6, 13])] : [], remark: null });
  return {
    patientInfo: {
      name: s.name,
      sex: info.sex,
      age,
      nation: rnd.next() < 0.9 ? '汉族' : pick(rnd, ['回族', '维吾尔族', '蒙古族', '满族']),
      idCard: s.id_card,
      birthday: info.birthday,
      mobile: s.mobile,
      permanent: rnd.next() < 0.85 ? 1 : 2,
      guardian: null,
      ecmobile: partial ? null : `13${rnd.int(100000000, 999999999)}`,
      educationLevel: partial && rnd.next() < 0.5 ? null : pick(rnd, [2, 2, 3, 3, 4, 5, 6, 1]),
      professional: partial && rnd.next() < 0.5 ? null : pick(rnd, [1, 1, 2, 2, 3, 8]),
      payType: [1],
      companyName: s.unit_name,
      companyLevel: null,
      companyJobTitle: pick(rnd, [null, '助理工程师', '工程师', '高级工程师', '技师']),
      salaryNumber: s.job_no,
      companyJob: pick(rnd, ['采油工', '集输工', '技术员', '管理人员', '井下作业工', '电工']),
      workType: pick(rnd, ['采油工', '集输工', '技术人员', '管理人员', '井下作业工', '电工']),
      marital: age < 26 ? pick(rnd, [1, 1, 2]) : pick(rnd, [2, 2, 2, 2, 4]),
      fertility: age < 26 ? 1 : pick(rnd, [2, 2, 2, 1]),
    },
    healthInfo: {
      height,
      weight,
      BMI: height && weight ? bmi(height, weight) : null,
      blood: partial && rnd.next() < 0.4 ? null : pick(rnd, [1, 2, 3, 3, 4]),
      waist: s.values?.WAIST ?? null,
    },
    pastHistory: { ...base.pastHistory, illness: { has: illness.length ? 1 : 0, list: illness } },
    other: base.other,
    familyHistory: { ...base.familyHistory, fater: family(0.3), monter: family(0.25) },
    lifeInfo: partial
      ? base.lifeInfo
      : {
          foods: [pick(rnd, [1, 1, 2, 4, 5])],
          sleep: pick(rnd, [1, 1, 2, 3]),
          smoke: info.sex === 1 ? pick(rnd, [1, 2, 3, 3]) : 1,
          drink: info.sex === 1 ? pick(rnd, [1, 2, 2, 3]) : pick(rnd, [1, 1, 2]),
          daily: pick(rnd, [1, 2, 3, 4]),
          style: null,
        },
    environment: partial
      ? base.environment
      : { exhaust: pick(rnd, [2, 2, 3]), energy: 3, water: pick(rnd, [1, 1, 2]), toilet: 1, acorral: 1 },
  };
}

/**
 * Health records for the demo employees: about nine in ten have one, two in three of those complete,
 * built from each person's ID number and latest check. Call inside a transaction.
 */
export async function seedHealthRecords(q: Queryable, seed = 20250101): Promise<number> {
  const rnd = new Random(seed ^ 0x5eed);
  let lastId = 0;
  let count = 0;
  for (;;) {
    const { rows } = await q.query<Source>(
      `SELECT e.id, e.name, e.id_card, e.mobile, e.job_no, u.name AS unit_name,
              (SELECT c."values" FROM health_checks c WHERE c.employee_id = e.id AND c.deleted_at IS NULL
                ORDER BY c.check_date DESC LIMIT 1) AS "values"
         FROM employees e JOIN units u ON u.id = e.unit_id
        WHERE e.id > $1 AND e.deleted_at IS NULL ORDER BY e.id LIMIT $2`,
      [lastId, BATCH],
    );
    if (!rows.length) break;
    lastId = Number(rows[rows.length - 1].id);
    const params: unknown[] = [];
    let n = 0;
    for (const s of rows) {
      if (rnd.next() < 0.1) continue; // not yet recorded
      const record = demoRecord(s, rnd);
      const missing = missingSections(record);
      params.push(s.id, JSON.stringify(record), missing.length === 0, missing);
      n++;
    }
    if (n) {
      await q.query(
        `INSERT INTO health_records (employee_id, record, complete, missing) VALUES ${placeholders(n, 4, { 2: '::jsonb', 4: '::text[]' })}`,
        params,
      );
      await q.query(
        `INSERT INTO health_record_versions (employee_id, version, record, changed_paths, form_type)
         SELECT employee_id, 1, record, '{*}', 'import' FROM health_records WHERE employee_id = ANY($1)`,
        [rows.map((r) => r.id)],
      );
      count += n;
    }
  }
  return count;
}
