import { crudPermissions, defineResource, field, preset } from './define-resource';

/**
 * 运动原则 (issue 12 "Libraries"): FITT, warm-up and cool-down, heart-rate control, the contraindications the
 * prescription generator applies. Seed shape at GET /api/fitness/principles (SPEC §3 "Exercise principle").
 */
export const fitnessPrincipleResource = defineResource({
  name: 'fitnessPrinciple',
  label: '运动原则',
  route: '/main/fitness/principles',
  endpoint: '/main/fitness/principles',
  table: 'fitness_principles',
  permissions: crudPermissions('main:fitness/principles', 'fitnessPrinciple', { view: true }),
  scope: 'none',
  titleField: 'title',
  unique: [['title']],
  defaultSort: { field: 'sortOrder', order: 'asc' },
  fields: {
    title: field.input({
      label: '标题',
      required: true,
      maxLength: 60,
      list: true,
      filter: 'contains',
      sortable: true,
    }),
    contents: field.richText({ label: '内容', required: true, maxLength: 20000, filter: 'contains' }),
    sortOrder: preset.sortOrder(),
    modifiedAt: preset.stamp('更新时间', 'updated_at'),
  },
  seedView: {
    path: '/fitness/principles',
    names: { Id: 'id', TITLE: 'title', CONTENTS: 'contents' },
    nameField: 'title',
  },
});
