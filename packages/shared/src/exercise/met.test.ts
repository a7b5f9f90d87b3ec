import { describe, expect, it } from 'vitest';
import { activityKcal, metIntensity, weeklyMetMinutes, weeklyModerateMinutes } from './met';

describe('MET intensity and energy (MEDICAL.md "Exercise energy")', () => {
  it('classes intensity at both sides of 3 and 6 MET', () => {
    expect(metIntensity(2.99)).toBe(1);
    expect(metIntensity(3)).toBe(2);
    expect(metIntensity(5.9)).toBe(2);
    expect(metIntensity(6)).toBe(3);
  });
  it('kcal = MET × kg × h: 4 MET × 70 kg × 0.5 h = 140 kcal', () => {
    expect(activityKcal(4, 70, 0.5)).toBe(140);
  });
  it('sums a weekly plan in MET-minutes and moderate-equivalent minutes', () => {
    const plan = [
      { met: 4.3, minutes: 30, sessionsPerWeek: 5 }, // brisk walk
      { met: 7, minutes: 20, sessionsPerWeek: 1 }, // jogging counts twice
      { met: 2.5, minutes: 30, sessionsPerWeek: 2 }, // yoga: light, not counted
    ];
    expect(weeklyMetMinutes(plan)).toBeCloseTo(4.3 * 150 + 140 + 150, 6);
    expect(weeklyModerateMinutes(plan)).toBe(150 + 40);
  });
});
