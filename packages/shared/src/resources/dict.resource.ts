import { crudPermissions, defineResource, field, preset } from './define-resource';
import { DICT_TYPES } from './options';

/** Dictionary entries (education, title, major, department, …): name shown, value stored. */
export const dictResource = defineResource({
  name: 'dict',
  label: '字典项',
  route: '/main/settings/dict',
  endpoint: '/dict-item',
  table: 'dict_items',
  permissions: crudPermissions('main:settings/dict', 'dict', { import: true }),
  scope: 'none',
  titleField: 'name',
  importKey: ['dictType', 'value'],
  unique: [
    ['dictType', 'value'],
    ['dictType', 'name'],
  ],
  defaultSort: { field: 'sortOrder', order: 'asc' },
  fields: {
    dictType: field.select({
      label: '字典',
      required: true,
      options: DICT_TYPES,
      list: true,
      filter: 'eq',
      immutable: true,
    }),
    name: field.input({ label: '名称', required: true, maxLength: 50, list: true, filter: 'contains' }),
    value: field.input({ label: '值', required: true, maxLength: 50, list: true, immutable: true }),
    sortOrder: preset.sortOrder(),
    enabled: preset.enabled(),
    remark: preset.remark(),
  },
});
