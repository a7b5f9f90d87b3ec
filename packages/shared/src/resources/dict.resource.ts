import { defineResource, field } from './define-resource';
import { DICT_TYPES } from './options';

/** Dictionary entries (education, title, major, department, …): name shown, value stored. */
export const dictResource = defineResource({
  name: 'dict',
  label: '字典项',
  route: '/main/settings/dict',
  endpoint: '/dict-item',
  table: 'dict_items',
  permissions: {
    list: 'main:settings/dict',
    create: 'dict:add',
    update: 'dict:edit',
    remove: 'dict:delete',
    restore: 'dict:delete',
    export: 'dict:export',
    import: 'dict:add',
  },
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
    sortOrder: field.number({ label: '排序', min: 0, max: 9999, list: true, sortable: true, defaultValue: 0 }),
    enabled: field.switch({ label: '启用', list: true, filter: 'eq' }),
    remark: field.textarea({ label: '备注', maxLength: 200 }),
  },
});
