import { describe, expect, it } from 'vitest';
import { ageAt, sheetOf } from './prescription-record';

describe('ageAt', () => {
  it('counts whole years, the birthday itself included', () => {
    expect(ageAt('1980-06-15', '2025-06-14')).toBe(44);
    expect(ageAt('1980-06-15', '2025-06-15')).toBe(45);
    expect(ageAt('1980-06-15T00:00:00Z', '2025-12-31 10:00:00')).toBe(45);
  });
  it('is null without a birthday or with a broken one', () => {
    expect(ageAt(null, '2025-01-01')).toBeNull();
    expect(ageAt('not a date', '2025-01-01')).toBeNull();
  });
});

describe('sheetOf: a diet record', () => {
  // A man of 170 cm, 80 kg, light work: BMI 27.7 超重/肥胖, 65 × 25 = 1625 kcal; staff changed it to 1700.
  const record = {
    id: 7,
    status: 2,
    employeeId: 12,
    name: '张三',
    unitName: '采油一厂一区',
    sex: 1,
    birthday: '1980-03-01',
    checkDate: '2025-03-02',
    issuedAt: '2025-04-01 09:30:00',
    issuedByName: '李医生',
    startDate: '2025-04-01',
    endDate: '2025-06-30',
    height: 170,
    weight: 80,
    bmi: 27.7,
    idealWeight: 65,
    bodyType: 3,
    activityLevel: 2,
    kcalPerKg: 25,
    targetKcal: 1700,
    bmr: 1667.5,
    pal: 1.4,
    tee: 2335,
    deficit: 500,
    targets: ['SBP', 'DBP'],
    adjustments: [{ rule: '活动水平', reason: '按轻体力计算' }],
    advice: '少盐',
  };

  it('reads the energy derivation from the flat columns and keeps the prescribed target apart', () => {
    const s = sheetOf('diet', record);
    if (s.kind !== 'diet') throw new Error('diet expected');
    expect(s.energy).toMatchObject({ idealWeight: 65, kcalPerKg: 25, target: 1625, bodyType: 3, deficit: 500 });
    expect(s.energy?.mifflin).toEqual({ bmr: 1667.5, pal: 1.4, tee: 2335, withDeficit: 1835 });
    expect(s.prescribedKcal).toBe(1700);
  });

  it('reads the head: name, age at issue, dates as yyyy-MM-dd', () => {
    const s = sheetOf('diet', record);
    expect(s).toMatchObject({
      employeeName: '张三',
      age: 45,
      issuedAt: '2025-04-01',
      issuedByName: '李医生',
      startDate: '2025-04-01',
      targets: ['SBP', 'DBP'],
    });
    expect(s.adjustments).toHaveLength(1);
  });

  it('has no energy before height, weight and the table values are there', () => {
    const s = sheetOf('diet', { id: 1, employeeId: 1, height: null, weight: 80 });
    expect(s.kind === 'diet' && s.energy).toBeNull();
  });

  it('takes the cookbook from the plan snapshot', () => {
    const plan = { cookbookId: 3, name: '低盐食谱', kcalMin: 1600, kcalMax: 1800, days: [] };
    const s = sheetOf('diet', { ...record, plan });
    expect(s.kind === 'diet' && s.cookbook).toEqual({ id: 3, name: '低盐食谱', kcalMin: 1600, kcalMax: 1800 });
  });
});

describe('sheetOf: a fitness record', () => {
  it('derives intensity from each line’s MET and the totals from the lines when not sent', () => {
    const s = sheetOf('fitness', {
      id: 3,
      employeeId: 4,
      status: 1,
      templateName: '高血压运动',
      items: [
        { itemId: 1, itemName: '快走', met: 4.3, minutes: 30, sessionsPerWeek: 5 },
        { itemId: 2, itemName: '慢跑', met: 7, minutes: 20, sessionsPerWeek: 2 },
        { itemId: 3, itemName: '瑜伽', met: 2.5, minutes: 30, sessionsPerWeek: 1 },
      ],
    });
    if (s.kind !== 'fitness') throw new Error('fitness expected');
    expect(s.items.map((i) => i.intensity)).toEqual([2, 3, 1]);
    expect(s.weeklyMinutes).toBe(150 + 40 + 30);
    // Vigorous minutes count twice, light ones not at all.
    expect(s.moderateMinutes).toBe(150 + 80);
    expect(s.metMinutes).toBe(Math.round(4.3 * 150 + 7 * 40 + 2.5 * 30));
    expect(s.template?.name).toBe('高血压运动');
  });

  it('keeps the server’s totals and the refer-first state', () => {
    const s = sheetOf('fitness', { id: 3, employeeId: 4, referFirst: true, weeklyMinutes: 0, moderateMinutes: 0 });
    expect(s.kind === 'fitness' && s.referFirst).toBe(true);
    expect(s.kind === 'fitness' && s.items).toEqual([]);
  });
});
