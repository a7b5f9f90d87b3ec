import { z } from 'zod';
import { ID_CARD_MESSAGES, idCardProblem, MOBILE_PATTERN } from '../medical/id-card';
import { bmi } from '../medical/indicators';
import * as E from './enums';

const REQUIRED = '必填项';
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (v: string) => {
  if (!DATE_RE.test(v)) return false;
  const [y, m, d] = v.split('-').map(Number);
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
};

/**
 * A part of the record that may be left out: SPEC §5 requires only the name, so a missing section or group
 * (e.g. no pastHistory, or pastHistory without surgery) is stored as its empty form.
 */
const section = <T extends z.ZodType>(s: T) => z.preprocess((v) => v ?? {}, s);

/** Empty strings from forms count as "not filled". */
const blankToNull = (v: unknown) => (v === '' ? null : v);

const text = (label: string, max: number) =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: `${label}应为文本` })
      .trim()
      .max(max, `${label}不能超过${max}个字`)
      .nullable()
      .optional(),
  );

/** A code of an enumeration; numbers and numeric strings are both accepted and stored as numbers. */
const code = (e: E.Enum, label: string) =>
  z.preprocess(
    (v) =>
      v === '' || v === null || v === undefined ? null : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v,
    z
      .number({ error: `${label}的取值无效` })
      .refine((v) => String(v) in e, `${label}的取值无效`)
      .nullable()
      .optional(),
  );

/**
 * A list of codes. SPEC §3: a family-history value may come as the list or as that list written as a JSON
 * string; both are accepted and stored as the list.
 */
const codes = (e: E.Enum, label: string) =>
  z.preprocess(
    (v) => {
      if (v === null || v === undefined || v === '') return [];
      if (typeof v === 'string') {
        try {
          return JSON.parse(v);
        } catch {
          return v;
        }
      }
      return v;
    },
    z
      .array(
        z.preprocess((c) => (typeof c === 'string' && /^\d+$/.test(c) ? Number(c) : c), z.number()),
        {
          error: `${label}应为列表`,
        },
      )
      .refine((list) => list.every((c) => String(c) in e), `${label}的取值无效`)
      .transform((list) => [...new Set(list)]),
  );

const date = (label: string) =>
  z.preprocess(blankToNull, z.string().refine(validDate, `${label}应为有效日期（yyyy-MM-dd）`).nullable().optional());
const requiredDate = (label: string) =>
  z
    .string({ error: REQUIRED })
    .refine((v) => v !== '', REQUIRED)
    .refine(validDate, `${label}应为有效日期（yyyy-MM-dd）`);
const num = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: `${label}应为数字` })
      .min(min, `${label}不能小于${min}`)
      .max(max, `${label}不能大于${max}`)
      .nullable()
      .optional(),
  );
const flag = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 0 : Number(v)),
    z.union([z.literal(0), z.literal(1)], { error: `${label}只能选择有或无` }),
  );

/** A past-history group: has (0 none, 1 yes) and its entries; choosing 无 keeps no entries. */
function historyGroup<T extends z.ZodRawShape>(label: string, entry: z.ZodObject<T>) {
  return section(
    z
      .object({
        has: flag(label),
        list: z
          .array(entry, { error: `${label}应为列表` })
          .max(50, `${label}最多50条`)
          .optional()
          .default([]),
      })
      .superRefine((g, ctx) => {
        if (g.has === 1 && g.list.length === 0)
          ctx.addIssue({ code: 'custom', path: ['list'], message: `请填写${label}` });
      })
      .transform((g) => ({ has: g.has, list: g.has === 1 ? g.list : [] })),
  );
}

