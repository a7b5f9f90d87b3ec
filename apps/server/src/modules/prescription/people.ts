import {
  ageOn,
  COOKBOOK_TYPES,
  type CookbookChoice,
  type FitnessItemChoice,
  type FitnessTemplateChoice,
  optionLabel,
  type PrescriptionFacts,
} from '@peis/shared';
import type { Queryable } from '../../db/client';

/** What the generator reads of one person, set-based for any number of people. */
export interface PersonData extends PrescriptionFacts {
  id: number;
  name: string;
  unitName: string;
  birthday: string;
  check: { id: number; date: string; values: Record<string, number> } | null;
  /** Height and weight: the latest check's, else the record's; where they came from. */
  height: number | null;
  weight: number | null;
  measuredFrom: string;
}

const num = (v: unknown): number | null => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : null;
};

/**
 * The facts of `ids` (live employees only): the latest check (on or before `asOf` when given), the tags of the
 * person's latest year, the record's height, weight and past illnesses, and the indicator codes of their
 * confirmed findings (grouped once for the set, not per person). One query for all of them.
 */
export async function loadPeople(
  q: Queryable,
  ids: readonly number[],
  opts: { asOf?: string } = {},
): Promise<Map<number, PersonData>> {
  if (!ids.length) return new Map();
  const { rows } = await q.query<{
    id: number;
    name: string;
    sex: 1 | 2;
    birthday: string;
    unit_name: string;
    check_id: number | null;
    check_date: string | null;
    values: Record<string, number> | null;
    bp: number | null;
    lipid: number | null;
    glucose: number | null;
    ua: number | null;
    weight: number | null;
    rec_height: string | null;
    rec_weight: string | null;
    illnesses: number[] | null;
    finding_codes: string[] | null;
  }>(
    `SELECT e.id, e.name, e.sex, to_char(e.birthday, 'YYYY-MM-DD') AS birthday, u.short_name AS unit_name,
            c.id AS check_id, to_char(c.check_date, 'YYYY-MM-DD') AS check_date, c."values",
            pt.bp, pt.lipid, pt.glucose, pt.ua, pt.weight,
            hr.record->'healthInfo'->>'height' AS rec_height, hr.record->'healthInfo'->>'weight' AS rec_weight,
            (SELECT array_agg((x->>'illnessName')::int)
               FROM jsonb_array_elements(CASE WHEN jsonb_typeof(hr.record->'pastHistory'->'illness'->'list') = 'array'
                                              THEN hr.record->'pastHistory'->'illness'->'list' END) x
              WHERE x->>'illnessName' ~ '^[0-9]+$') AS illnesses,
            fc.codes AS finding_codes
       FROM employees e
       JOIN units u ON u.id = e.unit_id
       LEFT JOIN LATERAL (
         SELECT hc.id, hc.check_date, hc."values" FROM health_checks hc
          WHERE hc.employee_id = e.id AND hc.deleted_at IS NULL AND ($2::date IS NULL OR hc.check_date <= $2::date)
          ORDER BY hc.check_date DESC LIMIT 1) c ON true
       LEFT JOIN LATERAL (
         SELECT p.bp, p.lipid, p.glucose, p.ua, p.weight FROM person_tags p
          WHERE p.employee_id = e.id AND ($2::date IS NULL OR p.year <= extract(year FROM $2::date))
          ORDER BY p.year DESC LIMIT 1) pt ON true
       LEFT JOIN health_records hr ON hr.employee_id = e.id
       LEFT JOIN (
         SELECT f.employee_id, array_agg(DISTINCT k) AS codes FROM positive_findings f, jsonb_object_keys(f.matched) k
          WHERE f.employee_id = ANY($1::bigint[]) AND f.status = 1 GROUP BY f.employee_id) fc ON fc.employee_id = e.id
      WHERE e.id = ANY($1::bigint[]) AND e.deleted_at IS NULL`,
    [ids, opts.asOf ?? null],
  );
  const out = new Map<number, PersonData>();
  for (const r of rows) {
    const values = r.values ?? {};
    const checkHeight = num(values.HEIGHT);
    const checkWeight = num(values.WEIGHT);
    const fromCheck = Boolean(checkHeight && checkWeight);
    const height = fromCheck ? checkHeight : (num(r.rec_height) ?? checkHeight);
    const weight = fromCheck ? checkWeight : (num(r.rec_weight) ?? checkWeight);
    const id = Number(r.id);
    out.set(id, {
      id,
      name: r.name,
      sex: Number(r.sex) as 1 | 2,
      birthday: r.birthday,
      age: ageOn(r.birthday, opts.asOf ? new Date(`${opts.asOf}T12:00:00Z`) : undefined),
      unitName: r.unit_name,
      values,
      check: r.check_id ? { id: Number(r.check_id), date: r.check_date!, values } : null,
      tags:
        r.bp === null
          ? null
          : { bp: r.bp, lipid: r.lipid ?? 0, glucose: r.glucose ?? 0, ua: r.ua ?? 0, weight: r.weight ?? 0 },
      illnesses: r.illnesses ?? [],
      findingCodes: r.finding_codes ?? [],
      height,
      weight,
      measuredFrom: fromCheck ? `${r.check_date}体检` : '健康档案',
    });
  }
  return out;
}

