/**
 * The one definition of each abnormality (issue 9 item 19): the rows of the employee indicator table
 * (PRODUCT.md "Dashboard semantics": SPEC §9's sample thresholds where it has them, the 2018 guideline's grades
 * for blood pressure) are the criteria. A person-year is flagged with an abnormality (grouping-tag level ≥ 1,
 * the 异常因素分布 pie, the rings, the decline table, the statistics pages, the workbench) exactly when its check
 * falls in one of the abnormality's rows; levels 2 and 3 grade within that by the guidelines of
 * reference/MEDICAL.md. The tags are computed from these conditions in TypeScript (`conditionHolds`) and the
 * indicator table's SQL is generated from the same conditions (`conditionSql`).
 */
export type Values = Readonly<Record<string, number | null | undefined>>;

export const ABNORMALITY_TYPES = [
  { key: 'bp', label: '血压异常', disease: '高血压' },
  { key: 'lipid', label: '血脂异常', disease: '高血脂' },
  { key: 'glucose', label: '血糖异常', disease: '高血糖' },
  { key: 'ua', label: '尿酸异常', disease: '高尿酸' },
  { key: 'weight', label: '体重异常', disease: '高BMI' },
] as const;
export type AbnormalityKey = (typeof ABNORMALITY_TYPES)[number]['key'];

/** One threshold on one indicator code; with `sex` it applies to that sex only (1 男, 2 女). */
export interface Bound {
  code: string;
  op: '>' | '>=' | '<' | '<=';
  value: number;
  sex?: 1 | 2;
}

/**
 * Holds when at least one bound of `any` holds and none of `all` is broken. `all` holds a band's upper limits:
 * a value that is missing (or a bound for the other sex) is no reason to leave the band.
 */
export interface Condition {
  any: Bound[];
  all?: Bound[];
}

const num = (values: Values, code: string): number | null => {
  const x = values[code];
  return typeof x === 'number' && Number.isFinite(x) ? x : null;
};

/**
 * Whether a bound holds; `otherwise` is the answer when the value is missing or the bound is for the other
 * sex: false for a lower bound (nothing is flagged on an unmeasured indicator, as in the rule language),
 * true for a band's upper limit.
 */
function boundHolds(b: Bound, values: Values, sex: number, otherwise: boolean): boolean {
  const x = num(values, b.code);
  if (x === null || (b.sex !== undefined && b.sex !== sex)) return otherwise;
  if (b.op === '>') return x > b.value;
  if (b.op === '>=') return x >= b.value;
  if (b.op === '<') return x < b.value;
  return x <= b.value;
}

export const conditionHolds = (c: Condition, values: Values, sex: number): boolean =>
  c.any.some((b) => boundHolds(b, values, sex, false)) && (c.all ?? []).every((b) => boundHolds(b, values, sex, true));

/**
 * The condition as SQL over a check `c` (its "values" jsonb) and its person `e` (sex), answering exactly as
 * `conditionHolds` (a missing value or a NULL sex included).
 */
export function conditionSql(c: Condition, check = 'c', person = 'e'): string {
  const bound = (b: Bound, otherwise: boolean) => {
    const value = `(${check}."values"->>'${b.code}')::numeric`;
    // A bound for one sex: required of that sex (lower bound), or waived for the other (upper limit).
    const sex =
      b.sex === undefined ? '' : otherwise ? `NOT (${person}.sex = ${b.sex}) OR ` : `${person}.sex = ${b.sex} AND `;
    return `coalesce(${sex}${value} ${b.op} ${b.value}, ${otherwise})`;
  };
  const any = `(${c.any.map((x) => bound(x, false)).join(' OR ')})`;
  return c.all?.length ? `(${[any, ...c.all.map((x) => bound(x, true))].join(' AND ')})` : any;
}

const b = (code: string, op: Bound['op'], value: number, sex?: 1 | 2): Bound =>
  sex === undefined ? { code, op, value } : { code, op, value, sex };

export interface IndicatorRowCriterion {
  id: number;
  leibie: string;
  mingcheng: string;
  biaozhun: string;
  /** The abnormality the row counts towards; 正常高值 blood pressure is a risk factor, not an abnormality. */
  abnormality?: AbnormalityKey;
  condition: Condition;
}

