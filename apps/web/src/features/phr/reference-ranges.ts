/**
 * When a check value is outside the adult reference (reference/MEDICAL.md: Chinese guideline thresholds;
 * creatinine and homocysteine use the seed's laboratory limits of SPEC §9). Used only to highlight values.
 */
interface Reference {
  /** Shown next to the indicator, e.g. '<140'. */
  text: (sex: number | null | undefined) => string;
  abnormal: (value: number, sex: number | null | undefined) => boolean;
}

const above = (limit: number): Reference => ({ text: () => `<${limit}`, abnormal: (v) => v >= limit });
const bySex = (men: number, women: number, inclusive: boolean): Reference => {
  const op = inclusive ? '<' : '≤';
  return {
    text: (sex) => (sex === 2 ? `${op}${women}` : sex === 1 ? `${op}${men}` : `男${op}${men}，女${op}${women}`),
    abnormal: (v, sex) => {
      const limit = sex === 2 ? women : men;
      return inclusive ? v >= limit : v > limit;
    },
  };
};

export const REFERENCES: Record<string, Reference> = {
  SBP: above(140),
  DBP: above(90),
  TC: above(5.2),
  TG: above(1.7),
  LDLC: above(3.4),
  HDLC: { text: () => '≥1.0', abnormal: (v) => v < 1.0 },
  FPG: above(6.1),
  HBA1C: above(6.5),
  UA: { text: () => '≤420', abnormal: (v) => v > 420 },
  CR: bySex(111, 81, false),
  HCY: bySex(16.2, 13.56, false),
  BMI: { text: () => '18.5–23.9', abnormal: (v) => v < 18.5 || v >= 24 },
  WAIST: bySex(90, 85, true),
};

export function isAbnormal(code: string, value: unknown, sex: number | null | undefined): boolean {
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  return REFERENCES[code]?.abnormal(value, sex) ?? false;
}
