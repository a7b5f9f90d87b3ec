import { KCAL_PER_G } from './energy';

/** Nutrients of an amount of food: kcal and grams of protein, fat, carbohydrate. */
export interface Nutrients {
  kcal: number;
  protein: number;
  fat: number;
  cho: number;
}

/** One ingredient line of a dish: grams of an ingredient whose values are per 100 g edible part. */
export interface DishLine {
  grams: number;
  kcal: number;
  protein: number;
  fat: number;
  cho: number;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Nutrients of one serving of a dish: Σ grams/100 × (per-100 g value) over its lines, kcal rounded to 1 kcal and
 * grams to 0.1 g. Lines with no ingredient or no grams yet (a form being filled) count as nothing.
 */
export function dishNutrients(lines: readonly Partial<DishLine>[]): Nutrients {
  let kcal = 0;
  let protein = 0;
  let fat = 0;
  let cho = 0;
  for (const l of lines) {
    const g = Number(l.grams) || 0;
    if (g <= 0) continue;
    kcal += (g * (Number(l.kcal) || 0)) / 100;
    protein += (g * (Number(l.protein) || 0)) / 100;
    fat += (g * (Number(l.fat) || 0)) / 100;
    cho += (g * (Number(l.cho) || 0)) / 100;
  }
  return { kcal: Math.round(kcal), protein: round1(protein), fat: round1(fat), cho: round1(cho) };
}

/**
 * Shares of energy (%) of protein, fat and carbohydrate, each from its grams (4/9/4 kcal per g) over their sum,
 * rounded to whole percent; all 0 when there is nothing.
 */
export function energyShares(n: { protein: number; fat: number; cho: number }) {
  const p = n.protein * KCAL_PER_G.protein;
  const f = n.fat * KCAL_PER_G.fat;
  const c = n.cho * KCAL_PER_G.cho;
  const total = p + f + c;
  if (total <= 0) return { protein: 0, fat: 0, cho: 0 };
  return {
    protein: Math.round((100 * p) / total),
    fat: Math.round((100 * f) / total),
    cho: Math.round((100 * c) / total),
  };
}

/** A meal of a cookbook's day: dishes with servings and the energy they bring. */
export interface CookbookMeal {
  /** MEAL_TIMES code: 1 早餐 2 午餐 3 晚餐 4 加餐. */
  meal: number;
  dishes: { dishId: number; name: string; servings: number; kcal: number }[];
}

/** One day of a cookbook: its energy, macronutrient grams and shares of energy, and its meals. */
export interface CookbookDay {
  day: number;
  kcal: number;
  protein: number;
  fat: number;
  cho: number;
  /** % of energy. */
  shares: { protein: number; fat: number; cho: number };
  meals: CookbookMeal[];
}

/** A cookbook as a prescription snapshots it (cookbookPlan on the server). */
export interface CookbookPlan {
  cookbookId: number;
  name: string;
  kcalMin: number;
  kcalMax: number;
  days: CookbookDay[];
}

/** One meal line of a cookbook with the nutrients of one serving of its dish. */
export interface CookbookLine {
  day: number;
  meal: number;
  dishId: number;
  name?: string;
  servings: number;
  /** Nutrients of ONE serving of the dish (dishNutrients). */
  dish: Nutrients;
}

/**
 * The days 1…days of a cookbook from its meal lines: per day the energy and grams (servings × one serving),
 * the shares of energy, and the meals in MEAL_TIMES order. A day without lines is present with 0 kcal.
 */
export function cookbookDays(days: number, lines: readonly CookbookLine[]): CookbookDay[] {
  const out: CookbookDay[] = [];
  for (let d = 1; d <= days; d++) {
    const own = lines.filter((l) => l.day === d);
    let kcal = 0;
    let protein = 0;
    let fat = 0;
    let cho = 0;
    const meals = new Map<number, CookbookMeal>();
    for (const l of own) {
      const s = Number(l.servings) || 0;
      kcal += s * l.dish.kcal;
      protein += s * l.dish.protein;
      fat += s * l.dish.fat;
      cho += s * l.dish.cho;
      const m = meals.get(l.meal) ?? { meal: l.meal, dishes: [] };
      m.dishes.push({ dishId: l.dishId, name: l.name ?? '', servings: s, kcal: Math.round(s * l.dish.kcal) });
      meals.set(l.meal, m);
    }
    const grams = { protein: round1(protein), fat: round1(fat), cho: round1(cho) };
    out.push({
      day: d,
      kcal: Math.round(kcal),
      ...grams,
      shares: energyShares(grams),
      meals: [...meals.values()].sort((a, b) => a.meal - b.meal),
    });
  }
  return out;
}

/**
 * The first day whose energy lies outside [kcalMin, kcalMax] (a day with no meals included), as the Chinese
 * message the server answers; null when every day fits.
 */
export function cookbookRangeError(days: readonly CookbookDay[], kcalMin: number, kcalMax: number): string | null {
  for (const d of days) {
    if (d.meals.length === 0) return `第${d.day}天没有安排菜品，能量0千卡，不在本食谱范围${kcalMin}–${kcalMax}千卡内`;
    if (d.kcal < kcalMin || d.kcal > kcalMax)
      return `第${d.day}天能量${d.kcal}千卡，不在本食谱范围${kcalMin}–${kcalMax}千卡内`;
  }
  return null;
}