/** The 14 rows of the employee health-check indicator table (PRODUCT.md), each a condition on one check. */
export const INDICATOR_ROW_CRITERIA: IndicatorRowCriterion[] = [
  {
    id: 1,
    leibie: '心脑血管',
    mingcheng: '血压',
    biaozhun: '正常高值 120–139/80–89 mmHg',
    condition: { any: [b('SBP', '>=', 120), b('DBP', '>=', 80)], all: [b('SBP', '<', 140), b('DBP', '<', 90)] },
  },
  {
    id: 2,
    leibie: '心脑血管',
    mingcheng: '血压',
    biaozhun: '1级 140–159/90–99 mmHg',
    abnormality: 'bp',
    condition: { any: [b('SBP', '>=', 140), b('DBP', '>=', 90)], all: [b('SBP', '<', 160), b('DBP', '<', 100)] },
  },
  {
    id: 3,
    leibie: '心脑血管',
    mingcheng: '血压',
    biaozhun: '2级 160–179/100–109 mmHg',
    abnormality: 'bp',
    condition: { any: [b('SBP', '>=', 160), b('DBP', '>=', 100)], all: [b('SBP', '<', 180), b('DBP', '<', 110)] },
  },
  {
    id: 4,
    leibie: '心脑血管',
    mingcheng: '血压',
    biaozhun: '3级 ≥180/≥110 mmHg',
    abnormality: 'bp',
    condition: { any: [b('SBP', '>=', 180), b('DBP', '>=', 110)] },
  },
  {
    id: 5,
    leibie: '心脑血管',
    mingcheng: '血脂',
    biaozhun: '总胆固醇 >5.18 mmol/L',
    abnormality: 'lipid',
    condition: { any: [b('TC', '>', 5.18)] },
  },
  {
    id: 6,
    leibie: '心脑血管',
    mingcheng: '血脂',
    biaozhun: '甘油三酯 >1.7 mmol/L',
    abnormality: 'lipid',
    condition: { any: [b('TG', '>', 1.7)] },
  },
  {
    id: 7,
    leibie: '心脑血管',
    mingcheng: '血脂',
    biaozhun: '低密度脂蛋白 >3.37 mmol/L',
    abnormality: 'lipid',
    condition: { any: [b('LDLC', '>', 3.37)] },
  },
  {
    id: 8,
    leibie: '心脑血管',
    mingcheng: '血脂',
    biaozhun: '高密度脂蛋白 <1.04 mmol/L',
    abnormality: 'lipid',
    condition: { any: [b('HDLC', '<', 1.04)] },
  },
  {
    id: 9,
    leibie: '代谢',
    mingcheng: '血糖',
    biaozhun: '空腹血糖受损 6.1–7.0 mmol/L',
    abnormality: 'glucose',
    condition: { any: [b('FPG', '>=', 6.1)], all: [b('FPG', '<', 7.0)] },
  },
  {
    id: 10,
    leibie: '代谢',
    mingcheng: '血糖',
    biaozhun: '空腹血糖 ≥7.0 mmol/L',
    abnormality: 'glucose',
    condition: { any: [b('FPG', '>=', 7.0)] },
  },
  {
    id: 11,
    leibie: '代谢',
    mingcheng: '血糖',
    biaozhun: '糖化血红蛋白 ≥6.5%',
    abnormality: 'glucose',
    condition: { any: [b('HBA1C', '>=', 6.5)] },
  },
  {
    id: 12,
    leibie: '代谢',
    mingcheng: '尿酸',
    biaozhun: '男 >428、女 >357 µmol/L',
    abnormality: 'ua',
    condition: { any: [b('UA', '>', 428, 1), b('UA', '>', 357, 2)] },
  },
  {
    id: 13,
    leibie: '代谢',
    mingcheng: '体重',
    biaozhun: '超重 BMI 24–27.9',
    abnormality: 'weight',
    condition: { any: [b('BMI', '>=', 24)], all: [b('BMI', '<', 28)] },
  },
  {
    id: 14,
    leibie: '代谢',
    mingcheng: '体重',
    biaozhun: '肥胖 BMI ≥28',
    abnormality: 'weight',
    condition: { any: [b('BMI', '>=', 28)] },
  },
];

export interface AbnormalityCriteria {
  key: AbnormalityKey;
  /** The pie's and the statistics' name, e.g. 尿酸异常. */
  label: string;
  /** What counts, shown on every widget that counts it (tooltip / subtitle). */
  criterion: string;
  /** Ids of its indicator-table rows: level ≥ 1 exactly when one of them holds. */
  rows: number[];
  /** Level 2, then level 3, within level 1 (reference/MEDICAL.md and docs/decisions.md "Grouping-tag levels"). */
  grades: [Condition, Condition];
}

const labelOf = (key: AbnormalityKey) => ABNORMALITY_TYPES.find((t) => t.key === key)!.label;

