import { INTENSITIES, type Intensity, metIntensity, weeklyMetMinutes, weeklyModerateMinutes } from '../exercise/met';
import {
  type Adjustment,
  conditionLabel,
  type HealthCondition,
  type PrescriptionFacts,
  personConditions,
  targetsOf,
} from './conditions';

/** An exercise item of the catalogue as the generator sees it (fitness_items). */
export interface FitnessItemChoice {
  id: number;
  name: string;
  met: number;
  enabled: boolean;
  ageMin?: number | null;
  ageMax?: number | null;
  /** Running or jumping: left out for a person with overweight or obesity (joints). */
  highImpact?: boolean;
}

/** A weekly template of the catalogue (fitness_templates + its lines). */
export interface FitnessTemplateChoice {
  id: number;
  name: string;
  /** ClassfyName: a DIET_CLASSIFY label (一般人群, 高血压, 糖尿病, 血脂异常, 高尿酸, 超重肥胖) or another. */
  classifyName: string;
  lines: { itemId: number; minutes: number; sessionsPerWeek: number }[];
}

export interface FitnessLine {
  itemId: number;
  name: string;
  met: number;
  intensity: Intensity;
  minutes: number;
  sessionsPerWeek: number;
}

export interface FitnessInputs extends PrescriptionFacts {
  /** China-PAR 10-year risk in % (issue 14); absent = not assessed. */
  chinaPar?: number | null;
}

export interface FitnessPlan {
  referFirst: boolean;
  maxIntensity: Intensity | null;
  template: { id: number; name: string } | null;
  items: FitnessLine[];
  weeklyMinutes: number;
  moderateMinutes: number;
  metMinutes: number;
  clearanceNote: string | null;
  conditions: HealthCondition[];
  targets: string[];
  adjustments: Adjustment[];
}

/** FITT: at least 150 minutes of moderate activity a week, or the equivalent (vigorous minutes count twice). */
export const WEEKLY_MODERATE_TARGET = 150;
/** The MET of brisk walking (Compendium 2011, 17200): the item a short plan is topped up with, the nearest one. */
const TOP_UP_MET = 4.3;
export const CLEARANCE_NOTE = '需医生评估后开始';

