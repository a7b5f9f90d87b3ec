import { numbered, SEX_ANY_OPTIONS } from '../resources/options';
import { evaluate, type Node, parseExpression } from './expression';

/** Rule levels (SPEC §3: colour yellow, orange). */
export const RULE_LEVELS = numbered('黄色', '橙色');

/** Rule gender: 0 不限, 1 男, 2 女. */
export const RULE_GENDERS = SEX_ANY_OPTIONS;

export interface PositiveRule {
  id?: number;
  names: string;
  gender: 0 | 1 | 2;
  ageMin: number;
  ageMax: number;
  libraryName: string;
  levels: 1 | 2;
  judge: string;
  enabled?: boolean;
  /** Stable code of a built-in default rule (never shown; lets a start-up add the missing ones exactly once). */
  code?: string;
  /** 说明: for a default rule, its source and cut-off. */
  remark?: string;
}

/** SPEC §9's sample rules, exactly (ages 20–80). LDL 130 mg/dL is 3.37 mmol/L, the unit checks are stored in. */
export const SAMPLE_RULES: PositiveRule[] = [
  { names: '总胆固醇偏高', gender: 0, ageMin: 20, ageMax: 80, libraryName: '血脂', levels: 1, judge: 'TC > 5.18' },
  { names: '甘油三酯偏高', gender: 0, ageMin: 20, ageMax: 80, libraryName: '血脂', levels: 1, judge: 'TG > 1.7' },
  {
    names: '低密度脂蛋白偏高',
    gender: 0,
    ageMin: 20,
    ageMax: 80,
    libraryName: '血脂',
    levels: 1,
    judge: 'LDLC > 3.37',
  },
  { names: '体重指数偏高', gender: 0, ageMin: 20, ageMax: 80, libraryName: '体重', levels: 1, judge: 'BMI > 28' },
  {
    names: '血压偏高',
    gender: 0,
    ageMin: 20,
    ageMax: 80,
    libraryName: '血压',
    levels: 1,
    judge: 'SBP > 140 || DBP > 90',
  },
  {
    names: '同型半胱氨酸偏高',
    gender: 2,
    ageMin: 20,
    ageMax: 80,
    libraryName: '心血管',
    levels: 1,
    judge: 'HCY > 13.56',
  },
  {
    names: '同型半胱氨酸偏高',
    gender: 1,
    ageMin: 20,
    ageMax: 80,
    libraryName: '心血管',
    levels: 1,
    judge: 'HCY > 16.2',
  },
  { names: '尿酸偏高', gender: 2, ageMin: 20, ageMax: 80, libraryName: '尿酸', levels: 1, judge: 'UA > 357' },
  { names: '尿酸偏高', gender: 1, ageMin: 20, ageMax: 80, libraryName: '尿酸', levels: 1, judge: 'UA > 428' },
  { names: '肌酐偏高', gender: 2, ageMin: 20, ageMax: 80, libraryName: '肾功能', levels: 1, judge: 'CR > 81' },
  { names: '肌酐偏高', gender: 1, ageMin: 20, ageMax: 80, libraryName: '肾功能', levels: 1, judge: 'CR > 111' },
  {
    names: '空腹血糖受损',
    gender: 0,
    ageMin: 20,
    ageMax: 80,
    libraryName: '血糖',
    levels: 1,
    judge: 'FPG >= 6.1 && FPG <= 7',
  },
  { names: '甘油三酯显著升高', gender: 0, ageMin: 20, ageMax: 80, libraryName: '血脂', levels: 2, judge: 'TG > 11.1' },
];

const GUIDE = { gender: 0, ageMin: 18, ageMax: 150 } as const;
const HTN = '中国高血压防治指南（2018年修订版）';
const LIPID = '中国成人血脂异常防治指南（2016年修订版）';
const DM = '中国2型糖尿病防治指南（2020年版）、WHO 1999';
const GOUT = '中国高尿酸血症与痛风诊疗指南（2019）';
const OBESITY = 'WS/T 428-2013 成人体重判定';

/**
 * The guideline rule library shipped beside SPEC §9's sample rules (reference/MEDICAL.md, cut-offs as the
 * guidelines state them: ≥ where they say ≥), each citing its source. Adults; yellow = raised, orange = the
 * diabetes range, hypertension grade 2–3 and severe lipid or uric-acid levels. Every new database gets them,
 * and an existing one the missing codes at start-up.
 */
