import {
  ABNORMALITY_TYPES,
  type AbnormalityKey,
  abnormalityLevel,
  conditionHolds,
  INDICATOR_ROW_CRITERIA,
  type Values,
} from './criteria';

/**
 * Grouping tags of SPEC §3 from a person's check values and record: 血压/血脂/血糖/尿酸/体重 abnormality at
 * levels 1–3 (defined in criteria.ts, the indicator table's rows) and the risk level 健康/风险/异常/慢病/重病.
 */
export const RISK_LEVELS = ['健康', '风险', '异常', '慢病', '重病'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/** What puts a person in each risk level (`classify`), as the widgets counting them show it. */
export const RISK_LEVEL_CRITERIA: Record<RiskLevel, string> = {
  健康: '无异常、无风险因素',
  风险: '血压正常高值、中心型肥胖、吸烟，或高血压、糖尿病、冠心病、脑卒中家族史',
  异常: '任一异常达1级（员工健康指标表的异常标准）',
  慢病: '任一异常达2级，或档案记有高血压、糖尿病、慢阻肺、血脂异常',
  重病: '任一异常达3级，或档案记有冠心病、严重精神障碍、脑梗死、脑卒中',
};

const gte = (values: Values, code: string, t: number) => {
  const x = values[code];
  return typeof x === 'number' && Number.isFinite(x) && x >= t;
};

/** Blood pressure grade (中国高血压防治指南 2018): the higher of the systolic and diastolic grades; 0 below 140/90. */
export const bpLevel = (values: Values) => abnormalityLevel('bp', values, 0);

/** 正常高值 (120–139 and/or 80–89 mmHg, below grade 1): the indicator table's first row. */
const HIGH_NORMAL = INDICATOR_ROW_CRITERIA.find((r) => r.id === 1)!.condition;
export const bpHighNormal = (values: Values) => conditionHolds(HIGH_NORMAL, values, 0);

/** Lipids: 1 any of TC > 5.18, TG > 1.7, LDL-C > 3.37, HDL-C < 1.04; 2 raised (2016 guideline); 3 TG ≥ 5.6. */
export const lipidLevel = (values: Values) => abnormalityLevel('lipid', values, 0);

/** Glucose: 1 FPG ≥ 6.1; 2 diabetes range (FPG ≥ 7.0 or HbA1c ≥ 6.5); 3 FPG ≥ 11.1. */
export const glucoseLevel = (values: Values) => abnormalityLevel('glucose', values, 0);

/** Uric acid: 1 above the laboratory limit (men > 428, women > 357 µmol/L); 2 ≥ 540; 3 ≥ 600. */
export const uaLevel = (values: Values, sex: number) => abnormalityLevel('ua', values, sex);

/** Weight (WS/T 428-2013): 1 overweight BMI 24–27.9, 2 obese ≥ 28, 3 BMI ≥ 32.5. */
export const weightLevel = (values: Values) => abnormalityLevel('weight', values, 0);

/** Central obesity: waist ≥ 90 cm men, ≥ 85 cm women. */
export const centralObesity = (values: Values, sex: number) => gte(values, 'WAIST', sex === 1 ? 90 : 85);

/** What the record adds to the classification. */
export interface RecordFacts {
  /** Past-illness codes (SPEC §3). */
  illnesses?: number[];
  smoker?: boolean;
  /** Family history of hypertension, diabetes, coronary disease or stroke. */
  familyRisk?: boolean;
}

export interface PersonTags {
  levels: Record<AbnormalityKey, 0 | 1 | 2 | 3>;
  risk: RiskLevel;
  /** 'disease:level' values (SPEC §3), e.g. '高血压:2'. */
  diseases: string[];
}

/** Major illnesses (past-illness codes): coronary heart disease, severe mental disorder, cerebral infarction, stroke. */
const MAJOR_ILLNESS = new Set([3, 5, 12, 14]);
/** Chronic diseases: hypertension, diabetes, COPD, dyslipidaemia. */
const CHRONIC_ILLNESS = new Set([1, 2, 4, 13]);

/**
 * 重病: a major illness in the record or any abnormality at level 3; 慢病: a diagnosed chronic disease or
 * any abnormality at level 2; 异常: any abnormality at level 1; 风险: none of those but a risk factor
 * (high-normal blood pressure, central obesity, smoking, family history); otherwise 健康.
 */
export function classify(values: Values, sex: number, facts: RecordFacts = {}): PersonTags {
  const levels = Object.fromEntries(
    ABNORMALITY_TYPES.map((t) => [t.key, abnormalityLevel(t.key, values, sex)]),
  ) as Record<AbnormalityKey, 0 | 1 | 2 | 3>;
  const max = Math.max(...Object.values(levels));
  const illnesses = facts.illnesses ?? [];
  let risk: RiskLevel = '健康';
  if (max === 3 || illnesses.some((c) => MAJOR_ILLNESS.has(c))) risk = '重病';
  else if (max === 2 || illnesses.some((c) => CHRONIC_ILLNESS.has(c))) risk = '慢病';
  else if (max === 1) risk = '异常';
  else if (bpHighNormal(values) || centralObesity(values, sex) || facts.smoker || facts.familyRisk) risk = '风险';
  const diseases = ABNORMALITY_TYPES.filter((t) => levels[t.key] > 0).map((t) => `${t.disease}:${levels[t.key]}`);
  return { levels, risk, diseases };
}
