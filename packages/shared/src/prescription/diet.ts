import { bmi as bmiOf } from '../medical/indicators';
import { ACTIVITY_LEVELS } from '../nutrition/options';
import { numbered } from '../resources/options';
import {
  type Adjustment,
  conditionLabel,
  type HealthCondition,
  type PrescriptionFacts,
  personConditions,
  targetsOf,
} from './conditions';

/** Body type of the kcal/kg table, from BMI (WS/T 428-2013): 1 偏瘦 < 18.5, 2 正常 18.5–23.9, 3 超重/肥胖 ≥ 24. */
export const BODY_TYPES = numbered('偏瘦', '正常', '超重/肥胖');
export type BodyType = 1 | 2 | 3;
export type ActivityLevel = 1 | 2 | 3 | 4;

export const bodyTypeOf = (bmi: number): BodyType => (bmi < 18.5 ? 1 : bmi < 24 ? 2 : 3);

/** Ideal body weight (kg) = height (cm) − 105 (Chinese clinical practice; reference/MEDICAL.md). */
export const idealWeight = (heightCm: number): number => Math.round((heightCm - 105) * 10) / 10;

/**
 * kcal per kg of ideal weight per day, body type × activity (bed rest, light, moderate, heavy): the classic
 * Chinese table of reference/MEDICAL.md "Energy needs for diet prescriptions". Where it gives a range:
 * - 偏瘦 bed rest 20–25 → 25 and heavy 45–50 → 50: the upper end, as an underweight person is to gain weight;
 * - 正常 bed rest 15–20 → 20: the value MEDICAL.md's 15–20 and NUTRITION.md's 20–25 both contain;
 * - 超重/肥胖 light 20–25 → 25 for overweight (BMI 24–27.9) and 20 for obese (BMI ≥ 28): the range's two ends
 *   for the two grades of WS/T 428 (a lower intake where the excess is larger).
 */
export function kcalPerKg(bodyType: BodyType, activity: ActivityLevel, bmi: number): number {
  if (bodyType === 1) return [25, 35, 40, 50][activity - 1];
  if (bodyType === 2) return [20, 30, 35, 40][activity - 1];
  if (activity === 2) return bmi >= 28 ? 20 : 25;
  return [15, 25, 30, 35][activity - 1];
}

/** Physical activity level for Mifflin-St Jeor: bed rest 1.2, light 1.4, moderate 1.7, heavy 2.0 (NUTRITION.md). */
export const PAL: Record<ActivityLevel, number> = { 1: 1.2, 2: 1.4, 3: 1.7, 4: 2.0 };

/** Mifflin-St Jeor BMR (kcal/d): 10·W + 6.25·H − 5·A + 5 (men) or − 161 (women). 70 kg 175 cm 30 y man → 1648.75. */
export const mifflinBmr = (sex: 1 | 2, weightKg: number, heightCm: number, age: number): number =>
  10 * weightKg + 6.25 * heightCm - 5 * age + (sex === 1 ? 5 : -161);

/** The energy deficit for weight loss (kcal/d), NUTRITION.md: about 500 — not verified as a guideline figure. */
export const WEIGHT_LOSS_DEFICIT = 500;

export interface EnergyNeed {
  height: number;
  weight: number;
  bmi: number;
  idealWeight: number;
  bodyType: BodyType;
  activityLevel: ActivityLevel;
  kcalPerKg: number;
  /** Daily energy target (kcal): ideal weight × kcal/kg, to the kcal. */
  target: number;
  /** 超重/肥胖: the ~500 kcal/d deficit shown against Mifflin-St Jeor's expenditure (unverified); else null. */
  deficit: number | null;
  mifflin: { bmr: number; pal: number; tee: number; withDeficit: number | null };
}

/**
 * The energy need: body type from BMI, kcal/kg from the table, target = ideal weight × kcal/kg; Mifflin-St
 * Jeor BMR × PAL beside it (and, for 超重/肥胖, that expenditure less the ~500 kcal deficit, for reference).
 */
export function energyNeed(p: {
  sex: 1 | 2;
  age: number;
  height: number;
  weight: number;
  activityLevel: ActivityLevel;
}): EnergyNeed {
  const bmi = bmiOf(p.height, p.weight);
  const bodyType = bodyTypeOf(bmi);
  const ideal = idealWeight(p.height);
  const perKg = kcalPerKg(bodyType, p.activityLevel, bmi);
  const bmr = Math.round(mifflinBmr(p.sex, p.weight, p.height, p.age) * 100) / 100;
  const pal = PAL[p.activityLevel];
  const tee = Math.round(bmr * pal);
  const deficit = bodyType === 3 ? WEIGHT_LOSS_DEFICIT : null;
  return {
    height: p.height,
    weight: p.weight,
    bmi,
    idealWeight: ideal,
    bodyType,
    activityLevel: p.activityLevel,
    kcalPerKg: perKg,
    target: Math.round(ideal * perKg),
    deficit,
    mifflin: { bmr, pal, tee, withDeficit: deficit === null ? null : tee - deficit },
  };
}

/** A cookbook of the catalogue as the generator sees it. */
export interface CookbookChoice {
  id: number;
  name: string;
  kcalMin: number;
  kcalMax: number;
  /** 食谱类型 (TemplateTypeName), e.g. 低盐, 糖尿病, 低嘌呤. */
  typeName?: string | null;
}

