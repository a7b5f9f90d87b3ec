/**
 * Grouping tags of SPEC §3 from a person's check values (thresholds of reference/MEDICAL.md) and record:
 * 血压/血脂/血糖/尿酸/体重 abnormality at levels 1–3 and the risk level 健康/风险/异常/慢病/重病.
 */
export type Values = Readonly<Record<string, number | null | undefined>>;

export const RISK_LEVELS = ['健康', '风险', '异常', '慢病', '重病'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export const ABNORMALITY_TYPES = [
  { key: 'bp', label: '血压异常', disease: '高血压' },
  { key: 'lipid', label: '血脂异常', disease: '高血脂' },
  { key: 'glucose', label: '血糖异常', disease: '高血糖' },
  { key: 'ua', label: '尿酸异常', disease: '高尿酸' },
  { key: 'weight', label: '体重异常', disease: '高BMI' },
] as const;
export type AbnormalityKey = (typeof ABNORMALITY_TYPES)[number]['key'];

const v = (values: Values, code: string): number | null => {
  const x = values[code];
  return typeof x === 'number' && Number.isFinite(x) ? x : null;
};
const gte = (x: number | null, t: number) => x !== null && x >= t;

/** Blood pressure grade (中国高血压防治指南 2018): the higher of the systolic and diastolic grades; 0 below 140/90. */
export function bpLevel(values: Values): 0 | 1 | 2 | 3 {
  const s = v(values, 'SBP');
  const d = v(values, 'DBP');
  if (gte(s, 180) || gte(d, 110)) return 3;
  if (gte(s, 160) || gte(d, 100)) return 2;
  if (gte(s, 140) || gte(d, 90)) return 1;
  return 0;
}

/** 正常高值: 120–139 and/or 80–89 mmHg, below grade 1. */
export const bpHighNormal = (values: Values) =>
  bpLevel(values) === 0 && (gte(v(values, 'SBP'), 120) || gte(v(values, 'DBP'), 80));

/**
 * Lipids (中国成人血脂异常防治指南 2016): 1 borderline (TC 5.2–6.19, LDL-C 3.4–4.09, TG 1.7–2.29),
 * 2 raised (TC ≥ 6.2, LDL-C ≥ 4.1, TG ≥ 2.3, HDL-C < 1.0), 3 severe hypertriglyceridaemia (TG ≥ 5.6).
 */
export function lipidLevel(values: Values): 0 | 1 | 2 | 3 {
  const tc = v(values, 'TC');
  const ldl = v(values, 'LDLC');
  const tg = v(values, 'TG');
  const hdl = v(values, 'HDLC');
  if (gte(tg, 5.6)) return 3;
  if (gte(tc, 6.2) || gte(ldl, 4.1) || gte(tg, 2.3) || (hdl !== null && hdl < 1.0)) return 2;
  if (gte(tc, 5.2) || gte(ldl, 3.4) || gte(tg, 1.7)) return 1;
  return 0;
}

/** Glucose (WHO 1999 / 中国2型糖尿病防治指南 2020): 1 IFG 6.1–6.99, 2 diabetes range (FPG ≥ 7.0 or HbA1c ≥ 6.5), 3 FPG ≥ 11.1. */
export function glucoseLevel(values: Values): 0 | 1 | 2 | 3 {
  const fpg = v(values, 'FPG');
  if (gte(fpg, 11.1)) return 3;
  if (gte(fpg, 7.0) || gte(v(values, 'HBA1C'), 6.5)) return 2;
  if (gte(fpg, 6.1)) return 1;
  return 0;
}

/** Uric acid (中国高尿酸血症与痛风诊疗指南 2019, > 420 µmol/L both sexes): 1 > 420, 2 ≥ 540, 3 ≥ 600. */
export function uaLevel(values: Values): 0 | 1 | 2 | 3 {
  const ua = v(values, 'UA');
  if (gte(ua, 600)) return 3;
  if (gte(ua, 540)) return 2;
  if (ua !== null && ua > 420) return 1;
  return 0;
}

/** Weight (WS/T 428-2013): 1 overweight BMI 24–27.9, 2 obese ≥ 28, 3 BMI ≥ 32.5. */
export function weightLevel(values: Values): 0 | 1 | 2 | 3 {
  const bmi = v(values, 'BMI');
  if (gte(bmi, 32.5)) return 3;
  if (gte(bmi, 28)) return 2;
  if (gte(bmi, 24)) return 1;
  return 0;
}

/** Central obesity: waist ≥ 90 cm men, ≥ 85 cm women. */
export const centralObesity = (values: Values, sex: number) => gte(v(values, 'WAIST'), sex === 1 ? 90 : 85);

export const LEVEL_FUNCTIONS: Record<AbnormalityKey, (values: Values) => 0 | 1 | 2 | 3> = {
  bp: bpLevel,
  lipid: lipidLevel,
  glucose: glucoseLevel,
  ua: uaLevel,
  weight: weightLevel,
};

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
  const levels = Object.fromEntries(ABNORMALITY_TYPES.map((t) => [t.key, LEVEL_FUNCTIONS[t.key](values)])) as Record<
    AbnormalityKey,
    0 | 1 | 2 | 3
  >;
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