/** The five abnormalities' definitions, in display order. */
export const ABNORMALITY_CRITERIA: Record<AbnormalityKey, AbnormalityCriteria> = {
  bp: {
    key: 'bp',
    label: labelOf('bp'),
    criterion: '血压：收缩压≥140 和/或 舒张压≥90 mmHg（1–3级）',
    rows: [2, 3, 4],
    // 中国高血压防治指南 2018: grade 2 ≥ 160/100, grade 3 ≥ 180/110 (the higher grade applies).
    grades: [{ any: [b('SBP', '>=', 160), b('DBP', '>=', 100)] }, { any: [b('SBP', '>=', 180), b('DBP', '>=', 110)] }],
  },
  lipid: {
    key: 'lipid',
    label: labelOf('lipid'),
    criterion: '血脂：总胆固醇>5.18、甘油三酯>1.7、低密度脂蛋白>3.37 或 高密度脂蛋白<1.04 mmol/L',
    rows: [5, 6, 7, 8],
    // 中国成人血脂异常防治指南 2016: raised TC ≥ 6.2, LDL-C ≥ 4.1, TG ≥ 2.3, low HDL-C < 1.0; severe TG ≥ 5.6.
    grades: [
      { any: [b('TC', '>=', 6.2), b('LDLC', '>=', 4.1), b('TG', '>=', 2.3), b('HDLC', '<', 1.0)] },
      { any: [b('TG', '>=', 5.6)] },
    ],
  },
  glucose: {
    key: 'glucose',
    label: labelOf('glucose'),
    criterion: '血糖：空腹血糖≥6.1 mmol/L 或 糖化血红蛋白≥6.5%',
    rows: [9, 10, 11],
    // WHO 1999 / 中国2型糖尿病防治指南 2020: diabetes range FPG ≥ 7.0 or HbA1c ≥ 6.5; FPG ≥ 11.1.
    grades: [{ any: [b('FPG', '>=', 7.0), b('HBA1C', '>=', 6.5)] }, { any: [b('FPG', '>=', 11.1)] }],
  },
  ua: {
    key: 'ua',
    label: labelOf('ua'),
    criterion: '尿酸：男>428、女>357 µmol/L',
    rows: [12],
    // 中国高尿酸血症与痛风诊疗指南 2019: ≥ 540 starts urate-lowering treatment without comorbidity; ≥ 600.
    grades: [{ any: [b('UA', '>=', 540)] }, { any: [b('UA', '>=', 600)] }],
  },
  weight: {
    key: 'weight',
    label: labelOf('weight'),
    criterion: '体重：BMI≥24（超重、肥胖）',
    rows: [13, 14],
    // WS/T 428-2013: obese BMI ≥ 28; BMI ≥ 32.5 the next clinically used step.
    grades: [{ any: [b('BMI', '>=', 28)] }, { any: [b('BMI', '>=', 32.5)] }],
  },
};

const rowById = new Map(INDICATOR_ROW_CRITERIA.map((r) => [r.id, r]));

/** The level (0–3) of an abnormality for one check: 0 unless one of its table rows holds. */
export function abnormalityLevel(key: AbnormalityKey, values: Values, sex: number): 0 | 1 | 2 | 3 {
  const def = ABNORMALITY_CRITERIA[key];
  if (!def.rows.some((id) => conditionHolds(rowById.get(id)!.condition, values, sex))) return 0;
  if (conditionHolds(def.grades[1], values, sex)) return 3;
  if (conditionHolds(def.grades[0], values, sex)) return 2;
  return 1;
}

/**
 * A fingerprint of what the tags are computed from (conditions, rows, grades; not the wording): stored with the
 * tags, so a change of definition recomputes the stored tags at the next start.
 */
export const CRITERIA_VERSION = JSON.stringify([
  INDICATOR_ROW_CRITERIA.map((r) => [r.id, r.abnormality ?? null, r.condition]),
  Object.values(ABNORMALITY_CRITERIA).map((a) => [a.key, a.rows, a.grades]),
]);

/**
 * 慢病统计's columns: each a level of one abnormality, hence a union of indicator-table rows (糖尿病 = rows
 * 10–11, 肥胖 = row 14) or the abnormality itself — the same people the dashboard counts under that name.
 */
export const CHRONIC_DISEASES: {
  key: string;
  name: string;
  abnormality: AbnormalityKey;
  minLevel: 1 | 2;
  criterion: string;
}[] = [
  { key: 'hypertension', name: '高血压', abnormality: 'bp', minLevel: 1, criterion: ABNORMALITY_CRITERIA.bp.criterion },
  {
    key: 'diabetes',
    name: '糖尿病',
    abnormality: 'glucose',
    minLevel: 2,
    criterion: '糖尿病：空腹血糖≥7.0 mmol/L 或 糖化血红蛋白≥6.5%',
  },
  {
    key: 'dyslipidemia',
    name: '血脂异常',
    abnormality: 'lipid',
    minLevel: 1,
    criterion: ABNORMALITY_CRITERIA.lipid.criterion,
  },
  {
    key: 'hyperuricemia',
    name: '高尿酸血症',
    abnormality: 'ua',
    minLevel: 1,
    criterion: ABNORMALITY_CRITERIA.ua.criterion,
  },
  { key: 'obesity', name: '肥胖', abnormality: 'weight', minLevel: 2, criterion: '肥胖：BMI≥28' },
];