/** Words in a cookbook's name or type that say it suits a condition. */
const COOKBOOK_WORDS: Record<HealthCondition, string[]> = {
  hypertension: ['低盐', '高血压', 'DASH'],
  diabetes: ['糖尿病', '控糖', '血糖'],
  obesity: ['减重', '减脂', '低能量', '肥胖'],
  dyslipidaemia: ['低脂', '血脂'],
  hyperuricaemia: ['低嘌呤', '尿酸', '痛风'],
};

/**
 * The cookbook for a daily target: among those whose [kcalMin, kcalMax] holds it, the one suiting the most
 * pressing condition (its name or type), then the narrowest range, then the lowest id; none holding it → the
 * nearest range (an adjustment says so). null when the catalogue is empty.
 */
export function chooseCookbook(
  target: number,
  cookbooks: readonly CookbookChoice[],
  conditions: readonly HealthCondition[],
): { cookbook: CookbookChoice | null; adjustment: Adjustment | null } {
  if (!cookbooks.length)
    return { cookbook: null, adjustment: { rule: '食谱', reason: '食谱库中没有可用的食谱，请在食谱库中添加后再选择' } };
  const suits = (c: CookbookChoice) => {
    const text = `${c.name}${c.typeName ?? ''}`;
    const i = conditions.findIndex((k) => COOKBOOK_WORDS[k].some((w) => text.includes(w)));
    return i < 0 ? conditions.length : i;
  };
  const holding = cookbooks.filter((c) => c.kcalMin <= target && target <= c.kcalMax);
  if (holding.length) {
    const best = [...holding].sort(
      (a, b) => suits(a) - suits(b) || a.kcalMax - a.kcalMin - (b.kcalMax - b.kcalMin) || a.id - b.id,
    )[0];
    return { cookbook: best, adjustment: null };
  }
  const distance = (c: CookbookChoice) => (target < c.kcalMin ? c.kcalMin - target : target - c.kcalMax);
  const nearest = [...cookbooks].sort((a, b) => distance(a) - distance(b) || suits(a) - suits(b) || a.id - b.id)[0];
  return {
    cookbook: nearest,
    adjustment: {
      rule: '食谱取最接近的能量范围',
      reason: `没有能量范围包含目标能量 ${target} 千卡的食谱，选用范围最接近的「${nearest.name}」（${nearest.kcalMin}–${nearest.kcalMax} 千卡），请按目标能量调整份量`,
    },
  };
}

export interface DietInputs extends PrescriptionFacts {
  height: number | null;
  weight: number | null;
  /** Where height and weight came from, e.g. '2025-03-02体检' or '健康档案'. */
  measuredFrom?: string;
  activityLevel?: ActivityLevel | null;
  constitution?: number | null;
}

export interface DietPlan {
  energy: EnergyNeed;
  conditions: HealthCondition[];
  /** DIET_CLASSIFY values whose principles apply: 一般人群 always, then the conditions. */
  classes: string[];
  targets: string[];
  adjustments: Adjustment[];
}

/** What is missing for an energy need (height, weight), in Chinese; null when nothing is. */
export function missingMeasures(p: { height: number | null; weight: number | null }): string | null {
  const missing = [p.height ? null : '身高', p.weight ? null : '体重'].filter(Boolean);
  return missing.length ? `缺少${missing.join('和')}：请先在健康档案或体检中录入，再生成膳食处方` : null;
}

const activityLabel = (a: ActivityLevel) => ACTIVITY_LEVELS.find((o) => o.value === a)?.label ?? String(a);

/**
 * The diet prescription of a person (before the catalogue choices): energy need, conditions and the
 * principle classes they call for, the targeted indicators, and every rule that changed the plan.
 * Throws when height or weight is missing (missingMeasures says which).
 */
export function dietPlan(p: DietInputs): DietPlan {
  const missing = missingMeasures(p);
  if (missing) throw new Error(missing);
  const adjustments: Adjustment[] = [];
  const activity = (p.activityLevel ?? 2) as ActivityLevel;
  if (!p.activityLevel)
    adjustments.push({
      rule: '活动水平',
      reason: '健康档案未记录劳动强度，按轻体力活动计算；如有不同请重新选择活动水平',
    });
  const energy = energyNeed({ sex: p.sex, age: p.age, height: p.height!, weight: p.weight!, activityLevel: activity });
  const typeLabel = BODY_TYPES[energy.bodyType - 1].label;
  if (energy.bodyType !== 2) {
    adjustments.push({
      rule: `体型${typeLabel}`,
      reason:
        `BMI ${energy.bmi}（${p.measuredFrom ?? '最近测量'}：身高 ${energy.height} cm，体重 ${energy.weight} kg），` +
        `${activityLabel(activity)}按${typeLabel}取 ${energy.kcalPerKg} 千卡/千克理想体重`,
    });
  }
  if (energy.deficit !== null) {
    adjustments.push({
      rule: '减重能量缺口（未经指南核实）',
      reason: `Mifflin-St Jeor 估算总消耗 ${energy.mifflin.tee} 千卡，减约 ${energy.deficit} 千卡为 ${energy.mifflin.withDeficit} 千卡，供对照；目标能量按理想体重法 ${energy.target} 千卡`,
    });
  }
  const found = personConditions(p);
  const conditions = found.map((c) => c.condition);
  for (const c of found) adjustments.push({ rule: `${conditionLabel(c.condition)}膳食原则`, reason: c.why });
  if (p.constitution == null) adjustments.push({ rule: '中医体质', reason: '未评估中医体质，不选中医食疗方' });
  return {
    energy,
    conditions,
    classes: ['general', ...conditions],
    targets: targetsOf(conditions),
    adjustments,
  };
}
