import { crudPermissions, defineResource, field, preset } from './define-resource';
import { numbered } from './options';

export const HELP_CATEGORIES = numbered('使用指南', '常见问题', '业务规范', '健康知识');

export const helpResource = defineResource({
  name: 'help',
  label: '帮助文章',
  route: '/main/help',
  endpoint: '/help',
  table: 'help_articles',
  permissions: crudPermissions('main:help', 'help'),
  scope: 'none',
  titleField: 'title',
  unique: [['title']],
  defaultSort: { field: 'sortOrder', order: 'asc' },
  fields: {
    title: field.input({ label: '标题', required: true, maxLength: 60, list: true, filter: 'contains' }),
    category: field.select({ label: '分类', required: true, options: HELP_CATEGORIES, list: true, filter: 'eq' }),
    content: field.textarea({ label: '内容', required: true, maxLength: 5000, filter: 'contains' }),
    sortOrder: preset.sortOrder(),
    updatedBy: field.input({ label: '编辑人', hideInForm: true, list: true }),
  },
});
