import { numbered } from '../resources/options';

/** 运动类型 (SportType): what an item trains. 抗阻 and 平衡 lines count toward a template's strength and balance days. */
export const SPORT_TYPES = numbered('有氧耐力', '抗阻力量', '柔韧拉伸', '平衡协调');
export const SPORT_TYPE = { aerobic: 1, resistance: 2, flexibility: 3, balance: 4 } as const;

/** 项目类别 (SportNum): how the catalogue groups its items. */
export const FITNESS_CATEGORIES = numbered(
  '步行/跑步',
  '骑行',
  '游泳/水中运动',
  '球类',
  '传统健身',
  '舞蹈/健身操',
  '力量训练',
  '柔韧/平衡',
  '器械有氧',
  '登山/爬楼/跳绳',
);

/**
 * 适用人群 of an exercise template (ClassfyName): the principle classes of the diet side (DIET_CLASSIFY labels, which
 * the prescription generator matches against a person's conditions) plus groups of their own.
 */
export const FITNESS_CLASSIFY_LABELS = [
  // DIET_CLASSIFY's labels in its order (options.test.ts holds them equal).
  '一般人群',
  '高血压',
  '糖尿病',
  '血脂异常',
  '高尿酸',
  '超重肥胖',
  '老年/关节',
  '久坐办公',
  '倒班/野外作业',
] as const;
export type FitnessClassify = (typeof FITNESS_CLASSIFY_LABELS)[number];
/** The same as select options (stored as the label: the seed's ClassfyName is a name). */
export const FITNESS_CLASSIFY = FITNESS_CLASSIFY_LABELS.map((label) => ({ value: label, label }));
