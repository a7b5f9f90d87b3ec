import { CONDITION_VARIABLES } from '../rules/variables';
import { crudPermissions, defineResource, field, preset } from './define-resource';
import { FOLLOW_UP_METHODS } from './follow-up-plan.resource';

const VARIABLE_HINT = CONDITION_VARIABLES.map((v) => `${v.code} ${v.name}`).join('、');

/**
 * 干预模型 (issue 12): who needs an intervention — a condition in the positive rules' expression language over
 * the latest check's indicator codes and the condition variables (grouping-tag levels, risk level, age, sex,
 * open findings) — and what it plans: prescriptions, a follow-up schedule, education items, over a duration.
 * Every save is a new version (intervention_model_versions); tasks keep the version they were made from.
 */
export const interventionModelResource = defineResource({
  name: 'interventionModel',
  label: '干预模型',
  route: '/main/hi/model',
  endpoint: '/hi/model',
  table: 'intervention_models',
  permissions: crudPermissions('main:hi/model', 'hiModel', { view: true }),
  scope: 'none',
  titleField: 'name',
  unique: [['name']],
  fields: {
    name: field.input({
      label: '模型名称',
      required: true,
      maxLength: 50,
      list: true,
      filter: 'contains',
      sortable: true,
    }),
    condition: field.input({
      label: '触发条件',
      required: true,
      maxLength: 300,
      list: true,
      span: 24,
      expression: true,
      placeholder: '如：BP_LEVEL >= 1 || SBP >= 140',
      help: `用指标代码或变量、数字、比较符 > >= < <= == != 和 &&（且）、||（或）、括号书写。变量：${VARIABLE_HINT}`,
    }),
    enabled: preset.enabled(),
    durationMonths: field.number({
      label: '干预周期（月）',
      required: true,
      min: 1,
      max: 36,
      defaultValue: 12,
      list: true,
    }),
    actionsTitle: field.title({ label: '干预措施' }),
    dietRx: field.switch({ label: '膳食处方', defaultValue: false, list: true, help: '为每位对象生成膳食处方草稿' }),
    fitnessRx: field.switch({ label: '运动处方', defaultValue: false, list: true, help: '为每位对象生成运动处方草稿' }),
    followMethod: field.select({ label: '随访方式', options: FOLLOW_UP_METHODS, span: 8, help: '不选则不安排随访' }),
    followEveryMonths: field.number({ label: '随访间隔（月）', min: 1, max: 12, span: 8 }),
    followForMonths: field.number({ label: '随访时长（月）', min: 1, max: 36, span: 8 }),
    education: field.children({
      label: '宣教内容',
      children: {
        table: 'intervention_model_education',
        parentColumn: 'model_id',
        max: 20,
        unique: ['title'],
        fields: {
          title: field.input({ label: '标题', required: true, maxLength: 50 }),
          content: field.textarea({ label: '内容', maxLength: 1000 }),
        },
      },
    }),
    description: field.textarea({ label: '说明', maxLength: 500 }),
    currentVersion: field.computed({
      label: '当前版本',
      sql: '(SELECT max(v.version) FROM intervention_model_versions v WHERE v.model_id = {t}.id)',
      list: true,
    }),
    taskCount: field.computed({
      label: '干预任务数',
      sql: '(SELECT count(*)::int FROM intervention_tasks it WHERE it.model_id = {t}.id)',
      list: true,
    }),
    versions: field.computed({
      label: '版本记录',
      sql: `(SELECT string_agg('第' || v.version || '版 ' || to_char(v.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI')
               || coalesce(' ' || vu.name, ''), '；' ORDER BY v.version DESC)
               FROM intervention_model_versions v LEFT JOIN users vu ON vu.id = v.created_by WHERE v.model_id = {t}.id)`,
    }),
  },
});
