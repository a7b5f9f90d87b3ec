import { crudPermissions, defineResource, field, preset } from './define-resource';
import { numbered } from './options';

export const INSURANCE_PLANS = numbered('补充医疗保险', '重大疾病保险', '意外伤害保险', '住院医疗保险');

export const INSURANCE_STATUS = numbered('已参保', '已退保', '已到期');

/** Supplementary insurance enrolment per employee and year. */
export const insuranceResource = defineResource({
  name: 'insurance',
  label: '健康保险',
  route: '/company/healthInsurance',
  endpoint: '/healthInsurance',
  table: 'insurance_enrolments',
  permissions: crudPermissions('company:healthInsurance', 'insurance'),
  scope: 'unit',
  unique: [['employeeId', 'year', 'plan']],
  defaultSort: { field: 'year', order: 'desc' },
  fields: {
    employeeId: field.select({
      label: '员工',
      required: true,
      remote: { endpoint: '/account', pageSize: 50, labelKey: 'name', valueKey: 'id' },
      immutable: true,
      hideInExport: true,
    }),
    employeeName: field.input({ label: '员工姓名', hideInForm: true, list: true, filter: 'contains' }),
    unitId: field.company({ label: '所属单位', hideInForm: true, list: true, filter: 'inTree' }),
    year: field.number({
      label: '年度',
      required: true,
      min: 2000,
      max: 2100,
      list: true,
      filter: 'eq',
      sortable: true,
    }),
    plan: field.select({ label: '险种', required: true, options: INSURANCE_PLANS, list: true, filter: 'eq' }),
    premium: field.number({ label: '保费（元）', required: true, min: 0, max: 1000000, decimals: 2, list: true }),
    coverage: field.number({ label: '保额（元）', min: 0, max: 100000000, decimals: 2, list: true }),
    startDate: field.date({ label: '起保日期', required: true, list: true, filter: 'between' }),
    endDate: field.date({ label: '终止日期', required: true, list: true }),
    status: field.radio({
      label: '状态',
      required: true,
      options: INSURANCE_STATUS,
      list: true,
      filter: 'eq',
      defaultValue: 1,
    }),
    remark: preset.remark(),
  },
});
