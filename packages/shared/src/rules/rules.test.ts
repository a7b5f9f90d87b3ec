import { describe, expect, it } from 'vitest';
import { ExpressionError, evaluate, parseExpression, validateExpression } from './expression';
import { compileRule, ruleMatches, SAMPLE_RULES } from './positive-rules';
import { bpHighNormal, bpLevel, classify, glucoseLevel, lipidLevel, uaLevel, weightLevel } from './tags';

const errorAt = (src: string, known?: Set<string>) => {
  try {
    known ? validateExpression(src, known) : parseExpression(src);
  } catch (e) {
    if (e instanceof ExpressionError) return { position: e.position, message: e.message };
    throw e;
  }
  return null;
};

describe('rule expressions', () => {
  it('follows precedence: && binds tighter than ||, arithmetic before comparison', () => {
    const t = parseExpression('SBP >= 140 || DBP >= 90 && HR > 100');
    expect(evaluate(t, { SBP: 150, DBP: 80, HR: 60 })).toBe(true);
    expect(evaluate(t, { SBP: 120, DBP: 95, HR: 60 })).toBe(false);
    expect(evaluate(t, { SBP: 120, DBP: 95, HR: 110 })).toBe(true);
    expect(evaluate(parseExpression('(SBP >= 140 || DBP >= 90) && HR > 100'), { SBP: 150, DBP: 80, HR: 60 })).toBe(
      false,
    );
    expect(evaluate(parseExpression('TC - HDLC > 4.9'), { TC: 6, HDLC: 1 })).toBe(true);
    expect(
      evaluate(parseExpression('WEIGHT / (HEIGHT / 100) / (HEIGHT / 100) >= 28'), { WEIGHT: 81, HEIGHT: 170 }),
    ).toBe(true);
    expect(evaluate(parseExpression('!(FPG < 6.1)'), { FPG: 6.1 })).toBe(true);
    expect(evaluate(parseExpression('-DBP < -90'), { DBP: 95 })).toBe(true);
  });

  it('never fires on a missing value', () => {
    const t = parseExpression('SBP >= 140 || DBP >= 90');
    expect(evaluate(t, {})).toBe(false);
    expect(evaluate(t, { SBP: null, DBP: 95 })).toBe(true);
    expect(evaluate(parseExpression('!(SBP >= 140)'), {})).toBe(true);
  });

  it('points at the position of each error, in Chinese', () => {
    expect(errorAt('SBP >= ')).toMatchObject({ position: 7, message: '第8个字符处：表达式不完整' });
    expect(errorAt('(SBP >= 140')).toMatchObject({ position: 11, message: '第12个字符处：缺少右括号 ")"' });
    expect(errorAt('SBP >= 140)')).toMatchObject({ position: 10 });
    expect(errorAt('SBP = 140')?.message).toBe('第5个字符处："=" 应写成 "=="');
    expect(errorAt('SBP >= 140 & DBP > 90')?.position).toBe(11);
    expect(errorAt('SBP >= 14o')?.position).toBe(9);
    expect(errorAt('SBP # 1')?.message).toBe('第5个字符处：无法识别的字符 "#"');
    expect(errorAt('SBP')?.message).toBe('第1个字符处：判定条件应为比较，例如 SBP >= 140');
    expect(errorAt('')?.message).toBe('第1个字符处：判定条件不能为空');
    expect(errorAt('SBP >= 140 || XYZ > 1', new Set(['SBP']))).toMatchObject({
      position: 14,
      message: '第15个字符处：未知的指标代码 "XYZ"',
    });
  });
});