const illnessEntry = z
  .object({
    time: requiredDate('确诊时间'),
    illnessName: z.preprocess(
      (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
      z.number({ error: REQUIRED }).refine((v) => String(v) in E.PAST_ILLNESS, '疾病名称的取值无效'),
    ),
    remark: text('其他疾病名称', 50),
  })
  .superRefine((e, ctx) => {
    if (e.illnessName === E.OTHER_ILLNESS_CODE && !e.remark) {
      ctx.addIssue({ code: 'custom', path: ['remark'], message: '请填写其他疾病名称' });
    }
  });
const namedEntry = (key: string, label: string) =>
  z.object({
    time: requiredDate('时间'),
    [key]: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(50, `${label}不能超过50个字`),
  });

const withRemark = (e: E.Enum, label: string, otherCode: number, remarkLabel: string) =>
  section(
    z
      .object({ value: codes(e, label), remark: text(remarkLabel, 100) })
      .superRefine((g, ctx) => {
        if (g.value.includes(otherCode) && !g.remark)
          ctx.addIssue({ code: 'custom', path: ['remark'], message: `请填写${remarkLabel}` });
      })
      .transform((g) => ({ value: g.value, remark: g.value.includes(otherCode) ? (g.remark ?? null) : null })),
  );

const familyMember = (label: string) => withRemark(E.FAMILY_DISEASE, label, E.OTHER_FAMILY_DISEASE_CODE, '其他疾病');

export const patientInfoSchema = z.object({
  name: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(30, '姓名不能超过30个字'),
  sex: code(E.SEX, '性别'),
  age: num('年龄', 0, 150),
  nation: text('民族', 20),
  idCard: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .transform((v) => v.toUpperCase())
    .superRefine((v, ctx) => {
      const problem = idCardProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: ID_CARD_MESSAGES[problem] });
    }),
  birthday: date('出生日期'),
  mobile: z.preprocess(
    blankToNull,
    z.string().trim().regex(MOBILE_PATTERN, '手机号码格式不正确').nullable().optional(),
  ),
  permanent: code(E.PERMANENT, '常住类型'),
  guardian: text('监护人', 30),
  ecmobile: z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .regex(/^[0-9-]{7,20}$/, '紧急联系电话格式不正确')
      .nullable()
      .optional(),
  ),
  educationLevel: code(E.EDUCATION, '文化程度'),
  professional: code(E.OCCUPATION, '职业'),
  payType: codes(E.PAY_TYPE, '医疗费用支付方式'),
  companyName: text('单位名称', 50),
  companyLevel: text('单位级别', 20),
  companyJobTitle: text('职称', 30),
  salaryNumber: text('工资号', 20),
  companyJob: text('岗位', 30),
  workType: text('工种', 30),
  marital: code(E.MARITAL, '婚姻状况'),
  fertility: code(E.FERTILITY, '生育状况'),
});

export const healthInfoSchema = z.object({
  height: num('身高', 50, 250),
  weight: num('体重', 10, 300),
  BMI: num('BMI', 5, 100),
  blood: code(E.BLOOD, '血型'),
  waist: num('腰围', 30, 200),
});

export const pastHistorySchema = z.object({
  illness: historyGroup('疾病史', illnessEntry),
  surgery: historyGroup('手术史', namedEntry('surgeryName', '手术名称')),
  trauma: historyGroup('外伤史', namedEntry('traumaName', '外伤名称')),
  transfusion: historyGroup('输血史', namedEntry('transfusionName', '输血原因')),
});

export const otherSchema = z
  .object({
    heredity: flag('遗传病史'),
    heredityDetail: text('遗传病名称', 100),
    illnessHostory: text('现病史', 500),
    frist: text('病情描述', 500),
    all: text('备注', 500),
    disability: withRemark(E.DISABILITY, '残疾情况', E.OTHER_DISABILITY_CODE, '其他残疾'),
    drugIrritability: withRemark(E.DRUG_ALLERGY, '药物过敏史', E.OTHER_DRUG_ALLERGY_CODE, '其他过敏药物'),
    foodsIrritability: text('食物过敏', 100),
    expose: codes(E.EXPOSURE, '暴露史'),
  })
  .superRefine((o, ctx) => {
    if (o.heredity === 1 && !o.heredityDetail)
      ctx.addIssue({ code: 'custom', path: ['heredityDetail'], message: '请填写遗传病名称' });
  })
  .transform((o) => ({ ...o, heredityDetail: o.heredity === 1 ? o.heredityDetail : null }));

export const familyHistorySchema = z.object({
  fater: familyMember('父亲'),
  monter: familyMember('母亲'),
  brothers: familyMember('兄弟姐妹'),
  children: familyMember('子女'),
  familyDiseases: familyMember('其他家族病史'),
});

/**
 * One answer of the life information: SPEC §3 makes it free text, and the edit dialog offers the usual
 * answers of its list. A code, its digits or exactly its label is stored as the code (so the structured value,
 * e.g. smoking for risk scores, is kept whichever way it came); any other text is stored as the text.
 */
const choiceValue = (e: E.Enum, v: unknown): unknown => {
  if (typeof v !== 'string') return v;
  const t = v.trim();
  if (/^\d+$/.test(t)) return Number(t);
  const hit = Object.entries(e).find(([, label]) => label === t);
  return hit ? Number(hit[0]) : t;
};
const choiceOrText = (e: E.Enum, label: string, max: number) =>
  z
    .union([z.number(), z.string()], { error: `${label}应为文本` })
    .refine((v) => typeof v === 'string' || String(v) in e, `${label}的取值无效`)
    .refine((v) => typeof v === 'number' || v.length <= max, `${label}不能超过${max}个字`);
