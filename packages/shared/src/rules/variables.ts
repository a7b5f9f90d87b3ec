import { RISK_LEVELS } from './tags';

/**
 * Variables a condition may name beside a check's indicator codes (干预模型's 触发条件, issue 12): the
 * grouping-tag levels and risk level of the person's latest year (person_tags), age, sex and the number of
 * confirmed findings still being worked on. Each has its Chinese name (describeExpression reads
 * `BP_LEVEL >= 2` as 血压分级 ≥ 2) and, where its values are codes, their labels (SEX == 1 → 性别 = 男).
 *
 * Extension point: China-PAR 10-year risk (issue 14) and scale scores (issue 13) become variables here when
 * those assessments are stored — one entry each, and one SQL expression in the server's condition compiler
 * (modules/intervention/condition-sql.ts). None is offered before its data exists.
 */
export interface ConditionVariable {
  code: string;
  /** The Chinese name a reader sees. */
  name: string;
  /** What the value is and where it comes from. */
  description: string;
  min: number;
  max: number;
  /** Labels of coded values (RISK 1 健康 … 5 重病). */
  labels?: Readonly<Record<number, string>>;
}

const LEVEL = '0 正常，1–3 级（员工健康指标表的异常分级，取最近一年的分组标签）';

export const CONDITION_VARIABLES: readonly ConditionVariable[] = [
  { code: 'BP_LEVEL', name: '血压分级', description: `血压异常级别：${LEVEL}`, min: 0, max: 3 },
  { code: 'LIPID_LEVEL', name: '血脂分级', description: `血脂异常级别：${LEVEL}`, min: 0, max: 3 },
  { code: 'GLUCOSE_LEVEL', name: '血糖分级', description: `血糖异常级别：${LEVEL}`, min: 0, max: 3 },
  { code: 'UA_LEVEL', name: '尿酸分级', description: `尿酸异常级别：${LEVEL}`, min: 0, max: 3 },
  { code: 'WEIGHT_LEVEL', name: '体重分级', description: `体重异常级别：${LEVEL}`, min: 0, max: 3 },
  {
    code: 'RISK',
    name: '风险等级',
    description: `风险等级：${RISK_LEVELS.map((l, i) => `${i + 1} ${l}`).join('，')}`,
    min: 1,
    max: 5,
    labels: Object.fromEntries(RISK_LEVELS.map((l, i) => [i + 1, l])),
  },
  { code: 'AGE', name: '年龄', description: '体检时的周岁年龄', min: 0, max: 150 },
  { code: 'SEX', name: '性别', description: '1 男，2 女', min: 1, max: 2, labels: { 1: '男', 2: '女' } },
  {
    code: 'FINDINGS',
    name: '在办阳性数',
    description: '已确认、其阳性任务仍在待处理或处理中的阳性发现数',
    min: 0,
    max: 1000,
  },
];

export const CONDITION_VARIABLE_BY_CODE: Readonly<Record<string, ConditionVariable>> = Object.fromEntries(
  CONDITION_VARIABLES.map((v) => [v.code, v]),
);

/** RISK's value of a person_tags risk level (健康 1 … 重病 5), or null for an unknown text. */
export const riskValue = (level: string | null | undefined): number | null => {
  const i = RISK_LEVELS.indexOf(level as (typeof RISK_LEVELS)[number]);
  return i < 0 ? null : i + 1;
};
