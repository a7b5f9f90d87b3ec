import { describe, expect, it } from 'vitest';
import { personConditions, targetsOf } from './conditions';
import {
  bodyTypeOf,
  chooseCookbook,
  dietPlan,
  energyNeed,
  idealWeight,
  kcalPerKg,
  mifflinBmr,
  missingMeasures,
} from './diet';
import {
  CLEARANCE_NOTE,
  exerciseLimits,
  type FitnessItemChoice,
  type FitnessTemplateChoice,
  fitnessPlan,
} from './fitness';

describe('energy need (MEDICAL.md "Energy needs for diet prescriptions", NUTRITION.md)', () => {
  it('ideal weight = height − 105; 170 cm light normal → 65 × 30 = 1950 kcal', () => {
    expect(idealWeight(170)).toBe(65);
    const e = energyNeed({ sex: 1, age: 40, height: 170, weight: 65, activityLevel: 2 });
    expect(e).toMatchObject({ idealWeight: 65, bodyType: 2, kcalPerKg: 30, target: 1950, deficit: null });
  });

  it('Mifflin-St Jeor: man 70 kg 175 cm 30 y → 1648.75; a woman of the same is 166 lower', () => {
    expect(mifflinBmr(1, 70, 175, 30)).toBe(1648.75);
    expect(mifflinBmr(2, 70, 175, 30)).toBe(1482.75);
    const e = energyNeed({ sex: 1, age: 30, height: 175, weight: 70, activityLevel: 3 });
    expect(e.mifflin).toEqual({ bmr: 1648.75, pal: 1.7, tee: 2803, withDeficit: null });
  });

  it('body type from BMI at both sides of 18.5 and 24', () => {
    expect(bodyTypeOf(18.4)).toBe(1);
    expect(bodyTypeOf(18.5)).toBe(2);
    expect(bodyTypeOf(23.9)).toBe(2);
    expect(bodyTypeOf(24)).toBe(3);
  });

  it('kcal/kg: the table, with the chosen value of each range', () => {
    // bed rest, light, moderate, heavy
    expect([1, 2, 3, 4].map((a) => kcalPerKg(1, a as 1, 17))).toEqual([25, 35, 40, 50]);
    expect([1, 2, 3, 4].map((a) => kcalPerKg(2, a as 1, 22))).toEqual([20, 30, 35, 40]);
    expect([1, 2, 3, 4].map((a) => kcalPerKg(3, a as 1, 26))).toEqual([15, 25, 30, 35]);
    // light work: overweight 25, obese 20 (BMI 27.9 | 28)
    expect(kcalPerKg(3, 2, 27.9)).toBe(25);
    expect(kcalPerKg(3, 2, 28)).toBe(20);
  });

  it('says what is missing', () => {
    expect(missingMeasures({ height: null, weight: 60 })).toMatch(/^缺少身高：/);
    expect(missingMeasures({ height: null, weight: null })).toMatch(/^缺少身高和体重：/);
    expect(missingMeasures({ height: 170, weight: 60 })).toBeNull();
    expect(() => dietPlan({ sex: 1, age: 40, values: {}, height: 170, weight: null })).toThrow('缺少体重');
  });
});

describe('cookbook choice', () => {
  const books = [
    { id: 1, name: '1600–1800千卡普通食谱', kcalMin: 1600, kcalMax: 1800 },
    { id: 2, name: '1600–1800千卡低盐食谱', kcalMin: 1600, kcalMax: 1800, typeName: '低盐' },
    { id: 3, name: '1800–2000千卡普通食谱', kcalMin: 1800, kcalMax: 2000 },
    { id: 4, name: '1500–2000千卡宽范围', kcalMin: 1500, kcalMax: 2000 },
  ];
  it('takes the range holding the need, the one suiting the condition first, then the narrowest', () => {
    expect(chooseCookbook(1700, books, []).cookbook?.id).toBe(1);
    expect(chooseCookbook(1700, books, ['hypertension']).cookbook?.id).toBe(2);
    expect(chooseCookbook(1950, books, []).cookbook?.id).toBe(3);
    expect(chooseCookbook(1800, books, []).adjustment).toBeNull();
  });
  it('takes the nearest range when none holds the need, and says so', () => {
    const r = chooseCookbook(1300, books, []);
    expect(r.cookbook?.id).toBe(4);
    expect(r.adjustment?.reason).toContain('1300');
    expect(chooseCookbook(1300, [], []).cookbook).toBeNull();
  });
});