describe('SPEC §9 sample rules at their boundaries', () => {
  const rules = SAMPLE_RULES.map(compileRule);
  const fires = (names: string, sex: number, values: Record<string, number>, age = 40) =>
    rules.filter((r) => r.names === names).some((r) => ruleMatches(r, { sex, age }, values));

  it('thresholds are strict where the sample says "above"', () => {
    expect(fires('总胆固醇偏高', 1, { TC: 5.18 })).toBe(false);
    expect(fires('总胆固醇偏高', 1, { TC: 5.19 })).toBe(true);
    expect(fires('甘油三酯偏高', 1, { TG: 1.7 })).toBe(false);
    expect(fires('甘油三酯偏高', 1, { TG: 1.71 })).toBe(true);
    expect(fires('低密度脂蛋白偏高', 1, { LDLC: 3.37 })).toBe(false);
    expect(fires('低密度脂蛋白偏高', 1, { LDLC: 3.38 })).toBe(true);
    expect(fires('体重指数偏高', 2, { BMI: 28 })).toBe(false);
    expect(fires('体重指数偏高', 2, { BMI: 28.1 })).toBe(true);
    expect(fires('血压偏高', 1, { SBP: 140, DBP: 90 })).toBe(false);
    expect(fires('血压偏高', 1, { SBP: 141, DBP: 80 })).toBe(true);
    expect(fires('血压偏高', 1, { SBP: 120, DBP: 91 })).toBe(true);
    expect(fires('甘油三酯显著升高', 1, { TG: 11.1 })).toBe(false);
    expect(fires('甘油三酯显著升高', 1, { TG: 11.2 })).toBe(true);
  });

  it('glucose 6.1 to 7 inclusive', () => {
    expect(fires('空腹血糖受损', 1, { FPG: 6.09 })).toBe(false);
    expect(fires('空腹血糖受损', 1, { FPG: 6.1 })).toBe(true);
    expect(fires('空腹血糖受损', 1, { FPG: 7 })).toBe(true);
    expect(fires('空腹血糖受损', 1, { FPG: 7.01 })).toBe(false);
  });

  it('sex-specific limits for homocysteine, uric acid and creatinine', () => {
    expect(fires('同型半胱氨酸偏高', 2, { HCY: 13.57 })).toBe(true);
    expect(fires('同型半胱氨酸偏高', 1, { HCY: 13.57 })).toBe(false);
    expect(fires('同型半胱氨酸偏高', 1, { HCY: 16.21 })).toBe(true);
    expect(fires('尿酸偏高', 2, { UA: 358 })).toBe(true);
    expect(fires('尿酸偏高', 1, { UA: 428 })).toBe(false);
    expect(fires('尿酸偏高', 1, { UA: 429 })).toBe(true);
    expect(fires('肌酐偏高', 2, { CR: 81 })).toBe(false);
    expect(fires('肌酐偏高', 2, { CR: 82 })).toBe(true);
    expect(fires('肌酐偏高', 1, { CR: 112 })).toBe(true);
  });

  it('applies only at ages 20 to 80', () => {
    expect(fires('总胆固醇偏高', 1, { TC: 7 }, 19)).toBe(false);
    expect(fires('总胆固醇偏高', 1, { TC: 7 }, 20)).toBe(true);
    expect(fires('总胆固醇偏高', 1, { TC: 7 }, 80)).toBe(true);
    expect(fires('总胆固醇偏高', 1, { TC: 7 }, 81)).toBe(false);
  });
});

