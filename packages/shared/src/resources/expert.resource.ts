import { crudPermissions, defineResource, field } from './define-resource';
import { MOBILE_RULE, SEX_OPTIONS } from './options';

// The name is stored (not the code), so lists and exports read without a lookup.
const dict = (type: string) => ({
  endpoint: `/expert/dict/${type}`,
  pageSize: 200,
  labelKey: 'name',
  valueKey: 'name',
});

export const expertResource = defineResource({
  name: 'expert',
  label: '专家',
  route: '/company/expert',
  endpoint: '/expert',
  table: 'experts',
  permissions: crudPermissions('company:expert', 'expert', { import: true }),
  scope: 'none',
  titleField: 'name',
  importKey: ['name', 'mobile'],
  unique: [['name', 'mobile']],
  fields: {
    name: field.input({ label: '姓名', required: true, maxLength: 30, list: true, filter: 'contains', sortable: true }),
    sex: field.radio({
      label: '性别',
      required: true,
      options: SEX_OPTIONS,
      list: true,
      filter: 'eq',
      defaultValue: 1,
    }),
    title: field.select({ label: '职称', required: true, remote: dict('title'), list: true, filter: 'eq' }),
    major: field.select({ label: '专业', remote: dict('major'), list: true, filter: 'eq' }),
    department: field.select({ label: '科室', remote: dict('department'), list: true, filter: 'eq' }),
    hospital: field.input({ label: '所在医院', maxLength: 50, list: true, filter: 'contains' }),
    mobile: field.input({ label: '手机号码', required: true, maxLength: 11, list: true, pattern: MOBILE_RULE }),
    photo: field.image({ label: '照片', maxLength: 300, list: true, hideInExport: true }),
    enabled: field.switch({ label: '在岗', list: true, filter: 'eq' }),
    intro: field.textarea({ label: '简介', maxLength: 500 }),
  },
});
