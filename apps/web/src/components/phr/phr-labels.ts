import * as E from '@peis/shared';
import type { FamilyMemberKey, PastHistoryKey } from './phr-types';

/** The four tabs of the viewer and the edit dialog (SPEC §2). */
export type PhrTabKey = 'patient' | 'health' | 'family' | 'life';
export const TAB_LABELS: Record<PhrTabKey, string> = {
  patient: '个人信息',
  health: '健康信息',
  family: '家庭信息',
  life: '生活信息',
};

/** Which tab shows a section of the record (and the form's top-level fields). */
export const TAB_OF_SECTION: Record<string, PhrTabKey> = {
  unitId: 'patient',
  id: 'patient',
  version: 'patient',
  type: 'patient',
  patientInfo: 'patient',
  healthInfo: 'health',
  pastHistory: 'health',
  other: 'health',
  familyHistory: 'family',
  lifeInfo: 'life',
  environment: 'life',
};

export const SECTION_LABELS: Record<string, string> = {
  unitId: '单位',
  version: '版本',
  patientInfo: '个人信息',
  healthInfo: '健康数据',
  pastHistory: '既往史',
  other: '其他',
  familyHistory: '家族史',
  lifeInfo: '生活信息',
  environment: '居住环境',
};

export const PATIENT_LABELS = {
  name: '姓名',
  sex: '性别',
  age: '年龄',
  nation: '民族',
  idCard: '身份证号',
  birthday: '出生日期',
  mobile: '手机号码',
  permanent: '常住类型',
  guardian: '监护人',
  ecmobile: '紧急联系电话',
  educationLevel: '文化程度',
  professional: '职业',
  payType: '医疗费用支付方式',
  companyName: '单位名称',
  companyLevel: '单位级别',
  companyJobTitle: '职称',
  salaryNumber: '工资号',
  companyJob: '岗位',
  workType: '工种',
  marital: '婚姻状况',
  fertility: '生育状况',
} as const;

export const HEALTH_LABELS = {
  height: '身高',
  weight: '体重',
  BMI: 'BMI',
  blood: '血型',
  waist: '腰围',
} as const;
export const HEALTH_UNITS: Partial<Record<keyof typeof HEALTH_LABELS, string>> = {
  height: 'cm',
  weight: 'kg',
  BMI: 'kg/m²',
  waist: 'cm',
};

/** Past-history groups: title, the entry's name field and its label, the time label. */
export const PAST_GROUPS: {
  key: PastHistoryKey;
  label: string;
  nameKey: string;
  nameLabel: string;
  timeLabel: string;
}[] = [
  { key: 'illness', label: '疾病史', nameKey: 'illnessName', nameLabel: '疾病名称', timeLabel: '确诊时间' },
  { key: 'surgery', label: '手术史', nameKey: 'surgeryName', nameLabel: '手术名称', timeLabel: '手术时间' },
  { key: 'trauma', label: '外伤史', nameKey: 'traumaName', nameLabel: '外伤名称', timeLabel: '外伤时间' },
  { key: 'transfusion', label: '输血史', nameKey: 'transfusionName', nameLabel: '输血原因', timeLabel: '输血时间' },
];

export const OTHER_LABELS = {
  heredity: '遗传病史',
  heredityDetail: '遗传病名称',
  illnessHostory: '现病史',
  frist: '病情描述',
  all: '备注',
  disability: '残疾情况',
  drugIrritability: '药物过敏史',
  foodsIrritability: '食物过敏',
  expose: '暴露史',
} as const;

export const FAMILY_MEMBERS: { key: FamilyMemberKey; label: string }[] = [
  { key: 'fater', label: '父亲' },
  { key: 'monter', label: '母亲' },
  { key: 'brothers', label: '兄弟姐妹' },
  { key: 'children', label: '子女' },
  { key: 'familyDiseases', label: '其他家族病史' },
];

export const LIFE_LABELS = {
  foods: '饮食习惯',
  sleep: '睡眠情况',
  smoke: '吸烟情况',
  drink: '饮酒情况',
  daily: '锻炼情况',
  style: '生活方式',
} as const;

export const ENVIRONMENT_LABELS = {
  exhaust: '厨房排风设施',
  energy: '燃料类型',
  water: '饮水',
  toilet: '厕所',
  acorral: '禽畜栏',
} as const;

/** Enumerations of the coded fields, by section and field. */
export const FIELD_ENUMS: Record<string, Record<string, E.Enum>> = {
  patientInfo: {
    sex: E.SEX,
    permanent: E.PERMANENT,
    educationLevel: E.EDUCATION,
    professional: E.OCCUPATION,
    payType: E.PAY_TYPE,
    marital: E.MARITAL,
    fertility: E.FERTILITY,
  },
  healthInfo: { blood: E.BLOOD },
  other: { heredity: E.HAS, disability: E.DISABILITY, drugIrritability: E.DRUG_ALLERGY, expose: E.EXPOSURE },
  lifeInfo: { foods: E.FOODS, sleep: E.SLEEP, smoke: E.SMOKE, drink: E.DRINK, daily: E.DAILY },
  environment: {
    exhaust: E.EXHAUST,
    energy: E.ENERGY,
    water: E.WATER,
    toilet: E.TOILET,
    acorral: E.ACORRAL,
  },
};

const FIELD_LABELS: Record<string, Record<string, string>> = {
  patientInfo: PATIENT_LABELS,
  healthInfo: HEALTH_LABELS,
  other: OTHER_LABELS,
  lifeInfo: LIFE_LABELS,
  environment: ENVIRONMENT_LABELS,
  familyHistory: Object.fromEntries(FAMILY_MEMBERS.map((m) => [m.key, m.label])),
  pastHistory: Object.fromEntries(PAST_GROUPS.map((g) => [g.key, g.label])),
};

const LEAF_LABELS: Record<string, string> = {
  has: '有无',
  list: '',
  value: '',
  remark: '其他（说明）',
  time: '时间',
  illnessName: '疾病名称',
  surgeryName: '手术名称',
  traumaName: '外伤名称',
  transfusionName: '输血原因',
};

/**
 * A readable Chinese name of a dotted record path ('pastHistory.illness.list.0.remark' →
 * '既往史 · 疾病史 · 第1条 · 其他（说明）'); '*' is the whole record.
 */
export function pathLabel(path: string): string {
  if (path === '*') return '全部（新建）';
  const parts = path.split('.');
  const [section, field, ...rest] = parts;
  const out: string[] = [SECTION_LABELS[section] ?? section];
  if (field !== undefined) out.push(FIELD_LABELS[section]?.[field] ?? field);
  for (const p of rest) {
    if (/^\d+$/.test(p)) out.push(`第${Number(p) + 1}条`);
    else if (LEAF_LABELS[p] !== '') out.push(LEAF_LABELS[p] ?? p);
  }
  return out.join(' · ');
}

/** A list of codes from the record: the list itself, or that list written as a JSON string (SPEC §3). */
export function codeList(value: unknown): number[] {
  if (value === null || value === undefined || value === '') return [];
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      list = value.split(',');
    }
  }
  if (!Array.isArray(list)) list = [list];
  return (list as unknown[]).map((c) => Number(c)).filter((c) => Number.isFinite(c));
}