describe('conditions and targets', () => {
  it('reads the check, the tags, the record and the findings', () => {
    const found = personConditions({
      sex: 2,
      age: 50,
      values: { SBP: 138, DBP: 85, UA: 358 },
      tags: { lipid: 1 },
      illnesses: [2],
      findingCodes: [],
    });
    // UA 358 > 357 (women's laboratory limit): hyperuricaemia; a woman with 357 is not.
    expect(found.map((c) => c.condition)).toEqual(['diabetes', 'dyslipidaemia', 'hyperuricaemia']);
    expect(found[0].why).toContain('档案记有糖尿病');
    expect(personConditions({ sex: 2, age: 50, values: { UA: 357 } })).toEqual([]);
    expect(personConditions({ sex: 1, age: 50, values: {}, findingCodes: ['SBP'] })[0]).toEqual({
      condition: 'hypertension',
      why: '有已确认的阳性发现',
    });
    expect(targetsOf([])).toEqual(['WEIGHT', 'BMI']);
    expect(targetsOf(['dyslipidaemia', 'hyperuricaemia'])).toEqual(['TC', 'TG', 'LDLC', 'HDLC', 'UA']);
  });
});

describe('exercise contraindications, each at both sides of its threshold', () => {
  const at = (values: Record<string, number>, chinaPar?: number) =>
    exerciseLimits({ sex: 1, age: 50, values, chinaPar });
  it('BP ≥ 180/110 → no prescription, refer first', () => {
    expect(at({ SBP: 180, DBP: 90 }).referFirst).toBe(true);
    expect(at({ SBP: 150, DBP: 110 }).referFirst).toBe(true);
    expect(at({ SBP: 179, DBP: 109 })).toMatchObject({ referFirst: false, maxIntensity: 2 });
    expect(at({ SBP: 180, DBP: 90 }).adjustments[0].reason).toContain('180/90');
  });
  it('grade 2 (160–179 / 100–109) → no vigorous items; grade 1 keeps vigorous', () => {
    expect(at({ SBP: 160, DBP: 80 }).maxIntensity).toBe(2);
    expect(at({ SBP: 130, DBP: 100 }).maxIntensity).toBe(2);
    expect(at({ SBP: 159, DBP: 99 }).maxIntensity).toBe(3);
  });
  it('fasting glucose ≥ 16.7 → no exercise', () => {
    expect(at({ FPG: 16.7 })).toMatchObject({ referFirst: true, maxIntensity: null });
    expect(at({ FPG: 16.6 })).toMatchObject({ referFirst: false, maxIntensity: 3 });
  });
  it('China-PAR ≥ 10 % → moderate only with a clearance note; absent → 未评估', () => {
    expect(at({}, 10)).toMatchObject({ maxIntensity: 2, clearanceNote: CLEARANCE_NOTE });
    expect(at({}, 9.9)).toMatchObject({ maxIntensity: 3, clearanceNote: null });
    expect(at({}).adjustments).toEqual([{ rule: 'China-PAR', reason: '未评估心血管病10年风险，未按其调整' }]);
  });
});

