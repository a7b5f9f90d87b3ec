import type { DietClassify } from '../nutrition/options';
import { bpLevel, glucoseLevel, lipidLevel, uaLevel, weightLevel } from '../rules/tags';

/** A rule of the generator that changed the plan, with the person's own value in the reason. */
export interface Adjustment {
  rule: string;
  reason: string;
}

/** The conditions a prescription answers (DIET_CLASSIFY values other than 一般人群). */
export type HealthCondition = Exclude<DietClassify, 'general'>;

/** Grouping-tag levels 0–3 of a person-year (person_tags). */
export interface TagLevels {
  bp?: number;
  lipid?: number;
  glucose?: number;
  ua?: number;
  weight?: number;
}

/** What the generator knows of a person: the latest check, the year's tags, the record, confirmed findings. */
export interface PrescriptionFacts {
  sex: 1 | 2;
  age: number;
  /** Latest check values by indicator code. */
  values: Readonly<Record<string, number | null | undefined>>;
  tags?: TagLevels | null;
  /** Past-illness codes of the record (PAST_ILLNESS: 1 高血压, 2 糖尿病, 13 血脂异常). */
  illnesses?: readonly number[];
  /** Indicator codes of the person's confirmed findings (positive_findings.matched keys). */
  findingCodes?: readonly string[];
}

/** The indicators each condition's prescription aims to move, and the better direction of each. */
export const CONDITION_TARGETS: Record<HealthCondition, string[]> = {
  hypertension: ['SBP', 'DBP'],
  diabetes: ['FPG', 'HBA1C'],
  dyslipidaemia: ['TC', 'TG', 'LDLC', 'HDLC'],
  hyperuricaemia: ['UA'],
  obesity: ['WEIGHT', 'BMI', 'WAIST'],
};
/** Targets of a person without any condition: keep the weight. */
export const GENERAL_TARGETS = ['WEIGHT', 'BMI'];
/** HDL-C is better higher; every other targeted indicator lower. */
export const betterDirection = (code: string): 'down' | 'up' => (code === 'HDLC' ? 'up' : 'down');

const CONDITION_ORDER: HealthCondition[] = ['hypertension', 'diabetes', 'obesity', 'dyslipidaemia', 'hyperuricaemia'];
const CONDITION_LABEL: Record<HealthCondition, string> = {
  hypertension: '高血压',
  diabetes: '糖尿病',
  dyslipidaemia: '血脂异常',
  hyperuricaemia: '高尿酸',
  obesity: '超重肥胖',
};
export const conditionLabel = (c: HealthCondition | 'general'): string =>
  c === 'general' ? '一般人群' : CONDITION_LABEL[c];

const ILLNESS: Partial<Record<number, HealthCondition>> = { 1: 'hypertension', 2: 'diabetes', 13: 'dyslipidaemia' };
const FINDING: Record<string, HealthCondition> = {
  SBP: 'hypertension',
  DBP: 'hypertension',
  FPG: 'diabetes',
  HBA1C: 'diabetes',
  TC: 'dyslipidaemia',
  TG: 'dyslipidaemia',
  LDLC: 'dyslipidaemia',
  HDLC: 'dyslipidaemia',
  UA: 'hyperuricaemia',
  BMI: 'obesity',
  WEIGHT: 'obesity',
  WAIST: 'obesity',
};

const fmt = (v: number | null | undefined) => (typeof v === 'number' ? String(v) : '—');

/**
 * The person's conditions, most pressing first (hypertension, diabetes, obesity, dyslipidaemia, hyperuricaemia),
 * each with why: the latest check's level (the grouping tags' definitions, rules/criteria.ts), the year's tag, a
 * diagnosis in the record's past history, or a confirmed finding on one of the condition's indicators.
 */
export function personConditions(p: PrescriptionFacts): { condition: HealthCondition; why: string }[] {
  const v = p.values;
  const levels: Record<HealthCondition, number> = {
    hypertension: Math.max(bpLevel(v), p.tags?.bp ?? 0),
    diabetes: Math.max(glucoseLevel(v), p.tags?.glucose ?? 0),
    dyslipidaemia: Math.max(lipidLevel(v), p.tags?.lipid ?? 0),
    hyperuricaemia: Math.max(uaLevel(v, p.sex), p.tags?.ua ?? 0),
    obesity: Math.max(weightLevel(v), p.tags?.weight ?? 0),
  };
  const measured: Record<HealthCondition, string> = {
    hypertension: `血压 ${fmt(v.SBP)}/${fmt(v.DBP)} mmHg`,
    diabetes: `空腹血糖 ${fmt(v.FPG)} mmol/L${typeof v.HBA1C === 'number' ? `，糖化血红蛋白 ${v.HBA1C}%` : ''}`,
    dyslipidaemia: `总胆固醇 ${fmt(v.TC)}、甘油三酯 ${fmt(v.TG)}、低密度脂蛋白 ${fmt(v.LDLC)}、高密度脂蛋白 ${fmt(v.HDLC)} mmol/L`,
    hyperuricaemia: `尿酸 ${fmt(v.UA)} µmol/L`,
    obesity: `BMI ${fmt(v.BMI)}${typeof v.WAIST === 'number' ? `，腰围 ${v.WAIST} cm` : ''}`,
  };
  const out: { condition: HealthCondition; why: string }[] = [];
  for (const c of CONDITION_ORDER) {
    const why: string[] = [];
    if (levels[c] > 0) why.push(`${measured[c]}，异常${levels[c]}级`);
    if ((p.illnesses ?? []).some((i) => ILLNESS[i] === c)) why.push(`档案记有${CONDITION_LABEL[c]}`);
    if ((p.findingCodes ?? []).some((code) => FINDING[code] === c)) why.push('有已确认的阳性发现');
    if (why.length) out.push({ condition: c, why: why.join('；') });
  }
  return out;
}

/** The indicators a prescription for these conditions targets (GENERAL_TARGETS without any). */
export function targetsOf(conditions: readonly HealthCondition[]): string[] {
  if (!conditions.length) return [...GENERAL_TARGETS];
  return [...new Set(conditions.flatMap((c) => CONDITION_TARGETS[c]))];
}
