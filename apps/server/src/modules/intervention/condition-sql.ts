import { expressionSql, type Node, RISK_LEVELS } from '@peis/shared';
import { employeeRowScopeSql } from '../../lib/paging';
import type { SessionUser } from '../../plugins/auth';

/**
 * A model's condition over the population of one check year, as SQL: each person with grouping tags that
 * year (person_tags `pt`, which names the year's latest check `c`), their employee row `e` and unit `u`.
 * Indicator codes read the check's values, the condition variables (rules/variables.ts) read the tags, the
 * person and their open findings. Compiled from the same tree `evaluate` walks (expressionSql), so a count
 * over 100,000 people is one statement.
 *
 * Extension point: CHINA_PAR (issue 14) and scale scores (issue 13) are added here — one SQL expression each,
 * over the table their assessments are stored in — when they exist.
 */
const indicatorSql = (code: string) =>
  `CASE WHEN jsonb_typeof(c."values"->'${code}') = 'number' THEN (c."values"->>'${code}')::numeric END`;

const VARIABLE_SQL: Record<string, string> = {
  BP_LEVEL: 'pt.bp',
  LIPID_LEVEL: 'pt.lipid',
  GLUCOSE_LEVEL: 'pt.glucose',
  UA_LEVEL: 'pt.ua',
  WEIGHT_LEVEL: 'pt.weight',
  RISK: `CASE pt.risk_level ${RISK_LEVELS.map((l, i) => `WHEN '${l}' THEN ${i + 1}`).join(' ')} END`,
  AGE: "date_part('year', age(c.check_date, e.birthday))::int",
  SEX: 'e.sex',
  FINDINGS: 'coalesce(fo.n, 0)',
};

/**
 * Open findings per person: a 阳性任务 exists only for a confirmed finding (确认 creates it; 排除 is only open to
 * unconfirmed ones), so the confirmed findings still being worked on are the person's tasks 待处理 or 处理中 —
 * counted from the partial index positive_tasks_open_employee_idx (migration 021) in one pass, joined only when
 * FINDINGS is used.
 */
const OPEN_FINDINGS = `LEFT JOIN (SELECT pk.employee_id, count(*)::int AS n FROM positive_tasks pk WHERE pk.status IN (1, 2)
   GROUP BY pk.employee_id) fo ON fo.employee_id = pt.employee_id`;

/** SQL of one code of a validated condition. */
export const codeSql = (code: string): string => {
  if (VARIABLE_SQL[code]) return VARIABLE_SQL[code];
  // Validated codes are identifiers (the tokenizer's [A-Za-z_][A-Za-z0-9_]*); checked again before quoting.
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(code)) throw new Error(`invalid code ${code}`);
  return indicatorSql(code);
};

/** Who a population is limited to: an account's scope (its unit subtree; a regular staff account itself). */
export type PopulationScope = Pick<SessionUser, 'userType' | 'unitPath' | 'employeeId'>;

export interface PopulationSql {
  /** FROM … with the joins the condition needs. */
  from: string;
  /** The year and scope conditions (without the model's condition). */
  where: string[];
  /** The model's condition. */
  condition: string;
  params: unknown[];
}

/** The population of `year` in `scope`, and the condition `tree` over it. */
export function populationSql(tree: Node, codes: string[], year: number, scope: PopulationScope): PopulationSql {
  const params: unknown[] = [year];
  const where = ['pt.year = $1', 'e.deleted_at IS NULL', employeeRowScopeSql(scope as SessionUser, 'e', params)];
  // The check is read only when the condition names an indicator or the age at the check: a condition over
  // tags alone counts 100,000 people without touching health_checks.
  const readsCheck = codes.some((code) => code === 'AGE' || !VARIABLE_SQL[code]);
  const joins = [
    'person_tags pt',
    'JOIN employees e ON e.id = pt.employee_id',
    ...(readsCheck ? ['JOIN health_checks c ON c.id = pt.check_id'] : []),
    ...(codes.includes('FINDINGS') ? [OPEN_FINDINGS] : []),
  ];
  return { from: joins.join(' '), where, condition: expressionSql(tree, codeSql), params };
}

/** The values a condition read for one person, as a jsonb object (the preview's sample). */
export const valuesSql = (codes: string[]) =>
  codes.length ? `jsonb_build_object(${codes.map((c) => `'${c}', ${codeSql(c)}`).join(', ')})` : "'{}'::jsonb";
