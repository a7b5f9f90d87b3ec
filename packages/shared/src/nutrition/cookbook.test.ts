import { describe, expect, it } from 'vitest';
import { type CookbookLine, cookbookDays, cookbookRangeError, dishNutrients, energyShares } from './cookbook';

// Per 100 g (CFCT as shipped): 番茄 15 / 0.9 / 0.2 / 3.3 (fibre 0.5), 鸡蛋 139 / 13.1 / 8.6 / 2.4, 花生油 899 / 0 / 99.9 / 0.
const tomato = { kcal: 15, protein: 0.9, fat: 0.2, cho: 3.3 };
const egg = { kcal: 139, protein: 13.1, fat: 8.6, cho: 2.4 };
const oil = { kcal: 899, protein: 0, fat: 99.9, cho: 0 };

describe('dishNutrients', () => {
  it('sums grams/100 × per-100 g over the lines (番茄炒蛋)', () => {
    // 番茄 200 g: 30 kcal, 1.8 / 0.4 / 6.6; 鸡蛋 100 g: 139, 13.1 / 8.6 / 2.4; 花生油 10 g: 89.9, 0 / 9.99 / 0.
    expect(
      dishNutrients([
        { grams: 200, ...tomato },
        { grams: 100, ...egg },
        { grams: 10, ...oil },
      ]),
    ).toEqual({ kcal: 259, protein: 14.9, fat: 19, cho: 9 });
  });

  it('counts a line without an ingredient or grams as nothing (a form being filled)', () => {
    expect(dishNutrients([{ grams: 100, ...egg }, { grams: 50 }, { ...tomato }])).toEqual({
      kcal: 139,
      protein: 13.1,
      fat: 8.6,
      cho: 2.4,
    });
    expect(dishNutrients([])).toEqual({ kcal: 0, protein: 0, fat: 0, cho: 0 });
  });
});

describe('cookbookDays', () => {
  const rice = { kcal: 174, protein: 3.9, fat: 0.5, cho: 38.9 };
  const fish = { kcal: 346, protein: 34.2, fat: 20.5, cho: 6.6 };
  const lines: CookbookLine[] = [
    { day: 1, meal: 3, dishId: 2, name: '红烧鱼', servings: 1, dish: fish },
    { day: 1, meal: 2, dishId: 1, name: '米饭', servings: 2, dish: rice },
    { day: 2, meal: 2, dishId: 1, name: '米饭', servings: 1.5, dish: rice },
  ];

  it('sums servings × dish per day, with the shares of energy and meals in order', () => {
    const [d1, d2, d3] = cookbookDays(3, lines);
    // Day 1: 2 × 174 + 346 = 694 kcal; protein 7.8 + 34.2 = 42, fat 1 + 20.5 = 21.5, CHO 77.8 + 6.6 = 84.4.
    expect(d1).toMatchObject({ day: 1, kcal: 694, protein: 42, fat: 21.5, cho: 84.4 });
    // Energy from grams: 168 + 193.5 + 337.6 = 699.1 → 24 %, 28 %, 48 %.
    expect(d1.shares).toEqual({ protein: 24, fat: 28, cho: 48 });
    expect(d1.meals.map((m) => m.meal)).toEqual([2, 3]);
    expect(d1.meals[0].dishes).toEqual([{ dishId: 1, name: '米饭', servings: 2, kcal: 348 }]);
    expect(d2).toMatchObject({ kcal: 261 });
    expect(d3).toMatchObject({ day: 3, kcal: 0, meals: [], shares: { protein: 0, fat: 0, cho: 0 } });
  });

  it('refuses the first day outside the range, and a day without meals', () => {
    const days = cookbookDays(2, lines);
    expect(cookbookRangeError(days, 600, 700)).toBe('第2天能量261千卡，不在本食谱范围600–700千卡内');
    expect(cookbookRangeError(days, 700, 800)).toBe('第1天能量694千卡，不在本食谱范围700–800千卡内');
    expect(cookbookRangeError(days.slice(0, 1), 694, 694)).toBeNull();
    expect(cookbookRangeError(cookbookDays(3, lines).slice(2), 0, 100)).toBe(
      '第3天没有安排菜品，能量0千卡，不在本食谱范围0–100千卡内',
    );
  });

  it('shares of energy from grams', () => {
    expect(energyShares({ protein: 25, fat: 0, cho: 75 })).toEqual({ protein: 25, fat: 0, cho: 75 });
  });
});