const num = (v: number | null | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const intensityLabel = (i: Intensity) => INTENSITIES[i - 1].label;

/**
 * The contraindications of reference/MEDICAL.md "Exercise energy" and the issue, each at its threshold:
 * BP ≥ 180/110 (grade 3) → no prescription, refer first; fasting glucose ≥ 16.7 → no exercise; grade 2
 * (160–179 / 100–109) → no vigorous items; China-PAR ≥ 10 % → moderate only and a clearance note.
 */
export function exerciseLimits(p: FitnessInputs): {
  referFirst: boolean;
  maxIntensity: Intensity | null;
  clearanceNote: string | null;
  adjustments: Adjustment[];
} {
  const sbp = num(p.values.SBP);
  const dbp = num(p.values.DBP);
  const fpg = num(p.values.FPG);
  const bp = `血压 ${sbp ?? '—'}/${dbp ?? '—'} mmHg`;
  const adjustments: Adjustment[] = [];
  let referFirst = false;
  if ((sbp !== null && sbp >= 180) || (dbp !== null && dbp >= 110)) {
    referFirst = true;
    adjustments.push({
      rule: '3级高血压：暂不开运动处方，先转诊',
      reason: `${bp}，达到 ≥ 180/110 mmHg，血压控制后再开运动处方`,
    });
  }
  if (fpg !== null && fpg >= 16.7) {
    referFirst = true;
    adjustments.push({
      rule: '血糖过高：暂不宜运动，先转诊',
      reason: `空腹血糖 ${fpg} mmol/L，达到 ≥ 16.7 mmol/L，血糖控制后再开运动处方`,
    });
  }
  if (referFirst) return { referFirst, maxIntensity: null, clearanceNote: null, adjustments };
  let maxIntensity: Intensity = 3;
  let clearanceNote: string | null = null;
  if ((sbp !== null && sbp >= 160) || (dbp !== null && dbp >= 100)) {
    maxIntensity = 2;
    adjustments.push({ rule: '2级高血压：不做高强度运动', reason: `${bp}，在 160–179/100–109 mmHg 范围` });
  }
  const par = num(p.chinaPar);
  if (par === null) {
    adjustments.push({ rule: 'China-PAR', reason: '未评估心血管病10年风险，未按其调整' });
  } else if (par >= 10) {
    maxIntensity = 2;
    clearanceNote = CLEARANCE_NOTE;
    adjustments.push({
      rule: `心血管病高风险：仅中等强度，${CLEARANCE_NOTE}`,
      reason: `China-PAR 10年风险 ${par}%，达到 ≥ 10%`,
    });
  }
  return { referFirst, maxIntensity, clearanceNote, adjustments };
}

const ageFits = (i: FitnessItemChoice, age: number) =>
  (i.ageMin == null || age >= i.ageMin) && (i.ageMax == null || age <= i.ageMax);

/** The template for the person's most pressing condition (by ClassfyName), else the 一般人群 one, else none. */
export function chooseTemplate(
  templates: readonly FitnessTemplateChoice[],
  conditions: readonly HealthCondition[],
): FitnessTemplateChoice | null {
  for (const c of [...conditions, 'general' as const]) {
    const label = conditionLabel(c);
    const t = [...templates].filter((x) => x.classifyName === label).sort((a, b) => a.id - b.id)[0];
    if (t) return t;
  }
  return null;
}

/**
 * The weekly exercise plan of a person: the contraindications first (referFirst → no items); the template of
 * the most pressing condition, each line kept only when its item is enabled, fits the person's age and is
 * within the allowed intensity; then, below 150 moderate-equivalent minutes, a top-up with the allowed
 * moderate item nearest brisk walking (30 min a session, up to 7 sessions). Every change is an adjustment.
 */
export function fitnessPlan(
  p: FitnessInputs,
  catalogue: { items: readonly FitnessItemChoice[]; templates: readonly FitnessTemplateChoice[] },
): FitnessPlan {
  const limits = exerciseLimits(p);
  const found = personConditions(p);
  const conditions = found.map((c) => c.condition);
  const targets = targetsOf(conditions);
  const adjustments = [...limits.adjustments];
  const empty = { weeklyMinutes: 0, moderateMinutes: 0, metMinutes: 0 };
  if (limits.referFirst) {
    return { ...limits, adjustments, template: null, items: [], ...empty, conditions, targets };
  }
  const max = limits.maxIntensity ?? 3;
  const byId = new Map(catalogue.items.map((i) => [i.id, i]));
  const heavy = conditions.includes('obesity');
  const allowed = (i: FitnessItemChoice) =>
    i.enabled && ageFits(i, p.age) && metIntensity(i.met) <= max && !(heavy && i.highImpact);
  const template = chooseTemplate(catalogue.templates, conditions);
  const items: FitnessLine[] = [];
  if (!template) {
    adjustments.push({ rule: '运动模板', reason: '运动模板库中没有适用的模板，按 FITT 原则以中等强度有氧运动生成' });
  } else {
    if (conditions.length && template.classifyName !== conditionLabel(conditions[0]))
      adjustments.push({
        rule: '运动模板',
        reason: `没有「${conditionLabel(conditions[0])}」运动模板，选用「${template.name}」`,
      });
    for (const line of template.lines) {
      const item = byId.get(line.itemId);
      if (!item) continue;
      if (!allowed(item)) {
        const why = !item.enabled
          ? '该项目已停用'
          : !ageFits(item, p.age)
            ? `适用年龄 ${item.ageMin ?? ''}–${item.ageMax ?? ''} 岁，本人 ${p.age} 岁`
            : metIntensity(item.met) > max
              ? `${intensityLabel(metIntensity(item.met))}强度（MET ${item.met}）超过允许的${intensityLabel(max)}强度`
              : '超重/肥胖不宜跑跳等冲击性运动（保护膝踝关节）';
        adjustments.push({ rule: `去掉「${item.name}」`, reason: why });
        continue;
      }
      items.push({
        itemId: item.id,
        name: item.name,
        met: item.met,
        intensity: metIntensity(item.met),
        minutes: line.minutes,
        sessionsPerWeek: line.sessionsPerWeek,
      });
    }
  }
  const short = WEEKLY_MODERATE_TARGET - weeklyModerateMinutes(items);
  if (short > 0) {
    const candidates = catalogue.items.filter((i) => allowed(i) && metIntensity(i.met) === 2);
    const walk = [...candidates].sort(
      (a, b) => Math.abs(a.met - TOP_UP_MET) - Math.abs(b.met - TOP_UP_MET) || a.id - b.id,
    )[0];
    if (walk) {
      const existing = items.find((l) => l.itemId === walk.id);
      const line = existing ?? {
        itemId: walk.id,
        name: walk.name,
        met: walk.met,
        intensity: 2 as Intensity,
        minutes: 30,
        sessionsPerWeek: 0,
      };
      const before = weeklyModerateMinutes(items);
      const added = Math.min(7 - line.sessionsPerWeek, Math.ceil(short / line.minutes));
      if (added > 0) {
        line.sessionsPerWeek += added;
        if (!existing) items.push(line);
        adjustments.push({
          rule: '补足每周150分钟中等强度',
          reason: `计划每周中等强度当量 ${before} 分钟，不足 ${WEEKLY_MODERATE_TARGET} 分钟，加「${walk.name}」${line.minutes} 分钟 × ${added} 次`,
        });
      }
    }
    if (weeklyModerateMinutes(items) < WEEKLY_MODERATE_TARGET)
      adjustments.push({
        rule: '未达每周150分钟',
        reason: `可用项目只能排到每周中等强度当量 ${weeklyModerateMinutes(items)} 分钟，请人工补充`,
      });
  }
  return {
    referFirst: false,
    maxIntensity: max,
    clearanceNote: limits.clearanceNote,
    template: template ? { id: template.id, name: template.name } : null,
    items,
    weeklyMinutes: items.reduce((s, l) => s + l.minutes * l.sessionsPerWeek, 0),
    moderateMinutes: weeklyModerateMinutes(items),
    metMinutes: Math.round(weeklyMetMinutes(items)),
    conditions,
    targets,
    adjustments,
  };
}
