import {
  type CompiledRule,
  classify,
  compileRule,
  expressionVariables,
  type PositiveRule,
  ruleMatches,
} from '@peis/shared';
import type { Queryable } from '../db/client';

interface RuleRow {
  id: number;
  names: string;
  gender: 0 | 1 | 2;
  age_min: number;
  age_max: number;
  library_name: string;
  levels: 1 | 2;
  judge: string;
}

/** The indicator codes an expression may name: the enabled indicators (rules, intervention model conditions). */
export async function knownCodes(q: Queryable): Promise<Set<string>> {
  const { rows } = await q.query<{ code: string }>(
    'SELECT DISTINCT code FROM indicators WHERE deleted_at IS NULL AND enabled',
  );
  return new Set(rows.map((r) => r.code));
}

/** The enabled rules, compiled; a rule whose expression no longer parses is skipped, never fatal. */
export async function loadRules(q: Queryable, ruleIds?: number[]): Promise<(CompiledRule & { id: number })[]> {
  const { rows } = await q.query<RuleRow>(
    `SELECT id, names, gender, age_min, age_max, library_name, levels, judge FROM positive_rules
      WHERE enabled AND deleted_at IS NULL ${ruleIds ? 'AND id = ANY($1)' : ''} ORDER BY id`,
    ruleIds ? [ruleIds] : [],
  );
  const out: (CompiledRule & { id: number })[] = [];
  for (const r of rows) {
    const rule: PositiveRule = {
      id: Number(r.id),
      names: r.names,
      gender: r.gender,
      ageMin: r.age_min,
      ageMax: r.age_max,
      libraryName: r.library_name,
      levels: r.levels,
      judge: r.judge,
    };
    try {
      out.push({ ...compileRule(rule), id: Number(r.id) });
    } catch {
      // Saved rules are validated; an unparsable one can only come from a hand edit of the table.
    }
  }
  return out;
}

interface CheckRow {
  id: number;
  employee_id: number;
  year: number;
  check_date: string;
  values: Record<string, number>;
  sex: number;
  birthday: string;
}

const ageAt = (birthday: string, day: string) => {
  const [by, bm, bd] = birthday.split('-').map(Number);
  const [y, m, d] = day.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
};

const FAMILY_RISK = new Set([1, 2, 3, 6]);

/**
 * Runs the enabled rules (or only `ruleIds`) over the given checks: new matches become findings (待确认),
 * unconfirmed findings that no longer match are removed, and the grouping tags of every person-year
 * touched are recomputed from that year's latest check. Call inside a transaction; batches of a few
 * thousand checks keep it quick.
 */
