/** Shared option lists of the administration resources, and the builder of coded option lists. */

/** Options coded start, start + 1, … in the order of their labels; the tuple keeps each literal value. */
type Numbered<L extends readonly string[], N extends readonly unknown[]> = L extends readonly [
  infer H extends string,
  ...infer R extends readonly string[],
]
  ? readonly [{ readonly value: N['length']; readonly label: H }, ...Numbered<R, [...N, unknown]>]
  : readonly [];

/** Coded options starting at 0 (e.g. 0 待确认, 1 已确认, 2 已排除). */
export const numberedFrom0 = <const L extends readonly string[]>(...labels: L): Numbered<L, []> =>
  labels.map((label, value) => ({ value, label })) as unknown as Numbered<L, []>;

/** Coded options 1..n, as most coded columns are: `numbered('医务室', '健康小屋')` is 1 医务室, 2 健康小屋. */
export const numbered = <const L extends readonly string[]>(...labels: L): Numbered<L, [unknown]> =>
  labels.map((label, i) => ({ value: i + 1, label })) as unknown as Numbered<L, [unknown]>;

export const SEX_OPTIONS = numbered('男', '女');

/** 0 不限, 1 男, 2 女: who an indicator band or a rule applies to. */
export const SEX_ANY_OPTIONS = numberedFrom0('不限', '男', '女');

export const USER_TYPE_OPTIONS = numbered('公司管理员', '健康管理人员', '专家', '普通员工');

/** Dictionaries maintained in /main/settings/dict. The first four feed SPEC §2's pickers. */
export const DICT_TYPES = [
  { value: 'education', label: '文化程度' },
  { value: 'title', label: '职称' },
  { value: 'major', label: '专业' },
  { value: 'department', label: '科室' },
  { value: 'nation', label: '民族' },
  { value: 'occupation', label: '职业' },
  { value: 'workType', label: '工种' },
] as const;

/** SPEC §3 education codes: the seed of the education dictionary. */
export const EDUCATION_OPTIONS = numbered(
  '研究生及以上',
  '大学本科',
  '大学专科和专科学校',
  '中等专业学校',
  '技工学校',
  '高中',
  '初中',
  '小学',
  '文盲或半文盲',
  '不详',
).map(({ value, label }) => ({ value: String(value), label }));

export const MOBILE_RULE = { regex: '^1[3-9]\\d{9}$', message: '手机号码格式不正确' };
export const PHONE_RULE = { regex: '^[0-9-]{7,20}$', message: '电话号码格式不正确' };
