import { crudPermissions, defineResource, field } from './define-resource';
import { MOBILE_RULE, SEX_OPTIONS } from './options';

/** Employee accounts: one per employee, the anchor of the personal health record. */
export const accountResource = defineResource({
  name: 'account',
  label: '员工账户',
  route: '/company/account',
  endpoint: '/account',
  table: 'employees',
  permissions: {
    ...crudPermissions('company:account', 'account', { import: true }),
    restore: 'account:restore',
    exportFull: 'account:export-full',
  },
  scope: 'unit',
  titleField: 'name',
  importKey: ['idCard'],
  unique: [['idCard']],
  defaultSort: { field: 'unitId', order: 'asc' },
  fields: {
    name: field.input({ label: '姓名', required: true, maxLength: 30, list: true, filter: 'contains', sortable: true }),
    idCard: field.input({
      label: '身份证号',
      required: true,
      maxLength: 18,
      list: true,
      filter: 'eq',
      mask: 'idCard',
      immutable: true,
      help: '出生日期和性别由身份证号得出',
    }),
    sex: field.radio({ label: '性别', options: SEX_OPTIONS, list: true, filter: 'eq', hideInForm: true }),
    birthday: field.date({ label: '出生日期', list: true, hideInForm: true, sortable: true }),
    mobile: field.input({ label: '手机号码', maxLength: 11, list: true, mask: 'mobile', pattern: MOBILE_RULE }),
    unitId: field.company({ label: '所属单位', required: true, list: true, filter: 'inTree', sortable: true }),
    jobNo: field.input({ label: '工号', maxLength: 20, list: true, filter: 'eq' }),
  },
});
