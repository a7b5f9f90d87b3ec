/**
 * Energy of a food from its macronutrients (Atwater general factors, 中国居民膳食营养素参考摄入量 2023):
 * 1 g protein or carbohydrate = 4 kcal, 1 g fat = 9 kcal.
 */
export const KCAL_PER_G = { protein: 4, fat: 9, cho: 4 } as const;

/** 4·protein + 9·fat + 4·carbohydrate, kcal. */
export function atwaterKcal(protein: number, fat: number, cho: number): number {
  return KCAL_PER_G.protein * protein + KCAL_PER_G.fat * fat + KCAL_PER_G.cho * cho;
}

/** Energy of dietary fibre in the China Food Composition Table (kcal per g), against 4 for the rest of carbohydrate. */
export const FIBRE_KCAL_PER_G = 2;

/**
 * How far a stated energy may lie from the computed one and still be read as consistent.
 *
 * The computed value follows the China Food Composition Table (标准版第6版): carbohydrate is counted by
 * difference with fibre in it, and fibre gives 2 kcal/g instead of 4, so the expected energy is
 * 4P + 9F + 4C − 2·fibre when the fibre is known (dried mushrooms and seaweed hold 20–30 g: 40–60 kcal). What is
 * left once that is accounted for:
 * - fibre the source does not give ("—" in the table, entered as empty): a vegetable's 1–3 g is 2–6 kcal;
 * - rounding of the four printed values: ≤ 0.05 g × (4 + 9 + 4) + 0.5 kcal ≈ 1.4 kcal;
 * - USDA FoodData Central rows use food-specific Atwater factors (protein 2.4–4.3, fat 8.4–9.0, carbohydrate
 *   3.6–4.2 kcal/g) and count alcohol and organic acids apart, which moves energy by up to about 10 %.
 * Hence 12 kcal absolute (a leafy vegetable without its fibre plus rounding) or 10 % of the computed value
 * when that is larger. Every shipped row passes (nutrition/ingredients.test.ts); a typo — a dropped decimal
 * point, a doubled digit, protein and fat swapped, an oil entered with 0 kcal — misses by far more.
 */
export const ENERGY_TOLERANCE = { kcal: 12, share: 0.1 } as const;

export interface EnergyCheck {
  ok: boolean;
  /** 4P + 9F + 4C − 2·fibre, rounded to 1 kcal. */
  computed: number;
  /** The allowed distance for this food, kcal (rounded to 1). */
  tolerance: number;
  /** stated − computed, kcal (to 0.1). */
  diff: number;
}

/** A food's stated energy and macronutrients per 100 g edible part; fibre when the source gives it. */
export interface FoodEnergy {
  kcal: number;
  protein: number;
  fat: number;
  cho: number;
  fiber?: number | null;
}

/** Whether the stated kcal per 100 g agrees with its protein, fat, carbohydrate (and fibre); see ENERGY_TOLERANCE. */
export function checkEnergy(food: FoodEnergy): EnergyCheck {
  const fibre = Number(food.fiber) || 0;
  const exact = atwaterKcal(food.protein, food.fat, food.cho) - (KCAL_PER_G.cho - FIBRE_KCAL_PER_G) * fibre;
  const tol = Math.max(ENERGY_TOLERANCE.kcal, ENERGY_TOLERANCE.share * exact);
  const diff = food.kcal - exact;
  return {
    ok: Math.abs(diff) <= tol + 1e-9,
    computed: Math.round(exact),
    tolerance: Math.round(tol),
    diff: Math.round(diff * 10) / 10,
  };
}

/** The Chinese message of a failed check, naming the computed value. */
export function energyMessage(check: EnergyCheck): string {
  return `能量与营养素不符：按4×蛋白质+9×脂肪+4×碳水化合物（膳食纤维按2千卡/克）计算约为${check.computed}千卡，允许相差±${check.tolerance}千卡，请核对`;
}
