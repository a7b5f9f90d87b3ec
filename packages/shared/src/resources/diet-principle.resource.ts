import { DIET_CLASSIFY } from '../nutrition/options';
import { crudPermissions, defineResource, field } from './define-resource';

/**
 * 膳食原则 (SPEC §3 Diet principle): the diet rules of a condition class (Classify), as rich text; the
 * prescription generator adds the principles of the classes a person's tags and findings match.
 */
export const dietPrincipleResource = defineResource({
  name: 'dietPrinciple',
  label: '膳食原则',
  route: '/main/diet/principles',
  endpoint: '/main/diet/principles',
  table: 'diet_principles',
  permissions: crudPermissions('main:diet/principles', 'dietPrinciple', { view: true }),
  scope: 'none',
  titleField: 'name',
  unique: [['name']],
  defaultSort: { field: 'name', order: 'asc' },
  fields: {
    name: field.input({
      label: '名称',
      required: true,
      maxLength: 100,
      list: true,
      filter: 'contains',
      sortable: true,
    }),
    classify: field.select({ label: '适用人群', required: true, options: DIET_CLASSIFY, list: true, filter: 'eq' }),
    contents: field.richText({ label: '内容', required: true, maxLength: 20000 }),
  },
  seedView: {
    path: '/diet/principles',
    nameField: 'name',
    names: { Id: 'id', Names: 'name', Contents: 'contents', Classify: 'classify' },
  },
});
