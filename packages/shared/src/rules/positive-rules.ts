import { evaluate, type Node, parseExpression } from './expression';

/** Rule levels (SPEC §3: colour yellow, orange). */
export const RULE_LEVELS = [
  { value: 1, label: '黄色' },
  { value: 2, label: '橙色' },
] as const;

/** Rule gender: 0 不限, 1 男, 2 女. */
export const RULE_GENDERS = [
  { value: 0, label: '不限' },
  { value: 1, label: '男' },
  { value: 2, label: '女' },
] as const;

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