export const GUIDELINE_RULES: (PositiveRule & { code: string; remark: string })[] = [
  {
    ...GUIDE,
    code: 'guide.bp.1',
    names: '高血压1级',
    libraryName: '血压',
    levels: 1,
    judge: '(SBP >= 140 || DBP >= 90) && !(SBP >= 160) && !(DBP >= 100)',
    remark: `${HTN}：1级高血压，收缩压140–159和/或舒张压90–99 mmHg`,
  },
  {
    ...GUIDE,
    code: 'guide.bp.2',
    names: '高血压2级',
    libraryName: '血压',
    levels: 2,
    judge: '(SBP >= 160 || DBP >= 100) && !(SBP >= 180) && !(DBP >= 110)',
    remark: `${HTN}：2级高血压，收缩压160–179和/或舒张压100–109 mmHg`,
  },
  {
    ...GUIDE,
    code: 'guide.bp.3',
    names: '高血压3级',
    libraryName: '血压',
    levels: 2,
    judge: 'SBP >= 180 || DBP >= 110',
    remark: `${HTN}：3级高血压，收缩压≥180和/或舒张压≥110 mmHg`,
  },
  {
    ...GUIDE,
    code: 'guide.glucose.fpg',
    names: '空腹血糖达糖尿病水平',
    libraryName: '血糖',
    levels: 2,
    judge: 'FPG >= 7.0',
    remark: `${DM}：空腹血糖≥7.0 mmol/L 为糖尿病诊断切点`,
  },
  {
    ...GUIDE,
    code: 'guide.glucose.hba1c',
    names: '糖化血红蛋白达糖尿病水平',
    libraryName: '血糖',
    levels: 2,
    judge: 'HBA1C >= 6.5',
    remark: `${DM}：糖化血红蛋白≥6.5% 为糖尿病诊断切点`,
  },
  {
    ...GUIDE,
    code: 'guide.lipid.tc',
    names: '总胆固醇升高',
    libraryName: '血脂',
    levels: 1,
    judge: 'TC >= 6.2',
    remark: `${LIPID}：总胆固醇≥6.2 mmol/L 为升高`,
  },
  {
    ...GUIDE,
    code: 'guide.lipid.ldlc',
    names: '低密度脂蛋白胆固醇升高',
    libraryName: '血脂',
    levels: 1,
    judge: 'LDLC >= 4.1',
    remark: `${LIPID}：低密度脂蛋白胆固醇≥4.1 mmol/L 为升高`,
  },
  {
    ...GUIDE,
    code: 'guide.lipid.tg',
    names: '甘油三酯升高',
    libraryName: '血脂',
    levels: 1,
    judge: 'TG >= 2.3',
    remark: `${LIPID}：甘油三酯≥2.3 mmol/L 为升高`,
  },
  {
    ...GUIDE,
    code: 'guide.lipid.hdlc',
    names: '高密度脂蛋白胆固醇降低',
    libraryName: '血脂',
    levels: 1,
    judge: 'HDLC < 1.0',
    remark: `${LIPID}：高密度脂蛋白胆固醇<1.0 mmol/L 为降低`,
  },
  {
    ...GUIDE,
    code: 'guide.lipid.tg.severe',
    names: '重度高甘油三酯血症',
    libraryName: '血脂',
    levels: 2,
    judge: 'TG >= 5.6',
    remark: `${LIPID}：甘油三酯≥5.6 mmol/L 时急性胰腺炎风险明显增高，应首先降甘油三酯`,
  },
  {
    ...GUIDE,
    code: 'guide.ua',
    names: '高尿酸血症',
    libraryName: '尿酸',
    levels: 1,
    judge: 'UA > 420',
    remark: `${GOUT}：血尿酸>420 µmol/L（男女同一切点；确诊需非同日两次空腹）`,
  },
  {
    ...GUIDE,
    code: 'guide.ua.severe',
    names: '血尿酸显著升高',
    libraryName: '尿酸',
    levels: 2,
    judge: 'UA >= 540',
    remark: `${GOUT}：血尿酸≥540 µmol/L，无合并症者亦应起始降尿酸治疗`,
  },
  {
    ...GUIDE,
    code: 'guide.weight.obese',
    names: '肥胖',
    libraryName: '体重',
    levels: 1,
    judge: 'BMI >= 28',
    remark: `${OBESITY}：体重指数≥28.0 kg/m² 为肥胖`,
  },
];

export interface CompiledRule extends PositiveRule {
  tree: Node;
}

export const compileRule = (rule: PositiveRule): CompiledRule => ({ ...rule, tree: parseExpression(rule.judge) });

/** Whether a rule applies to a person (sex and age on the check day) and fires on the check's values. */
export function ruleMatches(
  rule: CompiledRule,
  person: { sex: number; age: number },
  values: Readonly<Record<string, number | null | undefined>>,
): boolean {
  if (rule.enabled === false) return false;
  if (rule.gender !== 0 && rule.gender !== person.sex) return false;
  if (person.age < rule.ageMin || person.age > rule.ageMax) return false;
  return evaluate(rule.tree, values);
}
