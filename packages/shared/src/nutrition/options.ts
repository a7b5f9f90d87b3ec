import { numbered } from '../resources/options';

/** The nine constitutions of 中医体质分类与判定 (ZYYXH/T157-2009), coded 1–9 in the standard's order (TizhiIds). */
export const TCM_CONSTITUTIONS = numbered(
  '平和质',
  '气虚质',
  '阳虚质',
  '阴虚质',
  '痰湿质',
  '湿热质',
  '血瘀质',
  '气郁质',
  '特禀质',
);

/** Meal times of a dish (CanCi) and of a cookbook's meals. */
export const MEAL_TIMES = numbered('早餐', '午餐', '晚餐', '加餐');

/**
 * What a 膳食原则 is for (Classify): the conditions the prescription generator matches against a person's
 * grouping tags and findings, and 一般人群 for everyone.
 */
export const DIET_CLASSIFY = [
  { value: 'general', label: '一般人群' },
  { value: 'hypertension', label: '高血压' },
  { value: 'diabetes', label: '糖尿病' },
  { value: 'dyslipidaemia', label: '血脂异常' },
  { value: 'hyperuricaemia', label: '高尿酸' },
  { value: 'obesity', label: '超重肥胖' },
] as const;
export type DietClassify = (typeof DIET_CLASSIFY)[number]['value'];

/** States of a diet or exercise prescription: 草稿 → 已开具 → 执行中 → 已完成, or 已作废. */
export const PRESCRIPTION_STATUSES = numbered('草稿', '已开具', '执行中', '已完成', '已作废');

/** Physical activity level of a person (kcal/kg table columns; PAL for Mifflin-St Jeor). */
export const ACTIVITY_LEVELS = numbered('卧床', '轻体力', '中体力', '重体力');