/** A small catalogue: Compendium 2011 values of MEDICAL.md. */
const items: FitnessItemChoice[] = [
  { id: 1, name: '快走（5.6 km/h）', met: 4.3, enabled: true },
  { id: 2, name: '慢跑', met: 7.0, enabled: true, ageMin: 18, ageMax: 60 },
  { id: 3, name: '太极拳', met: 3.0, enabled: true },
  { id: 4, name: '瑜伽', met: 2.5, enabled: true },
  { id: 5, name: '跳绳', met: 11.8, enabled: false },
  { id: 6, name: '骑自行车（< 16 km/h）', met: 4.0, enabled: true },
];
const templates: FitnessTemplateChoice[] = [
  {
    id: 10,
    name: '一般成人有氧',
    classifyName: '一般人群',
    lines: [
      { itemId: 2, minutes: 25, sessionsPerWeek: 3 },
      { itemId: 4, minutes: 30, sessionsPerWeek: 2 },
    ],
  },
  {
    id: 11,
    name: '高血压运动',
    classifyName: '高血压',
    lines: [
      { itemId: 1, minutes: 30, sessionsPerWeek: 4 },
      { itemId: 2, minutes: 20, sessionsPerWeek: 2 },
      { itemId: 3, minutes: 30, sessionsPerWeek: 2 },
    ],
  },
];