/** The diet catalogues the generator chooses from (live rows). */
export interface DietCatalogue {
  cookbooks: CookbookChoice[];
  principles: { id: number; name: string; classify: string }[];
  tcm: { id: number; name: string; constitutions: number[]; gender: number }[];
}

export async function loadDietCatalogue(q: Queryable): Promise<DietCatalogue> {
  // One after another: `q` may be a transaction's single connection.
  const cookbooks = await q.query<{
    id: number;
    name: string;
    kcal_min: number;
    kcal_max: number;
    type_id: number;
  }>('SELECT id, name, kcal_min, kcal_max, type_id FROM diet_cookbooks WHERE deleted_at IS NULL ORDER BY id');
  const principles = await q.query<{ id: number; name: string; classify: string }>(
    'SELECT id, name, classify FROM diet_principles WHERE deleted_at IS NULL ORDER BY id',
  );
  const tcm = await q.query<{ id: number; name: string; constitutions: unknown; gender: number }>(
    'SELECT id, name, constitutions, gender FROM diet_tcm WHERE deleted_at IS NULL ORDER BY id',
  );
  return {
    cookbooks: cookbooks.rows.map((c) => ({
      id: Number(c.id),
      name: c.name,
      kcalMin: Number(c.kcal_min),
      kcalMax: Number(c.kcal_max),
      typeName: optionLabel({ kind: 'select', label: '', options: COOKBOOK_TYPES }, c.type_id),
    })),
    principles: principles.rows.map((p) => ({ id: Number(p.id), name: p.name, classify: p.classify })),
    tcm: tcm.rows.map((t) => ({
      id: Number(t.id),
      name: t.name,
      constitutions: (Array.isArray(t.constitutions) ? t.constitutions : []).map(Number),
      gender: Number(t.gender ?? 0),
    })),
  };
}

/** The exercise catalogues the generator chooses from: items (live) and templates with their lines. */
export async function loadFitnessCatalogue(
  q: Queryable,
): Promise<{ items: FitnessItemChoice[]; templates: FitnessTemplateChoice[] }> {
  const items = await q.query<{
    id: number;
    name: string;
    met: number;
    enabled: boolean;
    age_min: number | null;
    age_max: number | null;
    high_impact: boolean;
  }>(
    `SELECT id, name, met_value::float8 AS met, enabled, age_min, age_max, high_impact
         FROM fitness_items WHERE deleted_at IS NULL ORDER BY id`,
  );
  const templates = await q.query<{ id: number; name: string; classify_name: string }>(
    'SELECT id, name, classify_name FROM fitness_templates WHERE deleted_at IS NULL AND enabled ORDER BY id',
  );
  const lines = await q.query<{ template_id: number; item_id: number; minutes: number; sessions_per_week: number }>(
    'SELECT template_id, item_id, minutes, sessions_per_week FROM fitness_template_items ORDER BY template_id, position',
  );
  return {
    items: items.rows.map((i) => ({
      id: Number(i.id),
      name: i.name,
      met: Number(i.met),
      enabled: Boolean(i.enabled),
      ageMin: i.age_min,
      ageMax: i.age_max,
      highImpact: Boolean(i.high_impact),
    })),
    templates: templates.rows.map((t) => ({
      id: Number(t.id),
      name: t.name,
      classifyName: t.classify_name,
      lines: lines.rows
        .filter((l) => Number(l.template_id) === Number(t.id))
        .map((l) => ({ itemId: Number(l.item_id), minutes: l.minutes, sessionsPerWeek: l.sessions_per_week })),
    })),
  };
}
