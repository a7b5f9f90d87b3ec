/**
 * Energy of a food from its macronutrients (Atwater general factors, 中国居民膳食营养素参考摄入量 2023):
 * 1 g protein or carbohydrate = 4 kcal, 1 g fat = 9 kcal.
 */
export const KCAL_PER_G = { protein: 4, fat: 9, cho: 4 } as const;

/** 4·protein + 9·fat + 4·carbohydrate, kcal. */
export function atwaterKcal(protein: number, fat: number, cho: number): number {
  return KCAL_PER_G.protein * protein + KCAL_PER_G.fat * fat + KCAL_PER_G.cho * cho;
}

/**
 * How far a stated energy may lie from 4P + 9F + 4C and still be read as consistent.
 *
 * Why it is not zero: the China Food Composition Table (标准版第6版) counts carbohydrate by difference, fibre
 * included, and gives fibre 2 kcal/g rather than 4 (dried legumes hold 10–20 g fibre per 100 g: up to 40 kcal
 * below 4P+9F+4C); USDA FoodData Central uses food-specific Atwater factors (protein 2.4–4.3, fat 8.4–9.0,
 * carbohydrate 3.6–4.2), which move a value by up to about 10 %; alcohol (7 kcal/g) is in neither sum; and each
 * of the four values is rounded (≤ 0.05 g × 9 + 2 × 0.05 g × 4 + 0.5 kcal ≈ 1.3 kcal).
 * So: 12 kcal absolute (rounding plus the fibre of an ordinary vegetable or grain), or 12 % of the computed
 * value when that is larger (legumes, nuts, whole grains, FDC-specific factors). A typo — a dropped or doubled
 * digit, protein and fat swapped, a 0 kcal oil — misses it by far more.
 */
export const ENERGY_TOLERANCE = { kcal: 12, share: 0.12 } as const;

export interface EnergyCheck {
  ok: boolean;
  /** 4P + 9F + 4C, rounded to 1 kcal. */
  computed: number;
  /** The allowed distance for this food, kcal (rounded to 1). */
  tolerance: number;
  /** stated − computed, kcal. */
  diff: number;
}

/** Whether the stated kcal per 100 g agrees with its protein, fat and carbohydrate (see ENERGY_TOLERANCE). */
export function checkEnergy(food: { kcal: number; protein: number; fat: number; cho: number }): EnergyCheck {
  const exact = atwaterKcal(food.protein, food.fat, food.cho);
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
  return `能量与蛋白质、脂肪、碳水化合物不符：按4×蛋白质+9×脂肪+4×碳水化合物计算约为${check.computed}千卡，允许相差±${check.tolerance}千卡，请核对`;
}
