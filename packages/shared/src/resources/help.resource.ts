import { defineResource, field } from './define-resource';

export const HELP_CATEGORIES = [
  { value: 1, label: '使用指南' },
  { value: 2, label: '常见问题' },
  { value: 3, label: '业务规范' },
  { value: 4, label: '健康知识' },
] as const;

export const helpResource = defineResource({
  name: 'help',
  label: '帮助文章',
  route: '/main/help',
  endpoint: '/help',
  table: 'help_articles',
  permissions: {
    list: 'main:help',
    create: 'help:add',
    update: 'help:edit',
    remove: 'help:delete',
    restore: 'help:delete',
    export: 'help:export',
  },
  scope: 'none',
  titleField: 'title',
  unique: [['title']],
  defaultSort: { field: 'sortOrder', order: 'asc' },
  fields: {
    title: field.input({ label: '标题', required: true, maxLength: 60, list: true, filter: 'contains' }),
    category: field.select({ label: '分类', required: true, options: HELP_CATEGORIES, list: true, filter: 'eq' }),
    content: field.textarea({ label: '内容', required: true, maxLength: 5000, filter: 'contains' }),
    sortOrder: field.number({ label: '排序', min: 0, max: 9999, list: true, sortable: true, defaultValue: 0 }),
    updatedBy: field.input({ label: '编辑人', hideInForm: true, list: true }),
  },
});
