import { crudPermissions, defineResource, field, preset } from './define-resource';
import { SEX_ANY_OPTIONS } from './options';

/**
 * Indicator definitions: code (used in positive-rule expressions), Chinese name, unit, and the reference
 * range by sex and age band. Several rows may share a code (one per sex/age band).
 */
export const targetResource = defineResource({
  name: 'target',
  label: '指标',
  route: '/main/settings/target',
  endpoint: '/target',
  table: 'indicators',
  permissions: crudPermissions('main:settings/target', 'target', { import: true }),
  scope: 'none',
  titleField: 'name',
  importKey: ['code', 'sex', 'ageMin'],
  unique: [['code', 'sex', 'ageMin']],
  defaultSort: { field: 'sortOrder', order: 'asc' },
  fields: {
    code: field.input({
      label: '指标代码',
      required: true,
      maxLength: 20,
      list: true,
      filter: 'eq',
      pattern: { regex: '^[A-Z][A-Z0-9_]*$', message: '指标代码只能由大写字母、数字和下划线组成，且以字母开头' },
    }),
    name: field.input({ label: '指标名称', required: true, maxLength: 30, list: true, filter: 'contains' }),
    unit: field.input({ label: '单位', maxLength: 20, list: true }),
    category: field.input({ label: '分类', maxLength: 20, list: true, filter: 'eq' }),
    sex: field.radio({ label: '适用性别', required: true, options: SEX_ANY_OPTIONS, list: true, defaultValue: 0 }),
    ageMin: field.number({ label: '最小年龄', required: true, min: 0, max: 150, list: true, defaultValue: 0 }),
    ageMax: field.number({ label: '最大年龄', required: true, min: 0, max: 150, list: true, defaultValue: 150 }),
    refLow: field.number({ label: '参考下限', decimals: 3, list: true }),
    refHigh: field.number({ label: '参考上限', decimals: 3, list: true }),
    plausibleMin: field.number({
      label: '合理最小值',
      required: true,
      decimals: 3,
      help: '超出合理范围的数值视为录入错误，拒绝保存',
    }),
    plausibleMax: field.number({ label: '合理最大值', required: true, decimals: 3 }),
    decimals: field.number({ label: '小数位数', required: true, min: 0, max: 4, defaultValue: 2 }),
    sortOrder: field.number({ label: '排序', min: 0, max: 9999, sortable: true, defaultValue: 0 }),
    enabled: preset.enabled(),
  },
});