describe('worked people', () => {
  it('男 45 岁 170 cm 80 kg 轻体力 SBP 165/95 FPG 6.5: overweight 25 kcal/kg → 1625 kcal; hypertension, glucose, weight', () => {
    const person = { sex: 1 as const, age: 45, values: { SBP: 165, DBP: 95, FPG: 6.5, BMI: 27.7 } };
    const diet = dietPlan({ ...person, height: 170, weight: 80, activityLevel: 2 });
    expect(diet.energy).toMatchObject({ bmi: 27.7, bodyType: 3, idealWeight: 65, kcalPerKg: 25, target: 1625 });
    // 10·80 + 6.25·170 − 5·45 + 5 = 1642.5; × 1.4 = 2299.5 → 2300; − 500 = 1800.
    expect(diet.energy.mifflin).toEqual({ bmr: 1642.5, pal: 1.4, tee: 2300, withDeficit: 1800 });
    expect(diet.energy.deficit).toBe(500);
    expect(diet.conditions).toEqual(['hypertension', 'diabetes', 'obesity']);
    expect(diet.classes).toEqual(['general', 'hypertension', 'diabetes', 'obesity']);
    expect(diet.targets).toEqual(['SBP', 'DBP', 'FPG', 'HBA1C', 'WEIGHT', 'BMI', 'WAIST']);
    expect(diet.adjustments.map((a) => a.rule)).toEqual([
      '体型超重/肥胖',
      '减重能量缺口（未经指南核实）',
      '高血压膳食原则',
      '糖尿病膳食原则',
      '超重肥胖膳食原则',
      '中医体质',
    ]);
    expect(diet.adjustments[2].reason).toBe('血压 165/95 mmHg，异常2级');

    // Exercise: grade 2 → 中 at most: the 高血压 template loses 慢跑 (7.0 MET); 30×4 walk + 30×2 tai chi = 180 ≥ 150.
    const fit = fitnessPlan(person, { items, templates });
    expect(fit).toMatchObject({ referFirst: false, maxIntensity: 2, template: { id: 11 }, clearanceNote: null });
    expect(fit.items.map((i) => [i.itemId, i.minutes, i.sessionsPerWeek])).toEqual([
      [1, 30, 4],
      [3, 30, 2],
    ]);
    expect(fit).toMatchObject({ weeklyMinutes: 180, moderateMinutes: 180, metMinutes: Math.round(4.3 * 120 + 3 * 60) });
    expect(fit.adjustments.find((a) => a.rule === '去掉「慢跑」')?.reason).toContain('超过允许的中强度');
  });

  it('女 30 岁 160 cm 50 kg 中体力, no condition: normal 35 kcal/kg → 1925; general template topped up to 150 min', () => {
    const person = { sex: 2 as const, age: 30, values: { SBP: 112, DBP: 70, FPG: 4.8 } };
    const diet = dietPlan({ ...person, height: 160, weight: 50, activityLevel: 3, constitution: 2 });
    expect(diet.energy).toMatchObject({ bmi: 19.5, bodyType: 2, kcalPerKg: 35, target: 1925, deficit: null });
    expect(diet.conditions).toEqual([]);
    expect(diet.targets).toEqual(['WEIGHT', 'BMI']);
    expect(diet.adjustments).toEqual([]);
    // Jogging 25×3 counts twice (150) — the target is met without a top-up; yoga is light and counts nothing.
    const fit = fitnessPlan({ ...person, chinaPar: 2 }, { items, templates });
    expect(fit.template?.id).toBe(10);
    expect(fit.moderateMinutes).toBe(150);
    expect(fit.adjustments).toEqual([]);
  });

  it('男 62 岁 175 cm 55 kg, activity not given: underweight, light assumed and said; jogging out of his age range', () => {
    const person = { sex: 1 as const, age: 62, values: {} };
    const diet = dietPlan({ ...person, height: 175, weight: 55 });
    expect(diet.energy).toMatchObject({ bmi: 18, bodyType: 1, activityLevel: 2, kcalPerKg: 35, target: 2450 });
    expect(diet.adjustments[0].rule).toBe('活动水平');
    const fit = fitnessPlan(person, { items, templates });
    expect(fit.items.map((i) => i.itemId)).toEqual([4, 1]);
    // No moderate line left: brisk walking (nearest 4.3 MET) 30 min × 5.
    expect(fit.items[1]).toMatchObject({ minutes: 30, sessionsPerWeek: 5 });
    expect(fit.moderateMinutes).toBe(150);
    expect(fit.adjustments.map((a) => a.rule)).toEqual(['China-PAR', '去掉「慢跑」', '补足每周150分钟中等强度']);
    expect(fit.adjustments[1].reason).toBe('适用年龄 18–60 岁，本人 62 岁');
  });

  it('男 50 岁 SBP 182: no exercise prescription, refer first; China-PAR 12 % elsewhere: moderate only with a note', () => {
    const refer = fitnessPlan({ sex: 1, age: 50, values: { SBP: 182, DBP: 100 } }, { items, templates });
    expect(refer).toMatchObject({ referFirst: true, items: [], maxIntensity: null, weeklyMinutes: 0 });
    expect(refer.adjustments[0].rule).toContain('先转诊');
    const par = fitnessPlan({ sex: 1, age: 50, values: {}, chinaPar: 12 }, { items, templates });
    expect(par).toMatchObject({ maxIntensity: 2, clearanceNote: CLEARANCE_NOTE });
    expect(par.items.every((i) => i.intensity <= 2)).toBe(true);
    expect(par.moderateMinutes).toBeGreaterThanOrEqual(150);
  });
});

describe('high-impact items and overweight', () => {
  it('leaves out running and jumping for a person with overweight or obesity, and says why', () => {
    const jog = { id: 7, name: '跳绳', met: 11.8, enabled: true, highImpact: true };
    const plan = fitnessPlan(
      { sex: 1, age: 40, values: { BMI: 26 } },
      {
        items: [...items, jog],
        templates: [
          {
            id: 20,
            name: '超重肥胖',
            classifyName: '超重肥胖',
            lines: [{ itemId: 7, minutes: 20, sessionsPerWeek: 3 }],
          },
        ],
      },
    );
    expect(plan.items.map((i) => i.itemId)).not.toContain(7);
    expect(plan.adjustments.find((a) => a.rule === '去掉「跳绳」')?.reason).toContain('冲击性运动');
    const lean = fitnessPlan(
      { sex: 1, age: 40, values: { BMI: 22 } },
      {
        items: [...items, jog],
        templates: [{ ...templates[0], lines: [{ itemId: 7, minutes: 20, sessionsPerWeek: 3 }] }],
      },
    );
    expect(lean.items.map((i) => i.itemId)).toContain(7);
  });
});
