import { describe, expect, it } from 'vitest';
import * as E from './enums';
import {
  environmentSchema,
  familyHistorySchema,
  healthInfoSchema,
  lifeInfoSchema,
  patientInfoSchema,
  phrFormSchema,
} from './record';

describe('SPEC §3 enumerations', () => {
  const expected: [string, E.Enum, number][] = [
    ['marital', E.MARITAL, 5],
    ['fertility', E.FERTILITY, 3],
    ['past illness', E.PAST_ILLNESS, 15],
    ['family disease', E.FAMILY_DISEASE, 15],
    ['payType', E.PAY_TYPE, 8],
    ['education', E.EDUCATION, 10],
    ['occupation', E.OCCUPATION, 8],
    ['blood', E.BLOOD, 5],
    ['exhaust', E.EXHAUST, 4],
    ['energy', E.ENERGY, 6],
    ['water', E.WATER, 6],
    ['toilet', E.TOILET, 5],
    ['acorral', E.ACORRAL, 4],
    ['disability', E.DISABILITY, 4],
    ['drug allergy', E.DRUG_ALLERGY, 8],
    ['exposure', E.EXPOSURE, 3],
  ];
  it.each(expected)('%s has codes 1..n', (_name, e, n) => {
    expect(Object.keys(e).map(Number)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
  });
  it('labels the codes the SPEC names, and the "other" codes open their text', () => {
    expect(E.PAST_ILLNESS[15]).toBe('其他');
    expect(E.FAMILY_DISEASE[5]).toBe('恶性肿瘤');
    expect(E.DISABILITY[4]).toBe('其他残疾');
    expect(E.DRUG_ALLERGY[4]).toBe('其他');
    expect(E.DRUG_ALLERGY[8]).toBe('破伤风抗毒素');
    expect([
      E.OTHER_ILLNESS_CODE,
      E.OTHER_FAMILY_DISEASE_CODE,
      E.OTHER_DISABILITY_CODE,
      E.OTHER_DRUG_ALLERGY_CODE,
    ]).toEqual([15, 15, 4, 4]);
    expect(E.enumLabel(E.PAY_TYPE, [1, 5])).toBe('城镇职工基本医疗保险、商业医疗保险');
    expect(E.enumOptions(E.BLOOD)[0]).toEqual({ value: 1, label: 'A型' });
  });
  it('accepts each code of each coded field and refuses the next one', () => {
    const base = { name: '张三', idCard: '11010519491231002X' };
    for (const [field, e] of [
      ['marital', E.MARITAL],
      ['fertility', E.FERTILITY],
      ['educationLevel', E.EDUCATION],
      ['professional', E.OCCUPATION],
    ] as const) {
      const n = Object.keys(e).length;
      for (let c = 1; c <= n; c++)
        expect(patientInfoSchema.safeParse({ ...base, [field]: c }).success, `${field} ${c}`).toBe(true);
      expect(patientInfoSchema.safeParse({ ...base, [field]: n + 1 }).success, `${field} ${n + 1}`).toBe(false);
      expect(patientInfoSchema.parse({ ...base, [field]: '1' })[field]).toBe(1);
    }
    expect(healthInfoSchema.safeParse({ blood: 6 }).success).toBe(false);
    for (const k of ['exhaust', 'energy', 'water', 'toilet', 'acorral'] as const) {
      expect(environmentSchema.safeParse({ [k]: 0 }).success, k).toBe(false);
    }
    expect(lifeInfoSchema.safeParse({ foods: [1, 7] }).success).toBe(false);
  });
  it('takes a family value as a list or as that list in a JSON string, stored as the list', () => {
    const member = (value: unknown) => ({ value, remark: null });
    const parsed = familyHistorySchema.parse({
      fater: { value: '[1,15]', remark: '痛风' },
      monter: member(['2']),
      brothers: member(''),
      children: member(null),
      familyDiseases: member([5, 5]),
    });
    expect(parsed.fater).toEqual({ value: [1, 15], remark: '痛风' });
    expect(parsed.monter.value).toEqual([2]);
    expect(parsed.brothers.value).toEqual([]);
    expect(parsed.familyDiseases.value).toEqual([5]);
    // 15 needs its remark.
    expect(familyHistorySchema.safeParse({ ...parsed, fater: member('[1,15]') }).success).toBe(false);
    expect(familyHistorySchema.safeParse({ ...parsed, fater: { value: '[1,15]', remark: '痛风' } }).success).toBe(true);
    expect(familyHistorySchema.safeParse({ ...parsed, fater: member('[not json') }).success).toBe(false);
  });
});

describe('a record with only what SPEC §5 requires', () => {
  it('accepts a record of the name alone, storing every other section empty', () => {
    const parsed = phrFormSchema.parse({
      unitId: 1,
      patientInfo: { name: '张三', idCard: '11010519491231002X' },
      pastHistory: { illness: { has: 1, list: [{ time: '2020-01-01', illnessName: 1 }] } },
      other: { heredity: 0 },
      familyHistory: { fater: { value: [1] } },
    });
    expect(parsed.healthInfo).toEqual({});
    expect(parsed.pastHistory.surgery).toEqual({ has: 0, list: [] });
    expect(parsed.pastHistory.illness.list).toHaveLength(1);
    expect(parsed.other.disability).toEqual({ value: [], remark: null });
    expect(parsed.familyHistory.monter).toEqual({ value: [], remark: null });
    expect(parsed.lifeInfo.foods).toEqual([]);
    expect(phrFormSchema.safeParse({ unitId: 1, patientInfo: { idCard: '11010519491231002X' } }).success).toBe(false);
  });
});

describe('SPEC §3 life information is free text', () => {
  it('stores text as text, and a code, its digits or its label as the code', () => {
    const parsed = lifeInfoSchema.parse({
      foods: '荤素均衡，口味偏咸',
      sleep: '每晚约7小时，睡眠质量一般',
      smoke: '吸烟',
      drink: '2',
      daily: 4,
      style: '作息规律',
    });
    expect(parsed).toEqual({
      foods: ['荤素均衡，口味偏咸'],
      sleep: '每晚约7小时，睡眠质量一般',
      smoke: 3,
      drink: 2,
      daily: 4,
      style: '作息规律',
    });
    // Lists of the dialog: picked answers as codes beside typed ones; a JSON list string is the list.
    expect(lifeInfoSchema.parse({ foods: [1, '嗜盐', '少吃辣', 1] }).foods).toEqual([1, 4, '少吃辣']);
    expect(lifeInfoSchema.parse({ foods: '[1,4]' }).foods).toEqual([1, 4]);
    // Old stored records (codes) still read the same.
    expect(lifeInfoSchema.parse({ foods: [1], sleep: 1, smoke: 1, drink: 1, daily: 1 }).smoke).toBe(1);
  });
  it('refuses an unknown code and over-long text with their reasons', () => {
    const issues = (v: unknown) => lifeInfoSchema.safeParse(v).error?.issues.map((i) => i.message);
    expect(issues({ smoke: 9 })).toEqual(['吸烟情况的取值无效']);
    expect(issues({ sleep: 'x'.repeat(101) })).toEqual(['睡眠情况不能超过100个字']);
    expect(issues({ drink: { a: 1 } })).toEqual(['饮酒情况应为文本']);
  });
});
