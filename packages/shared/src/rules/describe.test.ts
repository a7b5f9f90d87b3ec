import { describe, expect, it } from 'vitest';
import { describeExpression, describeRule } from './describe';
import { GUIDELINE_RULES, SAMPLE_RULES } from './positive-rules';

describe('describeExpression', () => {
  it('names indicators and writes 或 / 且 and ≥ / ≤', () => {
    expect(describeExpression('SBP >= 140 || DBP >= 90')).toBe('收缩压 ≥ 140 或 舒张压 ≥ 90');
    expect(describeExpression('FPG >= 6.1 && FPG < 7')).toBe('空腹血糖 ≥ 6.1 且 空腹血糖 < 7');
    expect(describeExpression('HBA1C != 6.5')).toBe('糖化血红蛋白 ≠ 6.5');
    expect(describeExpression('HR == 60')).toBe('心率 = 60');
  });

  it('brackets a group of the other connective so the reading is unambiguous', () => {
    expect(describeExpression('SBP >= 140 && DBP >= 90 || FPG >= 7')).toBe(
      '（收缩压 ≥ 140 且 舒张压 ≥ 90）或 空腹血糖 ≥ 7',
    );
    expect(describeExpression('(SBP >= 140 || DBP >= 90) && HR > 100')).toBe(
      '（收缩压 ≥ 140 或 舒张压 ≥ 90）且 心率 > 100',
    );
    expect(describeExpression('SBP >= 140 || DBP >= 90 || HR > 100')).toBe('收缩压 ≥ 140 或 舒张压 ≥ 90 或 心率 > 100');
  });

  it('writes arithmetic and negation in reader symbols', () => {
    expect(describeExpression('(TC - HDLC) / HDLC > 4')).toBe(
      '（总胆固醇 − 高密度脂蛋白胆固醇）÷ 高密度脂蛋白胆固醇 > 4',
    );
    expect(describeExpression('!(SBP < 140)')).toBe('不满足（收缩压 < 140）');
  });

  it('answers null for an empty or broken expression', () => {
    expect(describeExpression('')).toBeNull();
    expect(describeExpression('SBP >=')).toBeNull();
    expect(describeExpression(null)).toBeNull();
  });

  it('reads every default rule with no operator symbol or indicator code left', () => {
    for (const rule of [...SAMPLE_RULES, ...GUIDELINE_RULES]) {
      const text = describeExpression(rule.judge);
      expect(text, rule.judge).not.toBeNull();
      expect(text, rule.judge).not.toMatch(/&&|\|\||>=|<=|==|!=|[A-Za-z]/);
    }
  });
});

describe('describeExpression with units', () => {
  it('writes each compared number with its indicator unit', () => {
    expect(describeExpression('SBP > 140 || DBP > 90', { units: true })).toBe('收缩压 > 140 mmHg 或 舒张压 > 90 mmHg');
    expect(describeExpression('HBA1C >= 6.5', { units: true })).toBe('糖化血红蛋白 ≥ 6.5%');
    expect(describeExpression('90 < DBP', { units: true })).toBe('90 mmHg < 舒张压');
  });
});

describe('describeRule', () => {
  it('says what a sample rule finds, for whom', () => {
    expect(describeRule({ names: '尿酸偏高', gender: 2, ageMin: 20, ageMax: 80, judge: 'UA > 357' })).toBe(
      '20–80岁女性员工体检中尿酸 > 357 µmol/L，提示“尿酸偏高”',
    );
    expect(describeRule({ names: '血压偏高', gender: 0, ageMin: 20, ageMax: 80, judge: 'SBP > 140 || DBP > 90' })).toBe(
      '20–80岁员工体检中收缩压 > 140 mmHg 或 舒张压 > 90 mmHg，提示“血压偏高”',
    );
  });
});