export async function evaluateChecks(
  q: Queryable,
  checkIds: number[],
  opts: { ruleIds?: number[]; rules?: (CompiledRule & { id: number })[] } = {},
): Promise<{ findings: number; tags: number }> {
  if (!checkIds.length) return { findings: 0, tags: 0 };
  const rules = opts.rules ?? (await loadRules(q, opts.ruleIds));
  const { rows: checks } = await q.query<CheckRow>(
    `SELECT c.id, c.employee_id, c.year, to_char(c.check_date, 'YYYY-MM-DD') AS check_date, c."values", e.sex,
            to_char(e.birthday, 'YYYY-MM-DD') AS birthday
       FROM health_checks c JOIN employees e ON e.id = c.employee_id
      WHERE c.id = ANY($1) AND c.deleted_at IS NULL`,
    [checkIds],
  );
  // Column arrays for one INSERT … SELECT FROM unnest(…): far fewer bound parameters than multi-row VALUES.
  const cols = {
    employee: [] as number[],
    check: [] as number[],
    rule: [] as number[],
    year: [] as number[],
    level: [] as number[],
    matched: [] as string[],
  };
  for (const c of checks) {
    const person = { sex: c.sex, age: ageAt(c.birthday, c.check_date) };
    for (const rule of rules) {
      if (!ruleMatches(rule, person, c.values)) continue;
      const matched: Record<string, number> = {};
      for (const code of expressionVariables(rule.tree).keys()) matched[code] = c.values[code];
      cols.employee.push(Number(c.employee_id));
      cols.check.push(Number(c.id));
      cols.rule.push(rule.id);
      cols.year.push(c.year);
      cols.level.push(rule.levels);
      cols.matched.push(JSON.stringify(matched));
    }
  }
  // Unconfirmed findings of these checks (and rules) that the current rules no longer produce. The matches
  // go in as two arrays joined by (check, rule): an anti-join, not a text comparison per row and match.
  const ruleFilter = opts.ruleIds ? 'AND f.rule_id = ANY($4)' : '';
  await q.query(
    `DELETE FROM positive_findings f WHERE f.status = 0 AND f.check_id = ANY($1) ${ruleFilter}
        AND NOT EXISTS (SELECT 1 FROM unnest($2::bigint[], $3::bigint[]) AS m(check_id, rule_id)
                         WHERE m.check_id = f.check_id AND m.rule_id = f.rule_id)`,
    opts.ruleIds ? [checkIds, cols.check, cols.rule, opts.ruleIds] : [checkIds, cols.check, cols.rule],
  );
  const inserted = cols.check.length
    ? (
        await q.query(
          `INSERT INTO positive_findings (employee_id, check_id, rule_id, year, level, matched)
           SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::smallint[], $5::smallint[], $6::jsonb[])
           ON CONFLICT (check_id, rule_id) DO NOTHING`,
          [cols.employee, cols.check, cols.rule, cols.year, cols.level, cols.matched],
        )
      ).rowCount
    : 0;
  const tags = await refreshTags(q, [...new Set(checks.map((c) => `${c.employee_id}:${c.year}`))]);
  return { findings: inserted, tags };
}

interface LatestRow {
  employee_id: number;
  year: number;
  check_id: number;
  values: Record<string, number>;
  sex: number;
  record: {
    pastHistory?: { illness?: { list?: { illnessName: number }[] } };
    lifeInfo?: { smoke?: number | null };
    familyHistory?: Record<string, { value?: number[] }>;
  } | null;
}

