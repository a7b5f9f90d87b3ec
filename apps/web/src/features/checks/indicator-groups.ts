import { bmi, INDICATORS, type IndicatorDef } from '@peis/shared';

/** The check form's sections: the indicator list grouped the way a check report reads. */
const GROUPS: { title: string; codes: string[] }[] = [
  { title: '体格测量', codes: ['HEIGHT', 'WEIGHT', 'BMI', 'WAIST'] },
  { title: '血压与心率', codes: ['SBP', 'DBP', 'HR'] },
  { title: '血脂', codes: ['TC', 'TG', 'LDLC', 'HDLC'] },
  { title: '血糖', codes: ['FPG', 'HBA1C'] },
  { title: '肾功能与尿酸', codes: ['UA', 'CR'] },
  { title: '肝功能', codes: ['ALT', 'AST'] },
  { title: '心血管', codes: ['HCY'] },
];

export interface IndicatorGroup {
  title: string;
  indicators: IndicatorDef[];
}

/** Every indicator exactly once; one added to the shared list later lands in 其他. */
export const INDICATOR_GROUPS: IndicatorGroup[] = (() => {
  const byCode = new Map(INDICATORS.map((i) => [i.code, i]));
  const used = new Set<string>();
  const groups = GROUPS.map((g) => ({
    title: g.title,
    indicators: g.codes.flatMap((c) => {
      const def = byCode.get(c);
      if (!def) return [];
      used.add(c);
      return [def];
    }),
  })).filter((g) => g.indicators.length);
  const rest = INDICATORS.filter((i) => !used.has(i.code));
  return rest.length ? [...groups, { title: '其他', indicators: rest }] : groups;
})();

/** '20–300 mmHg', as the server writes a plausible range. */
export const plausibleText = (d: IndicatorDef) => `${d.min}–${d.max}${d.unit ? ` ${d.unit}` : ''}`;

/** The server's refusal, word for word: '收缩压 20 超出合理范围（50–300 mmHg）'. */
export const outOfRange = (d: IndicatorDef, v: number) => `${d.name} ${v} 超出合理范围（${plausibleText(d)}）`;

/** BMI from height and weight, as the server computes it when both are given; null until both are there. */
export function bmiOf(heightCm: number | null | undefined, weightKg: number | null | undefined): number | null {
  return heightCm && weightKg ? bmi(heightCm, weightKg) : null;
}
