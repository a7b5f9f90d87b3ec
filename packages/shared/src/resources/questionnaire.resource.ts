import { crudPermissions, defineResource, field } from './define-resource';
import { numbered } from './options';

/** 问卷类型. */
export const QUESTIONNAIRE_KINDS = numbered('健康问卷', '心理测评', '满意度调查', '其他');

/** 题型. */
export const QUESTION_KINDS = numbered('单选', '多选', '填空');

/**
 * 问卷管理 (SPEC §2 /main/questionnaire): a questionnaire with its questions, each with its options (two levels
 * of child collections). Answering and scoring come later on top of these tables; the model stays plain.
 */
export const questionnaireResource = defineResource({
  name: 'questionnaire',
  label: '问卷',
  route: '/main/questionnaire',
  endpoint: '/questionnaire',
  table: 'questionnaires',
  permissions: crudPermissions('main:questionnaire', 'questionnaire', { view: true, import: true }),
  scope: 'none',
  titleField: 'name',
  importKey: ['name'],
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
    kind: field.select({ label: '类型', required: true, options: QUESTIONNAIRE_KINDS, list: true, filter: 'eq' }),
    enabled: field.switch({ label: '状态', list: true, filter: 'eq', help: '停用的问卷不再发放' }),
    questionCount: field.computed({
      label: '题目数',
      list: true,
      sql: '(SELECT count(*)::int FROM questionnaire_questions qq WHERE qq.questionnaire_id = {t}.id)',
    }),
    description: field.richText({ label: '说明', maxLength: 20000 }),
    questions: field.children({
      label: '题目',
      children: {
        table: 'questionnaire_questions',
        parentColumn: 'questionnaire_id',
        min: 1,
        max: 200,
        fields: {
          title: field.input({ label: '题干', required: true, maxLength: 500 }),
          kind: field.select({ label: '题型', required: true, options: QUESTION_KINDS, defaultValue: 1 }),
          required: field.switch({ label: '必答', defaultValue: true }),
          options: field.children({
            label: '选项',
            children: {
              table: 'questionnaire_options',
              parentColumn: 'question_id',
              max: 30,
              unique: ['label'],
              fields: {
                label: field.input({ label: '选项文字', required: true, maxLength: 200 }),
                score: field.number({ label: '分值', min: -1000, max: 1000, decimals: 2 }),
              },
            },
          }),
        },
      },
    }),
  },
});
