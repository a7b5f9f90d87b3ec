/**
 * Chinese names of the health record's sections and fields (SPEC §3): the viewer, the edit dialog and the
 * audit log name a record path with these.
 */

export const PHR_SECTION_LABELS: Record<string, string> = {
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

export const PHR_PATIENT_LABELS = {
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

export const PHR_HEALTH_LABELS = {
  height: '身高',
  weight: '体重',
  BMI: '体重指数',
  blood: '血型',
  waist: '腰围',
} as const;

export const PHR_HEALTH_UNITS: Partial<Record<keyof typeof PHR_HEALTH_LABELS, string>> = {
  height: 'cm',
  weight: 'kg',
  BMI: 'kg/m²',
  waist: 'cm',
};

/** Past-history groups: title, the entry's name field and its label, the time label. */
export const PHR_PAST_GROUPS: {
  key: 'illness' | 'surgery' | 'trauma' | 'transfusion';
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

export const PHR_OTHER_LABELS = {
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

export const PHR_FAMILY_MEMBERS: {
  key: 'fater' | 'monter' | 'brothers' | 'children' | 'familyDiseases';
  label: string;
}[] = [
  { key: 'fater', label: '父亲' },
  { key: 'monter', label: '母亲' },
  { key: 'brothers', label: '兄弟姐妹' },
  { key: 'children', label: '子女' },
  { key: 'familyDiseases', label: '其他家族病史' },
];

export const PHR_LIFE_LABELS = {
  foods: '饮食习惯',
  sleep: '睡眠情况',
  smoke: '吸烟情况',
  drink: '饮酒情况',
  daily: '锻炼情况',
  style: '生活方式',
} as const;

export const PHR_ENVIRONMENT_LABELS = {
  exhaust: '厨房排风设施',
  energy: '燃料类型',
  water: '饮水',
  toilet: '厕所',
  acorral: '禽畜栏',
} as const;

const FIELD_LABELS: Record<string, Record<string, string>> = {
  patientInfo: PHR_PATIENT_LABELS,
  healthInfo: PHR_HEALTH_LABELS,
  other: PHR_OTHER_LABELS,
  lifeInfo: PHR_LIFE_LABELS,
  environment: PHR_ENVIRONMENT_LABELS,
  familyHistory: Object.fromEntries(PHR_FAMILY_MEMBERS.map((m) => [m.key, m.label])),
  pastHistory: Object.fromEntries(PHR_PAST_GROUPS.map((g) => [g.key, g.label])),
};

/** Keys below a field; '' is a level that adds nothing to the name (a list, a coded value). */
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

/** The name of a key the record does not declare. */
export const OTHER_FIELD_LABEL = '其他字段';

/** Whether a top-level key is a section (or top-level field) of the health record. */
export const isPhrSection = (key: string): boolean => key in PHR_SECTION_LABELS;

/**
 * A readable Chinese name of a dotted record path ('pastHistory.illness.list.0.remark' →
 * '既往史 · 疾病史 · 第1条 · 其他（说明）'); '*' is the whole record; a key the record does not declare is
 * 其他字段.
 */
export function phrPathLabel(path: string): string {
  if (path === '*') return '全部（新建）';
  const [section, field, ...rest] = path.split('.');
  const out: string[] = [PHR_SECTION_LABELS[section] ?? OTHER_FIELD_LABEL];
  if (field !== undefined) out.push(FIELD_LABELS[section]?.[field] ?? OTHER_FIELD_LABEL);
  for (const p of rest) {
    if (/^\d+$/.test(p)) out.push(`第${Number(p) + 1}条`);
    else if (LEAF_LABELS[p] !== '') out.push(LEAF_LABELS[p] ?? OTHER_FIELD_LABEL);
  }
  return out.join(' · ');
}
