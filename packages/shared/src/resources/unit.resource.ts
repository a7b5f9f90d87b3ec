import { crudPermissions, defineResource, field, preset } from './define-resource';

/** The unit tree. The path column (kept by the server) makes a subtree one prefix match. */
export const unitResource = defineResource({
  name: 'unit',
  label: '单位',
  route: '/company/company',
  endpoint: '/company/company',
  table: 'units',
  permissions: crudPermissions('company:company', 'company'),
  scope: 'none',
  titleField: 'name',
  unique: [['name']],
  defaultSort: { field: 'sortOrder', order: 'asc' },
  fields: {
    name: field.input({ label: '单位全称', required: true, maxLength: 50, list: true, filter: 'contains' }),
    shortName: field.input({ label: '单位简称', required: true, maxLength: 20, list: true, filter: 'contains' }),
    parentId: field.company({ label: '上级单位', list: true, filter: 'inTree', help: '顶级单位没有上级' }),
    sortOrder: preset.sortOrder(),
  },
});
