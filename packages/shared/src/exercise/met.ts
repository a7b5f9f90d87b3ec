import { numbered } from '../resources/options';

/**
 * Exercise intensity from MET (Compendium of Physical Activities; reference/MEDICAL.md "Exercise energy"):
 * < 3 light, 3–5.9 moderate, ≥ 6 vigorous. Codes 1 低, 2 中, 3 高 (SportTime).
 */
export const INTENSITIES = numbered('低', '中', '高');
export type Intensity = 1 | 2 | 3;

/** The MET at which moderate (3) and vigorous (6) intensity begin. */
export const MODERATE_MET = 3;
export const VIGOROUS_MET = 6;

export function metIntensity(met: number): Intensity {
  if (met < MODERATE_MET) return 1;
  if (met < VIGOROUS_MET) return 2;
  return 3;
}

/** metIntensity in SQL over a MET column (the lists' computed SportTime and template totals): same thresholds. */
export const metIntensitySql = (met: string): string =>
  `(CASE WHEN ${met} < ${MODERATE_MET} THEN 1 WHEN ${met} < ${VIGOROUS_MET} THEN 2 ELSE 3 END)`;

/** How many moderate minutes one minute of an intensity counts for: light 0, moderate 1, vigorous 2 (FITT). */
export const moderateWeight = (i: Intensity): number => (i === 1 ? 0 : i === 2 ? 1 : 2);

/** moderateWeight(metIntensity(met)) in SQL over a MET column. */
export const moderateWeightSql = (met: string): string =>
  `(CASE WHEN ${met} < ${MODERATE_MET} THEN 0 WHEN ${met} < ${VIGOROUS_MET} THEN 1 ELSE 2 END)`;

/** kcal = MET × body weight (kg) × hours (1 MET ≈ 1 kcal/kg/h). 4 MET × 70 kg × 0.5 h = 140 kcal. */
export const activityKcal = (met: number, weightKg: number, hours: number): number => met * weightKg * hours;

/** One line of a weekly plan: an item's MET, minutes per session, sessions per week. */
export interface WeeklyLine {
  met: number;
  minutes: number;
  sessionsPerWeek: number;
}

/** Minutes per week of a plan, whatever the intensity. */
export const weeklyMinutes = (lines: readonly WeeklyLine[]): number =>
  lines.reduce((sum, l) => sum + l.minutes * l.sessionsPerWeek, 0);

/** MET-minutes per week of a plan (the WHO/ACSM target is about 500–1000). */
export const weeklyMetMinutes = (lines: readonly WeeklyLine[]): number =>
  lines.reduce((sum, l) => sum + l.met * l.minutes * l.sessionsPerWeek, 0);

/**
 * Minutes of moderate-equivalent activity per week: vigorous minutes count twice, light ones not at all
 * (≥ 150 moderate or ≥ 75 vigorous, FITT).
 */
export const weeklyModerateMinutes = (lines: readonly WeeklyLine[]): number =>
  lines.reduce((sum, l) => sum + moderateWeight(metIntensity(l.met)) * l.minutes * l.sessionsPerWeek, 0);

/**
 * Heart-rate zones (beats/min, rounded): HRmax = 220 − age; moderate 50–70 % of HRmax, vigorous 70–85 %
 * (reference/NUTRITION.md "Exercise").
 */
export function heartRateZones(age: number): { max: number; moderate: [number, number]; vigorous: [number, number] } {
  const max = 220 - age;
  const at = (percent: number) => Math.round((max * percent) / 100);
  return { max, moderate: [at(50), at(70)], vigorous: [at(70), at(85)] };
}