/** Recomputes the grouping tags of person-years ('employeeId:year') from each year's latest check. */
export async function refreshTags(q: Queryable, personYears: string[]): Promise<number> {
  if (!personYears.length) return 0;
  // Employee ids and years narrow the read through the (employee_id, check_date) index; the exact pairs
  // are then kept here (a join on an unnested pair list plans worse on PGlite).
  const pairs = personYears.map((py) => py.split(':').map(Number));
  const wanted = new Set(personYears);
  const pairParams = [pairs.map((p) => p[0]), pairs.map((p) => p[1])];
  const { rows: latest } = await q.query<LatestRow>(
    `SELECT DISTINCT ON (c.employee_id, c.year) c.employee_id, c.year, c.id AS check_id, c."values", e.sex, r.record
       FROM health_checks c JOIN employees e ON e.id = c.employee_id
       LEFT JOIN health_records r ON r.employee_id = c.employee_id
      WHERE c.employee_id = ANY($1::bigint[]) AND c.year = ANY($2::smallint[]) AND c.deleted_at IS NULL
      ORDER BY c.employee_id, c.year, c.check_date DESC, c.id DESC`,
    [[...new Set(pairParams[0])], [...new Set(pairParams[1])]],
  );
  const rows = latest.filter((r) => wanted.has(`${r.employee_id}:${r.year}`));
  const tags = {
    employee: [] as number[],
    year: [] as number[],
    check: [] as number[],
    risk: [] as string[],
    bp: [] as number[],
    lipid: [] as number[],
    glucose: [] as number[],
    ua: [] as number[],
    weight: [] as number[],
    // Disease tags ('高血压:2') hold no comma: one string per row, split back into text[] in SQL.
    diseases: [] as string[],
  };
  for (const row of rows) {
    const rec = row.record;
    const family = Object.values(rec?.familyHistory ?? {}).flatMap((m) => m?.value ?? []);
    const t = classify(row.values, row.sex, {
      illnesses: rec?.pastHistory?.illness?.list?.map((e) => Number(e.illnessName)) ?? [],
      smoker: rec?.lifeInfo?.smoke === 3,
      familyRisk: family.some((c) => FAMILY_RISK.has(Number(c))),
    });
    tags.employee.push(Number(row.employee_id));
    tags.year.push(row.year);
    tags.check.push(Number(row.check_id));
    tags.risk.push(t.risk);
    tags.bp.push(t.levels.bp);
    tags.lipid.push(t.levels.lipid);
    tags.glucose.push(t.levels.glucose);
    tags.ua.push(t.levels.ua);
    tags.weight.push(t.levels.weight);
    tags.diseases.push(t.diseases.join(','));
  }
  if (rows.length) {
    await q.query(
      `INSERT INTO person_tags (employee_id, year, check_id, risk_level, bp, lipid, glucose, ua, weight, diseases)
       SELECT k.employee_id, k.year, k.check_id, k.risk, k.bp, k.lipid, k.glucose, k.ua, k.weight,
              string_to_array(k.diseases, ',')
         FROM unnest($1::bigint[], $2::smallint[], $3::bigint[], $4::text[], $5::smallint[], $6::smallint[],
                     $7::smallint[], $8::smallint[], $9::smallint[], $10::text[])
              AS k(employee_id, year, check_id, risk, bp, lipid, glucose, ua, weight, diseases)
       ON CONFLICT (employee_id, year) DO UPDATE SET check_id = EXCLUDED.check_id, risk_level = EXCLUDED.risk_level,
         bp = EXCLUDED.bp, lipid = EXCLUDED.lipid, glucose = EXCLUDED.glucose, ua = EXCLUDED.ua,
         weight = EXCLUDED.weight, diseases = EXCLUDED.diseases, updated_at = now()`,
      [
        tags.employee,
        tags.year,
        tags.check,
        tags.risk,
        tags.bp,
        tags.lipid,
        tags.glucose,
        tags.ua,
        tags.weight,
        tags.diseases,
      ],
    );
  }
  // A person-year whose checks were all deleted keeps no tags.
  await q.query(
    `DELETE FROM person_tags t USING unnest($1::bigint[], $2::smallint[]) AS k(employee_id, year)
      WHERE t.employee_id = k.employee_id AND t.year = k.year
        AND NOT EXISTS (SELECT 1 FROM health_checks c WHERE c.employee_id = t.employee_id AND c.year = t.year AND c.deleted_at IS NULL)`,
    pairParams,
  );
  return rows.length;
}

/** Evaluates every check (optionally of one year), in batches; `onProgress` after each batch. */
export async function evaluateAll(
  run: <T>(fn: (q: Queryable) => Promise<T>) => Promise<T>,
  opts: { ruleIds?: number[]; year?: number; onProgress?: (done: number, total: number) => Promise<void> | void } = {},
): Promise<number> {
  const ids = await run(async (q) => {
    const { rows } = await q.query<{ id: number }>(
      `SELECT id FROM health_checks WHERE deleted_at IS NULL ${opts.year ? 'AND year = $1' : ''} ORDER BY id`,
      opts.year ? [opts.year] : [],
    );
    return rows.map((r) => Number(r.id));
  });
  const rules = await run((q) => loadRules(q, opts.ruleIds));
  let findings = 0;
  for (let i = 0; i < ids.length; i += 2000) {
    const batch = ids.slice(i, i + 2000);
    findings += (await run((q) => evaluateChecks(q, batch, { ruleIds: opts.ruleIds, rules }))).findings;
    await opts.onProgress?.(Math.min(i + 2000, ids.length), ids.length);
  }
  return findings;
}
