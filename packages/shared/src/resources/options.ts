/** Shared option lists of the administration resources. */

export const SEX_OPTIONS = [
  { value: 1, label: '男' },
  { value: 2, label: '女' },
] as const;

export const SEX_ANY_OPTIONS = [{ value: 0, label: '不限' }, ...SEX_OPTIONS] as const;

export const USER_TYPE_OPTIONS = [
  { value: 1, label: '公司管理员' },
  { value: 2, label: '健康管理人员' },
  { value: 3, label: '专家' },
  { value: 4, label: '普通员工' },
] as const;

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
export const EDUCATION_OPTIONS = [
  { value: '1', label: '研究生及以上' },
  { value: '2', label: '大学本科' },
  { value: '3', label: '大学专科和专科学校' },
  { value: '4', label: '中等专业学校' },
  { value: '5', label: '技工学校' },
  { value: '6', label: '高中' },
  { value: '7', label: '初中' },
  { value: '8', label: '小学' },
  { value: '9', label: '文盲或半文盲' },
  { value: '10', label: '不详' },
] as const;

export const MOBILE_RULE = { regex: '^1[3-9]\\d{9}$', message: '手机号码格式不正确' };
export const PHONE_RULE = { regex: '^[0-9-]{7,20}$', message: '电话号码格式不正确' };
