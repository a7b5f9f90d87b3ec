import { numbered } from '../resources/options';

/**
 * Exercise intensity from MET (Compendium of Physical Activities; reference/MEDICAL.md "Exercise energy"):
 * < 3 light, 3–5.9 moderate, ≥ 6 vigorous. Codes 1 低, 2 中, 3 高 (SportTime).
 */
export const INTENSITIES = numbered('低', '中', '高');
export type Intensity = 1 | 2 | 3;

export function metIntensity(met: number): Intensity {
  if (met < 3) return 1;
  if (met < 6) return 2;
  return 3;
}

/** kcal = MET × body weight (kg) × hours (1 MET ≈ 1 kcal/kg/h). 4 MET × 70 kg × 0.5 h = 140 kcal. */
export const activityKcal = (met: number, weightKg: number, hours: number): number => met * weightKg * hours;

/** One line of a weekly plan: an item's MET, minutes per session, sessions per week. */
export interface WeeklyLine {
  met: number;
  minutes: number;
  sessionsPerWeek: number;
}

/** MET-minutes per week of a plan (the WHO/ACSM target is about 500–1000). */
export const weeklyMetMinutes = (lines: readonly WeeklyLine[]): number =>
  lines.reduce((sum, l) => sum + l.met * l.minutes * l.sessionsPerWeek, 0);

/**
 * Minutes of moderate-equivalent activity per week: vigorous minutes count twice, light ones not at all
 * (≥ 150 moderate or ≥ 75 vigorous, FITT).
 */
export const weeklyModerateMinutes = (lines: readonly WeeklyLine[]): number =>
  lines.reduce((sum, l) => {
    const i = metIntensity(l.met);
    return sum + (i === 1 ? 0 : i === 2 ? 1 : 2) * l.minutes * l.sessionsPerWeek;
  }, 0);
