/**
 * Health-check indicators: code (used in positive-rule expressions), Chinese name, unit and the range of
 * physically plausible values (outside it a value is a typing or device error and is refused).
 */
export interface IndicatorDef {
  code: string;
  name: string;
  unit: string;
  /** Inclusive plausible range. */
  min: number;
  max: number;
  /** Decimal places kept. */
  decimals: number;
}

export const INDICATORS: IndicatorDef[] = [
  { code: 'SBP', name: '收缩压', unit: 'mmHg', min: 50, max: 300, decimals: 0 },
  { code: 'DBP', name: '舒张压', unit: 'mmHg', min: 30, max: 200, decimals: 0 },
  { code: 'TC', name: '总胆固醇', unit: 'mmol/L', min: 1, max: 20, decimals: 2 },
  { code: 'TG', name: '甘油三酯', unit: 'mmol/L', min: 0.1, max: 50, decimals: 2 },
  { code: 'LDLC', name: '低密度脂蛋白胆固醇', unit: 'mmol/L', min: 0.1, max: 15, decimals: 2 },
  { code: 'HDLC', name: '高密度脂蛋白胆固醇', unit: 'mmol/L', min: 0.1, max: 5, decimals: 2 },
  { code: 'FPG', name: '空腹血糖', unit: 'mmol/L', min: 1, max: 40, decimals: 2 },
  { code: 'HBA1C', name: '糖化血红蛋白', unit: '%', min: 3, max: 20, decimals: 1 },
  { code: 'UA', name: '尿酸', unit: 'µmol/L', min: 50, max: 1200, decimals: 0 },
  { code: 'CR', name: '肌酐', unit: 'µmol/L', min: 10, max: 2000, decimals: 0 },
  { code: 'HCY', name: '同型半胱氨酸', unit: 'µmol/L', min: 1, max: 200, decimals: 1 },
  { code: 'HEIGHT', name: '身高', unit: 'cm', min: 100, max: 230, decimals: 1 },
  { code: 'WEIGHT', name: '体重', unit: 'kg', min: 25, max: 250, decimals: 1 },
  { code: 'BMI', name: '体重指数', unit: 'kg/m²', min: 10, max: 70, decimals: 1 },
  { code: 'WAIST', name: '腰围', unit: 'cm', min: 40, max: 200, decimals: 1 },
  { code: 'ALT', name: '谷丙转氨酶', unit: 'U/L', min: 1, max: 2000, decimals: 0 },
  { code: 'AST', name: '谷草转氨酶', unit: 'U/L', min: 1, max: 2000, decimals: 0 },
  { code: 'HR', name: '心率', unit: '次/分', min: 25, max: 250, decimals: 0 },
];

/** An indicator as a form or column names it: its Chinese name and unit (身高（cm）, 糖化血红蛋白（%）), never its code. */
export const indicatorLabel = (i: Pick<IndicatorDef, 'name' | 'unit'>): string =>
  i.unit ? `${i.name}（${i.unit}）` : i.name;

export const INDICATOR_BY_CODE: Record<string, IndicatorDef> = Object.fromEntries(INDICATORS.map((i) => [i.code, i]));

/** BMI = weight (kg) / height (m)², one decimal. */
export function bmi(heightCm: number, weightKg: number): number {
  const m = heightCm / 100;
  return Math.round((weightKg / (m * m)) * 10) / 10;
}