describe('grouping tags at their thresholds (the indicator table rows)', () => {
  it('blood pressure grades take the higher of systolic and diastolic', () => {
    expect(bpLevel({ SBP: 139, DBP: 89 })).toBe(0);
    expect(bpHighNormal({ SBP: 120, DBP: 70 })).toBe(true);
    expect(bpHighNormal({ SBP: 119, DBP: 79 })).toBe(false);
    expect(bpHighNormal({ SBP: 140, DBP: 70 })).toBe(false);
    expect(bpLevel({ SBP: 140, DBP: 70 })).toBe(1);
    expect(bpLevel({ SBP: 130, DBP: 90 })).toBe(1);
    expect(bpLevel({ SBP: 140, DBP: 90 })).toBe(1);
    expect(bpLevel({ SBP: 150 })).toBe(1);
    expect(bpLevel({ SBP: 159, DBP: 100 })).toBe(2);
    expect(bpLevel({ SBP: 160, DBP: 80 })).toBe(2);
    expect(bpLevel({ SBP: 150, DBP: 110 })).toBe(3);
    expect(bpLevel({ SBP: 180, DBP: 80 })).toBe(3);
  });
  it('lipids: level 1 at the table rows (SPEC §9 TC > 5.18, TG > 1.7, LDL-C > 3.37; HDL-C < 1.04)', () => {
    expect(lipidLevel({ TC: 5.18, LDLC: 3.37, TG: 1.7, HDLC: 1.04 })).toBe(0);
    expect(lipidLevel({ TC: 5.19 })).toBe(1);
    expect(lipidLevel({ LDLC: 3.38 })).toBe(1);
    expect(lipidLevel({ TG: 1.71 })).toBe(1);
    expect(lipidLevel({ HDLC: 1.03 })).toBe(1);
    expect(lipidLevel({ TC: 6.19 })).toBe(1);
    expect(lipidLevel({ TC: 6.2 })).toBe(2);
    expect(lipidLevel({ LDLC: 4.1 })).toBe(2);
    expect(lipidLevel({ TG: 2.3 })).toBe(2);
    expect(lipidLevel({ HDLC: 0.99 })).toBe(2);
    expect(lipidLevel({ TG: 5.6 })).toBe(3);
  });
  it('glucose, uric acid (by sex, SPEC §9 428 / 357) and weight', () => {
    expect(glucoseLevel({ FPG: 6.09 })).toBe(0);
    expect(glucoseLevel({ FPG: 6.1 })).toBe(1);
    expect(glucoseLevel({ FPG: 6.99 })).toBe(1);
    expect(glucoseLevel({ FPG: 7.0 })).toBe(2);
    expect(glucoseLevel({ FPG: 7.6 })).toBe(2);
    expect(glucoseLevel({ FPG: 5.5, HBA1C: 6.4 })).toBe(0);
    expect(glucoseLevel({ FPG: 5.5, HBA1C: 6.5 })).toBe(2);
    expect(glucoseLevel({ FPG: 11.1 })).toBe(3);
    expect(uaLevel({ UA: 428 }, 1)).toBe(0);
    expect(uaLevel({ UA: 429 }, 1)).toBe(1);
    expect(uaLevel({ UA: 357 }, 2)).toBe(0);
    expect(uaLevel({ UA: 358 }, 2)).toBe(1);
    expect(uaLevel({ UA: 500 }, 0)).toBe(0);
    expect(uaLevel({ UA: 539 }, 1)).toBe(1);
    expect(uaLevel({ UA: 540 }, 2)).toBe(2);
    expect(uaLevel({ UA: 600 }, 1)).toBe(3);
    expect(weightLevel({ BMI: 23.9 })).toBe(0);
    expect(weightLevel({ BMI: 24 })).toBe(1);
    expect(weightLevel({ BMI: 27.9 })).toBe(1);
    expect(weightLevel({ BMI: 28 })).toBe(2);
    expect(weightLevel({ BMI: 32.5 })).toBe(3);
  });
  it('risk level from the highest abnormality, the record and risk factors', () => {
    const normal = { SBP: 110, DBP: 70, TC: 4.5, TG: 1.0, LDLC: 2.5, HDLC: 1.3, FPG: 5.0, UA: 300, BMI: 22, WAIST: 80 };
    expect(classify(normal, 1).risk).toBe('健康');
    expect(classify({ ...normal, SBP: 125 }, 1).risk).toBe('风险');
    expect(classify({ ...normal, WAIST: 90 }, 1).risk).toBe('风险');
    expect(classify({ ...normal, WAIST: 85 }, 2).risk).toBe('风险');
    expect(classify(normal, 1, { smoker: true }).risk).toBe('风险');
    expect(classify({ ...normal, BMI: 25 }, 1)).toEqual({
      levels: { bp: 0, lipid: 0, glucose: 0, ua: 0, weight: 1 },
      risk: '异常',
      diseases: ['高BMI:1'],
    });
    expect(classify({ ...normal, SBP: 165 }, 1).risk).toBe('慢病');
    expect(classify(normal, 1, { illnesses: [1] }).risk).toBe('慢病');
    expect(classify({ ...normal, FPG: 12 }, 1).diseases).toEqual(['高血糖:3']);
    expect(classify({ ...normal, FPG: 12 }, 1).risk).toBe('重病');
    expect(classify(normal, 1, { illnesses: [14] }).risk).toBe('重病');
  });
});
