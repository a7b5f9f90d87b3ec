import { describe, expect, it } from 'vitest';
import {
  activityKcal,
  heartRateZones,
  metIntensity,
  moderateWeight,
  weeklyMetMinutes,
  weeklyMinutes,
  weeklyModerateMinutes,
} from './met';

describe('MET intensity and energy (MEDICAL.md "Exercise energy")', () => {
  it('classes intensity at both sides of 3 and 6 MET', () => {
    expect(metIntensity(1)).toBe(1);
    expect(metIntensity(2.9)).toBe(1);
    expect(metIntensity(2.99)).toBe(1);
    expect(metIntensity(3)).toBe(2);
    expect(metIntensity(5.9)).toBe(2);
    expect(metIntensity(5.99)).toBe(2);
    expect(metIntensity(6)).toBe(3);
    expect(metIntensity(11.8)).toBe(3);
  });
  it('weights minutes by intensity: light 0, moderate 1, vigorous 2', () => {
    expect([1, 2, 3].map((i) => moderateWeight(i as 1 | 2 | 3))).toEqual([0, 1, 2]);
  });
  it('kcal = MET × kg × h: 4 MET × 70 kg × 0.5 h = 140 kcal', () => {
    expect(activityKcal(4, 70, 0.5)).toBe(140);
  });
  it('sums a weekly plan in minutes, MET-minutes and moderate-equivalent minutes', () => {
    const plan = [
      { met: 4.3, minutes: 30, sessionsPerWeek: 5 }, // brisk walk
      { met: 7, minutes: 20, sessionsPerWeek: 1 }, // jogging counts twice
      { met: 2.5, minutes: 30, sessionsPerWeek: 2 }, // yoga: light, not counted
    ];
    expect(weeklyMinutes(plan)).toBe(150 + 20 + 60);
    expect(weeklyMetMinutes(plan)).toBeCloseTo(4.3 * 150 + 140 + 150, 6);
    expect(weeklyModerateMinutes(plan)).toBe(150 + 40);
    expect(weeklyModerateMinutes([])).toBe(0);
  });
  it('heart-rate zones: HRmax = 220 − age, moderate 50–70 %, vigorous 70–85 %', () => {
    expect(heartRateZones(50)).toEqual({ max: 170, moderate: [85, 119], vigorous: [119, 145] });
    expect(heartRateZones(30)).toEqual({ max: 190, moderate: [95, 133], vigorous: [133, 162] });
  });
});
