import { describe, expect, it } from 'vitest';
import { atwaterKcal, checkEnergy, ENERGY_TOLERANCE, energyMessage } from './energy';

describe('checkEnergy', () => {
  it('computes 4P + 9F + 4C, fibre at 2 kcal/g', () => {
    // 鸡蛋 (CFCT): 13.1 g protein, 8.6 g fat, 2.4 g CHO → 52.4 + 77.4 + 9.6 = 139.4; the table says 139.
    expect(atwaterKcal(13.1, 8.6, 2.4)).toBeCloseTo(139.4, 5);
    expect(checkEnergy({ kcal: 139, protein: 13.1, fat: 8.6, cho: 2.4 })).toMatchObject({ ok: true, computed: 139 });
    // 香菇（干）: 20.0 / 1.2 / 61.7 with 31.6 g fibre → 337.6 − 63.2 = 274.4; the table says 274.
    const dried = checkEnergy({ kcal: 274, protein: 20, fat: 1.2, cho: 61.7, fiber: 31.6 });
    expect(dried).toMatchObject({ ok: true, computed: 274 });
    // Without its fibre the same row is off by 64 kcal (> 10 % of 338): the fibre is what explains it.
    expect(checkEnergy({ kcal: 274, protein: 20, fat: 1.2, cho: 61.7 }).ok).toBe(false);
  });

  it('allows 12 kcal on a small value, at both edges', () => {
    expect(ENERGY_TOLERANCE).toEqual({ kcal: 12, share: 0.1 });
    // 大白菜-like: computed 4·1.6 + 9·0.2 + 4·3.4 = 21.8.
    const at = (kcal: number) => checkEnergy({ kcal, protein: 1.6, fat: 0.2, cho: 3.4 }).ok;
    expect(at(21.8 + 12)).toBe(true);
    expect(at(21.8 + 12.1)).toBe(false);
    expect(at(21.8 - 12)).toBe(true);
    expect(at(21.8 - 12.1)).toBe(false);
  });

  it('allows 10 % of the computed value on a large one, at both edges', () => {
    // 燕麦-like: 4·15 + 9·6.7 + 4·61.6 = 366.7 → ±36.67.
    const at = (kcal: number) => checkEnergy({ kcal, protein: 15, fat: 6.7, cho: 61.6 }).ok;
    expect(at(366.7 + 36.6)).toBe(true);
    expect(at(366.7 + 36.8)).toBe(false);
    expect(at(366.7 - 36.6)).toBe(true);
    expect(at(366.7 - 36.8)).toBe(false);
  });

  it('catches the usual typos and names the computed value', () => {
    const oil = checkEnergy({ kcal: 0, protein: 0, fat: 99.9, cho: 0 });
    expect(oil.ok).toBe(false);
    expect(energyMessage(oil)).toContain('约为899千卡');
    // A dropped decimal point in carbohydrate (内酯豆腐 3.3 → 33.0).
    expect(checkEnergy({ kcal: 50, protein: 5, fat: 1.9, cho: 33 }).ok).toBe(false);
    expect(checkEnergy({ kcal: 50, protein: 5, fat: 1.9, cho: 3.3 }).ok).toBe(true);
    // Protein and fat swapped (猪瘦肉 20.3 / 6.2).
    expect(checkEnergy({ kcal: 143, protein: 6.2, fat: 20.3, cho: 1.5 }).ok).toBe(false);
  });
});
