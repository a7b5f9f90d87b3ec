/**
 * SPEC §3 enumerations of the personal health record, code → Chinese label. One source for the
 * server's validation, the forms' options and every display.
 */
export interface Enum {
  readonly [code: string]: string;
}

export const MARITAL: Enum = { 1: '未婚', 2: '已婚', 3: '丧偶', 4: '离婚', 5: '未说明的婚姻状况' };
export const FERTILITY: Enum = { 1: '未生育', 2: '已生育', 3: '不详' };
export const PAST_ILLNESS: Enum = {
  1: '高血压',
  2: '糖尿病',
  3: '冠心病',
  4: '慢性阻塞性肺疾病',
  5: '严重精神障碍',
  6: '结核病',
  7: '肝炎',
  8: '心脏病',
  9: '过敏性疾病',
  10: '哮喘',
  11: '癫痫',
  12: '脑梗',
  13: '血脂异常',
  14: '脑卒中',
  15: '其他',
};
export const FAMILY_DISEASE: Enum = {
  1: '高血压',
  2: '糖尿病',
  3: '冠心病',
  4: '慢性阻塞性肺疾病',
  5: '恶性肿瘤',
  6: '脑卒中',
  7: '严重精神障碍',
  8: '结核病',
  9: '肝炎',
  10: '先天畸形',
  11: '心脏病',
  12: '脑梗',
  13: '血脂异常',
  14: '哮喘',
  15: '其他',
};
export const PAY_TYPE: Enum = {
  1: '城镇职工基本医疗保险',
  2: '城镇居民基本医疗保险',
  3: '新型农村合作医疗',
  4: '贫困救助',
  5: '商业医疗保险',
  6: '全公费',
  7: '全自费',
  8: '其他',
};
export const EDUCATION: Enum = {
  1: '研究生及以上',
  2: '大学本科',
  3: '大学专科和专科学校',
  4: '中等专业学校',
  5: '技工学校',
  6: '高中',
  7: '初中',
  8: '小学',
  9: '文盲或半文盲',
  10: '不详',
};
export const OCCUPATION: Enum = {
  1: '专业技术人员',
  2: '办事人员和有关人员',
  3: '企业负责人',
  4: '学生或儿童',
  5: '商业、服务业人员',
  6: '离退休人员',
  7: '自由职业或无业',
  8: '其他',
};
export const BLOOD: Enum = { 1: 'A型', 2: 'B型', 3: 'O型', 4: 'AB型', 5: '不详或其他' };
export const EXHAUST: Enum = { 1: '无', 2: '油烟机', 3: '换气扇', 4: '烟囱' };
export const ENERGY: Enum = { 1: '液化气', 2: '煤', 3: '天然气', 4: '沼气', 5: '柴火', 6: '其他' };
export const WATER: Enum = { 1: '自来水', 2: '经净化过滤的水', 3: '井水', 4: '河湖水', 5: '塘水', 6: '其他' };
export const TOILET: Enum = { 1: '卫生厕所', 2: '一格或二格粪池式', 3: '马桶', 4: '露天粪坑', 5: '简易棚厕' };
export const ACORRAL: Enum = { 1: '无', 2: '单设', 3: '室内', 4: '室外' };
export const DISABILITY: Enum = { 1: '肢体残疾', 2: '智力残疾', 3: '精神残疾', 4: '其他残疾' };
export const DRUG_ALLERGY: Enum = {
  1: '青霉素',
  2: '磺胺',
  3: '链霉素',
  4: '其他',
  5: '头孢类',
  6: '维生素B1',
  7: '普鲁卡因类麻醉药',
  8: '破伤风抗毒素',
};
export const EXPOSURE: Enum = { 1: '化学品', 2: '毒物', 3: '射线' };
export const SEX: Enum = { 1: '男', 2: '女' };
export const PERMANENT: Enum = { 1: '户籍', 2: '非户籍' };
export const HAS: Enum = { 0: '无', 1: '有' };

/** Life information (SPEC §3 names the fields, not their codes; these are the usual survey answers). */
export const FOODS: Enum = { 1: '荤素均衡', 2: '荤食为主', 3: '素食为主', 4: '嗜盐', 5: '嗜油', 6: '嗜糖' };
export const SLEEP: Enum = { 1: '良好', 2: '一般', 3: '较差', 4: '失眠' };
export const SMOKE: Enum = { 1: '从不吸烟', 2: '已戒烟', 3: '吸烟' };
export const DRINK: Enum = { 1: '从不', 2: '偶尔', 3: '经常', 4: '每天' };
export const DAILY: Enum = { 1: '每天锻炼', 2: '每周一次以上', 3: '偶尔锻炼', 4: '不锻炼' };

/** Codes that open a free-text field (SPEC §4). */
export const OTHER_ILLNESS_CODE = 15;
export const OTHER_FAMILY_DISEASE_CODE = 15;
export const OTHER_DISABILITY_CODE = 4;
export const OTHER_DRUG_ALLERGY_CODE = 4;

/** antd-style options of an enumeration, codes as numbers. */
export const enumOptions = (e: Enum) => Object.entries(e).map(([value, label]) => ({ value: Number(value), label }));

/** The label of a code (or of each code of a list). */
export function enumLabel(e: Enum, code: unknown): string {
  if (code === null || code === undefined || code === '') return '';
  if (Array.isArray(code)) return code.map((c) => enumLabel(e, c)).join('、');
  return e[String(code)] ?? String(code);
}