const choice = (e: E.Enum, label: string, max = 100) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? null : choiceValue(e, v)),
    choiceOrText(e, label, max).nullable().optional(),
  );
/**
 * Several answers (饮食习惯): a list of codes and texts; one text (SPEC §3) is a list of that one text, and a
 * list written as a JSON string is read as the list.
 */
const choices = (e: E.Enum, label: string, max = 100) =>
  z.preprocess(
    (v) => {
      if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return [];
      if (typeof v === 'string' && v.trim().startsWith('[')) {
        try {
          return JSON.parse(v);
        } catch {
          return [v];
        }
      }
      return Array.isArray(v) ? v : [v];
    },
    z
      .array(
        z.preprocess((c) => choiceValue(e, c), choiceOrText(e, label, max)),
        { error: `${label}应为列表` },
      )
      .max(20, `${label}最多20项`)
      .transform((list) => [...new Set(list.filter((c) => c !== ''))]),
  );

export const lifeInfoSchema = z.object({
  foods: choices(E.FOODS, '饮食习惯'),
  sleep: choice(E.SLEEP, '睡眠情况'),
  smoke: choice(E.SMOKE, '吸烟情况'),
  drink: choice(E.DRINK, '饮酒情况'),
  daily: choice(E.DAILY, '锻炼情况'),
  style: text('生活方式', 200),
});

export const environmentSchema = z.object({
  exhaust: code(E.EXHAUST, '厨房排风设施'),
  energy: code(E.ENERGY, '燃料类型'),
  water: code(E.WATER, '饮水'),
  toilet: code(E.TOILET, '厕所'),
  acorral: code(E.ACORRAL, '禽畜栏'),
});

/** The whole record of SPEC §3 as POST /phr/form receives it: the record plus `type`. */
export const phrFormSchema = z
  .object({
    /** Employee id of the record being edited; absent for a new record. */
    id: z.number().int().positive().optional(),
    /** Unit of a new record (edits move records through /main/phr/transfer). */
    unitId: z.number({ error: REQUIRED }).int().positive().optional(),
    version: z.number().int().positive().optional(),
    type: z.string().max(20).optional(),
    patientInfo: patientInfoSchema,
    healthInfo: section(healthInfoSchema),
    pastHistory: section(pastHistorySchema),
    other: section(otherSchema),
    familyHistory: section(familyHistorySchema),
    lifeInfo: section(lifeInfoSchema),
    environment: section(environmentSchema),
  })
  .superRefine((f, ctx) => {
    if (f.id === undefined && f.unitId === undefined)
      ctx.addIssue({ code: 'custom', path: ['unitId'], message: REQUIRED });
  });

export type PhrForm = z.infer<typeof phrFormSchema>;
export type PhrRecord = Omit<PhrForm, 'id' | 'unitId' | 'version' | 'type'>;

/** BMI follows height and weight; the ID number gives sex, birthday and age. */
export function deriveRecord(record: PhrRecord, idInfo: { sex: 1 | 2; birthday: string }, age: number): PhrRecord {
  const { height, weight } = record.healthInfo;
  return {
    ...record,
    patientInfo: { ...record.patientInfo, sex: idInfo.sex, birthday: idInfo.birthday, age },
    healthInfo: { ...record.healthInfo, BMI: height && weight ? bmi(height, weight) : null },
  };
}

/** Sections a complete record has filled, with what makes each one filled. */
export const COMPLETENESS_RULES: { section: string; label: string; filled: (r: PhrRecord) => boolean }[] = [
  {
    section: 'patientInfo',
    label: '个人信息',
    filled: (r) =>
      Boolean(
        r.patientInfo.mobile && r.patientInfo.marital && r.patientInfo.educationLevel && r.patientInfo.professional,
      ),
  },
  {
    section: 'healthInfo',
    label: '健康数据',
    filled: (r) => Boolean(r.healthInfo.height && r.healthInfo.weight && r.healthInfo.blood),
  },
  {
    section: 'lifeInfo',
    label: '生活信息',
    filled: (r) => Boolean(r.lifeInfo.smoke && r.lifeInfo.drink && r.lifeInfo.daily && r.lifeInfo.sleep),
  },
  {
    section: 'environment',
    label: '居住环境',
    filled: (r) =>
      Boolean(
        r.environment.exhaust &&
          r.environment.energy &&
          r.environment.water &&
          r.environment.toilet &&
          r.environment.acorral,
      ),
  },
];

/** The sections still missing for a complete record (empty = complete). */
export function missingSections(r: PhrRecord): string[] {
  return COMPLETENESS_RULES.filter((rule) => !rule.filled(r)).map((rule) => rule.label);
}
