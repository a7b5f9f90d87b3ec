import { describe, expect, it } from 'vitest';
import { DIET_CLASSIFY } from '../nutrition/options';
import {
  SHIPPED_FITNESS_ITEMS,
  SHIPPED_FITNESS_PRINCIPLES,
  SHIPPED_FITNESS_TEMPLATES,
  shippedPlanLines,
} from './catalogue';
import { goalShortfalls, TEMPLATE_GOALS } from './goals';
import { heartRateZones, weeklyModerateMinutes } from './met';
import { FITNESS_CATEGORIES, FITNESS_CLASSIFY_LABELS, SPORT_TYPES } from './options';

/** reference/MEDICAL.md "Exercise energy": the Compendium 2011 codes and values it lists, written out. */
const MEDICAL_MD: [string, number][] = [
  ['17170', 3.0],
  ['17190', 3.5],
  ['17200', 4.3],
  ['17220', 5.0],
  ['12020', 7.0],
  ['12030', 8.3],
  ['12050', 9.8],
  ['01010', 4.0],
  ['01020', 6.8],
  ['18310', 6.0],
  ['15670', 3.0],
  ['03025', 4.5],
  ['15030', 5.5],
  ['15020', 7.0],
  ['15660', 4.0],
  ['15055', 6.5],
  ['15040', 8.0],
  ['02150', 2.5],
  ['17133', 4.0],
  ['17134', 8.8],
  ['15551', 11.8],
  ['15675', 7.3],
  ['17082', 5.3],
];

describe('the shipped exercise items', () => {
  it('has at least 40 items with unique names, five-digit codes, MET ≥ 1 at one decimal, valid codes and ages', () => {
    expect(SHIPPED_FITNESS_ITEMS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(SHIPPED_FITNESS_ITEMS.map((i) => i.name)).size).toBe(SHIPPED_FITNESS_ITEMS.length);
    for (const i of SHIPPED_FITNESS_ITEMS) {
      expect(i.code, i.name).toMatch(/^\d{5}$/);
      expect(i.met, i.name).toBeGreaterThanOrEqual(1);
      expect(Math.round(i.met * 10) / 10, i.name).toBe(i.met);
      expect(i.ageMin, i.name).toBeLessThanOrEqual(i.ageMax);
      expect(
        FITNESS_CATEGORIES.map((c) => c.value),
        i.name,
      ).toContain(i.category);
      expect(
        SPORT_TYPES.map((c) => c.value),
        i.name,
      ).toContain(i.sportType);
      expect(i.name, 'no Latin letters on a Chinese screen').not.toMatch(/[A-Za-z]{2}/);
    }
  });
  it('holds every Compendium code of MEDICAL.md at exactly its value (one code, one MET)', () => {
    for (const [code, met] of MEDICAL_MD) {
      const rows = SHIPPED_FITNESS_ITEMS.filter((i) => i.code === code);
      expect(rows.length, code).toBeGreaterThan(0);
      for (const r of rows) expect(r.met, `${code} ${r.name}`).toBe(met);
    }
    const byCode = new Map<string, number>();
    for (const i of SHIPPED_FITNESS_ITEMS) {
      expect(byCode.get(i.code) ?? i.met, `${i.code} has one value`).toBe(i.met);
      byCode.set(i.code, i.met);
    }
  });
  it('covers every category and every intensity', () => {
    for (const c of FITNESS_CATEGORIES) expect(SHIPPED_FITNESS_ITEMS.some((i) => i.category === c.value)).toBe(true);
    expect(SHIPPED_FITNESS_ITEMS.some((i) => i.met < 3)).toBe(true);
    expect(SHIPPED_FITNESS_ITEMS.some((i) => i.met >= 3 && i.met < 6)).toBe(true);
    expect(SHIPPED_FITNESS_ITEMS.some((i) => i.met >= 6)).toBe(true);
  });
});

describe('the shipped exercise templates', () => {
  it('template groups begin with the diet principle classes', () => {
    expect(FITNESS_CLASSIFY_LABELS.slice(0, DIET_CLASSIFY.length)).toEqual(DIET_CLASSIFY.map((c) => c.label));
  });
  it('ships at least 8 templates, one at least for every group', () => {
    expect(SHIPPED_FITNESS_TEMPLATES.length).toBeGreaterThanOrEqual(8);
    for (const g of FITNESS_CLASSIFY_LABELS) {
      expect(
        SHIPPED_FITNESS_TEMPLATES.some((t) => t.classify === g),
        g,
      ).toBe(true);
    }
  });
  it.each(SHIPPED_FITNESS_TEMPLATES.map((t) => [t.name, t] as const))('%s reaches the goal of its group', (_, t) => {
    const lines = shippedPlanLines(t);
    expect(goalShortfalls(TEMPLATE_GOALS[t.classify], lines)).toEqual([]);
    expect(weeklyModerateMinutes(lines)).toBeGreaterThanOrEqual(150);
    expect(new Set(t.lines.map((l) => l.item)).size, 'an item once per template').toBe(t.lines.length);
  });
  it('超重肥胖 reaches 300 minutes; 高血压 has no vigorous line; 糖尿病 trains resistance 2–3 days', () => {
    const of = (classify: string) => SHIPPED_FITNESS_TEMPLATES.filter((t) => t.classify === classify);
    for (const t of of('超重肥胖')) expect(weeklyModerateMinutes(shippedPlanLines(t))).toBeGreaterThanOrEqual(300);
    for (const t of of('高血压')) expect(shippedPlanLines(t).every((l) => l.met < 6)).toBe(true);
    for (const t of of('糖尿病')) {
      const days = Math.max(...shippedPlanLines(t).flatMap((l) => (l.sportType === 2 ? [l.sessionsPerWeek] : [])));
      expect(days).toBeGreaterThanOrEqual(2);
      expect(days).toBeLessThanOrEqual(3);
    }
  });
});

describe('the shipped exercise principles', () => {
  const text = (title: string) => SHIPPED_FITNESS_PRINCIPLES.find((p) => p.title.includes(title))?.contents ?? '';
  it('FITT: 150 moderate or 75 vigorous, resistance 2–3 days, 500–1000 MET·min, the 140 kcal example', () => {
    const fitt = text('四要素');
    for (const s of ['≥150分钟', '≥75分钟', '2–3天', '500–1000 MET·分钟', '4 × 70 × 0.5 = 140千卡']) {
      expect(fitt).toContain(s);
    }
  });
  it('heart-rate table agrees with heartRateZones', () => {
    const hr = text('心率');
    for (const age of [30, 40, 50, 60]) {
      const z = heartRateZones(age);
      expect(hr).toContain(
        `<tr><td>${age}岁</td><td>${z.max}</td><td>${z.moderate.join('–')}</td><td>${z.vigorous.join('–')}</td></tr>`,
      );
    }
  });
  it('the contraindications of the issue at their thresholds', () => {
    const c = text('禁忌');
    for (const s of [
      '≥180/110 mmHg',
      '160–179 mmHg',
      '100–109 mmHg',
      '≥16.7 mmol/L',
      '≥10%',
      '酮症',
      '不稳定型心绞痛',
    ]) {
      expect(c).toContain(s);
    }
  });
  it('ships warm-up and cool-down', () => {
    expect(text('热身')).toContain('5–10分钟');
  });
});
