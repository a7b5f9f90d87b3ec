import { describe, expect, it } from 'vitest';
import { describeExpression } from '../rules/describe';
import { ExpressionError, evaluate } from '../rules/expression';
import { conditionValues, expressionSql, type PersonFacts, validateCondition } from './condition';
import { addMonths, planActions, taskDueDate, taskOverdue } from './plan';

const INDICATORS = ['SBP', 'DBP', 'FPG', 'BMI', 'UA', 'TC'];

describe('condition variables', () => {
  it('reads the variables in Chinese, coded values by their labels', () => {
    expect(describeExpression('BP_LEVEL >= 2')).toBe('血压分级 ≥ 2');
    expect(describeExpression('RISK >= 4 && SEX == 1')).toBe('风险等级 ≥ 慢病 且 性别 = 男');
    expect(describeExpression('GLUCOSE_LEVEL >= 1 || FINDINGS > 0')).toBe('血糖分级 ≥ 1 或 在办阳性数 > 0');
    expect(describeExpression('AGE >= 40 && WEIGHT_LEVEL >= 1 && UA_LEVEL + LIPID_LEVEL >= 2')).toBe(
      '年龄 ≥ 40 且 体重分级 ≥ 1 且 尿酸分级 + 血脂分级 ≥ 2',
    );
    // Indicators keep their own names and units beside the variables.
    expect(describeExpression('SBP >= 140 || BP_LEVEL >= 1', { units: true })).toBe(
      '收缩压 ≥ 140 mmHg 或 血压分级 ≥ 1',
    );
  });

  it('refuses an unknown code with its position, as the rules do', () => {
    expect(() => validateCondition('BP_LEVEL >= 1 && CHINA_PAR >= 10', INDICATORS)).toThrow(ExpressionError);
    try {
      validateCondition('BP_LEVEL >= 1 && CHINA_PAR >= 10', INDICATORS);
    } catch (e) {
      expect((e as ExpressionError).position).toBe(17);
      expect((e as Error).message).toBe('第18个字符处：未知的指标代码 "CHINA_PAR"');
    }
    expect(() => validateCondition('RISK >= 4 && SBP > 140', INDICATORS)).not.toThrow();
  });
});

const person = (over: Partial<PersonFacts> = {}): PersonFacts => ({
  values: { SBP: 150, DBP: 88, FPG: 5.6 },
  tags: { bp: 1, lipid: 0, glucose: 0, ua: 0, weight: 2, riskLevel: '慢病' },
  age: 45,
  sex: 1,
  findings: 0,
  ...over,
});

describe('condition evaluation over a person', () => {
  const holds = (src: string, p: PersonFacts) => evaluate(validateCondition(src, INDICATORS), conditionValues(p));

  it('each variable on both sides of its threshold', () => {
    expect(holds('BP_LEVEL >= 1', person())).toBe(true);
    expect(holds('BP_LEVEL >= 2', person())).toBe(false);
    expect(holds('WEIGHT_LEVEL >= 2', person())).toBe(true);
    expect(holds('WEIGHT_LEVEL >= 3', person())).toBe(false);
    expect(holds('RISK >= 4', person())).toBe(true); // 慢病 = 4
    expect(holds('RISK >= 5', person())).toBe(false);
    expect(holds('AGE >= 45', person())).toBe(true);
    expect(holds('AGE >= 46', person())).toBe(false);
    expect(holds('SEX == 2', person())).toBe(false);
    expect(holds('SEX == 2', person({ sex: 2 }))).toBe(true);
    expect(holds('FINDINGS > 0', person())).toBe(false);
    expect(holds('FINDINGS > 0', person({ findings: 1 }))).toBe(true);
    expect(holds('SBP >= 150 && FPG < 6.1', person())).toBe(true);
    expect(holds('SBP >= 151 && FPG < 6.1', person())).toBe(false);
  });

  it('a person without tags or an indicator never matches on them', () => {
    expect(holds('BP_LEVEL >= 0', person({ tags: null }))).toBe(false);
    expect(holds('UA > 400', person())).toBe(false);
    expect(holds('!(UA > 400)', person())).toBe(true);
  });
});

describe('condition as SQL', () => {
  const sql = (src: string) => expressionSql(validateCondition(src, INDICATORS), (c) => `v.${c.toLowerCase()}`);

  it('wraps comparisons so a missing value is false, never NULL', () => {
    expect(sql('BP_LEVEL >= 2')).toBe('coalesce((v.bp_level) >= 2::numeric, false)');
    expect(sql('!(SBP > 140) || RISK == 5')).toBe(
      '((NOT coalesce((v.sbp) > 140::numeric, false)) OR coalesce((v.risk) = 5::numeric, false))',
    );
  });

  it('a division by zero is a missing value', () => {
    expect(sql('SBP / DBP > 1.5')).toBe('coalesce(((v.sbp) / NULLIF((v.dbp), 0)) > 1.5::numeric, false)');
  });
});

describe('planned actions', () => {
  const model = {
    dietRx: true,
    fitnessRx: false,
    followMethod: 1,
    followEveryMonths: 3,
    followForMonths: 12,
    education: [{ title: '低盐饮食', content: '每日食盐不超过5克' }],
    durationMonths: 12,
  };

  it('prescriptions in two weeks, a follow-up every 3 months for 12, education in the first month', () => {
    expect(planActions(model, '2026-01-31')).toEqual([
      { kind: 1, title: '开具膳食处方', content: null, dueDate: '2026-02-14' },
      { kind: 3, title: '第1次电话随访', content: null, dueDate: '2026-04-30' },
      { kind: 3, title: '第2次电话随访', content: null, dueDate: '2026-07-31' },
      { kind: 3, title: '第3次电话随访', content: null, dueDate: '2026-10-31' },
      { kind: 3, title: '第4次电话随访', content: null, dueDate: '2027-01-31' },
      { kind: 4, title: '宣教：低盐饮食', content: '每日食盐不超过5克', dueDate: '2026-03-02' },
    ]);
    expect(taskDueDate('2026-01-31', model)).toBe('2027-01-31');
  });

  it('follow-ups never run past the task, and none without a method', () => {
    const short = { ...model, durationMonths: 6, followForMonths: 12 };
    expect(planActions(short, '2026-01-01').filter((a) => a.kind === 3)).toHaveLength(2);
    expect(planActions({ ...model, followMethod: null }, '2026-01-01').filter((a) => a.kind === 3)).toHaveLength(0);
  });

  it('month arithmetic clamps to the month end', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
  });
});

describe('overdue', () => {
  const task = (over = {}) => ({
    status: 1,
    dueDate: '2026-12-31',
    actions: [
      { dueDate: '2026-03-01', doneAt: '2026-02-20 10:00' },
      { dueDate: '2026-06-01', doneAt: null },
    ],
    ...over,
  });

  it('an undone action past its due date makes an open task overdue; the day itself is not late', () => {
    expect(taskOverdue(task(), '2026-06-01')).toBe(false);
    expect(taskOverdue(task(), '2026-06-02')).toBe(true);
  });

  it('the task past its own due date is overdue; an ended task never', () => {
    expect(taskOverdue(task({ actions: [] }), '2026-12-31')).toBe(false);
    expect(taskOverdue(task({ actions: [] }), '2027-01-01')).toBe(true);
    expect(taskOverdue(task({ status: 2 }), '2027-01-01')).toBe(false);
    expect(taskOverdue(task({ status: 3 }), '2026-06-02')).toBe(false);
  });
});
