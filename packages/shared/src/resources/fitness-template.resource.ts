import { INTENSITIES, metIntensitySql, moderateWeightSql } from '../exercise/met';
import { FITNESS_CLASSIFY } from '../exercise/options';
import { crudPermissions, defineResource, field, preset } from './define-resource';

/** The 运动项目 picker of a template line (the whole catalogue fits one page). */
export const FITNESS_ITEM_REMOTE = {
  endpoint: '/main/fitness/items',
  pageSize: 500,
  labelKey: 'name',
  valueKey: 'id',
} as const;

/** Totals of a template's lines joined to their items, in SQL (the list's computed columns). */
const linesSum = (expr: string) =>
  `(SELECT coalesce(round(sum(${expr})), 0)::int FROM fitness_template_items l JOIN fitness_items i ON i.id = l.item_id WHERE l.template_id = {t}.id)`;

/**
 * 运动模板 (issue 12 "Libraries"): a weekly plan of exercise items — minutes per session and sessions per week —
 * for a group (ClassfyName: DIET_CLASSIFY labels where a condition applies, plus groups of its own). Weekly minutes,
 * moderate-equivalent minutes and MET-minutes are computed from the lines and their items' MET (the same sums as
 * exercise/met.ts, which the form's live preview uses). Seed shape at GET /api/fitness/template.
 */
export const fitnessTemplateResource = defineResource({
  name: 'fitnessTemplate',
  label: '运动模板',
  route: '/main/fitness/template',
  endpoint: '/main/fitness/template',
  table: 'fitness_templates',
  permissions: crudPermissions('main:fitness/template', 'fitnessTemplate', { view: true }),
  scope: 'none',
  titleField: 'name',
  unique: [['name']],
  defaultSort: { field: 'classifyName', order: 'asc' },
  fields: {
    name: field.input({
      label: '模板名称',
      required: true,
      maxLength: 50,
      list: true,
      filter: 'contains',
      sortable: true,
      width: 240,
    }),
    classifyName: field.select({
      label: '适用人群',
      required: true,
      options: FITNESS_CLASSIFY,
      list: true,
      filter: 'eq',
      sortable: true,
    }),
    moderateMinutes: field.computed({
      label: '中等强度当量',
      help: '每周分钟：中等强度1分钟计1分钟，高强度计2分钟，低强度不计',
      sql: linesSum(`${moderateWeightSql('i.met_value')} * l.minutes * l.sessions_per_week`),
      list: true,
    }),
    metMinutes: field.computed({
      label: '运动量',
      help: '每周 MET·分钟（MET值 × 分钟 × 次数）',
      sql: linesSum('i.met_value * l.minutes * l.sessions_per_week'),
      list: true,
    }),
    weeklyMinutes: field.computed({
      label: '总时长',
      help: '每周分钟',
      sql: linesSum('l.minutes * l.sessions_per_week'),
      list: true,
    }),
    expireDays: field.number({
      label: '有效期（天）',
      required: true,
      min: 7,
      max: 365,
      defaultValue: 84,
      list: true,
      help: '按此模板开具的处方执行多少天后复评，常用12周（84天）',
    }),
    enabled: preset.enabled(),
    explains: field.textarea({ label: '说明', maxLength: 1000, help: '注意事项：热身整理、禁忌、时间安排等' }),
    lines: field.children({
      label: '运动安排',
      children: {
        table: 'fitness_template_items',
        parentColumn: 'template_id',
        min: 1,
        max: 12,
        unique: ['itemId'],
        fields: {
          itemId: field.select({ label: '运动项目', required: true, remote: FITNESS_ITEM_REMOTE }),
          minutes: field.number({ label: '每次（分钟）', required: true, min: 5, max: 240, defaultValue: 30 }),
          sessionsPerWeek: field.number({ label: '每周（次）', required: true, min: 1, max: 7, defaultValue: 3 }),
          metValue: field.computed({
            label: 'MET值',
            sql: '(SELECT i.met_value::float8 FROM fitness_items i WHERE i.id = {t}.item_id)',
          }),
          intensity: field.computed({
            label: '强度',
            sql: `(SELECT ${metIntensitySql('i.met_value')} FROM fitness_items i WHERE i.id = {t}.item_id)`,
            options: INTENSITIES,
          }),
        },
      },
    }),
  },
  seedView: {
    path: '/fitness/template',
    names: {
      Id: 'id',
      TemplateName: 'name',
      ClassfyName: 'classifyName',
      Explains: 'explains',
      ExpireDay: 'expireDays',
    },
    nameField: 'name',
  },
});
