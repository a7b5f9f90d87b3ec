import { INTERVENTION_ACTION_KINDS, INTERVENTION_TASK_STATUSES } from '../intervention/options';
import { defineResource, field, preset } from './define-resource';
import { PERSON_JOINS, PERSON_WORK_LIST, personWorkFields } from './person-view';

/**
 * 干预任务 (issue 12): one person's intervention from one model version and check year, a read-only view with
 * its planned actions (膳食处方/运动处方 done when the prescription is issued, 随访 and 宣教 marked done by
 * hand: POST /api/hi/task/:id/actions/:actionId/done), progress, due dates and overdue marking, and two
 * declared actions: 完成 (with the outcome) and 终止 (with the reason).
 */
export const interventionTaskResource = defineResource({
  name: 'interventionTask',
  label: '干预任务',
  route: '/main/hi/task',
  endpoint: '/hi/task',
  table: 'intervention_tasks',
  permissions: { list: 'main:hi/task', export: 'hiTask:export' },
  ...PERSON_WORK_LIST,
  joins: [...PERSON_JOINS, { alias: 'm', sql: 'JOIN intervention_models m ON m.id = t.model_id' }],
  stateField: 'status',
  actions: {
    complete: {
      label: '完成',
      from: [1],
      to: 2,
      permission: 'hiTask:edit',
      fields: { outcome: field.textarea({ label: '干预效果', required: true, maxLength: 500 }) },
      done: '干预任务已完成',
    },
    terminate: {
      label: '终止',
      from: [1],
      to: 3,
      permission: 'hiTask:edit',
      fields: { reason: field.textarea({ label: '终止原因', required: true, maxLength: 500 }) },
      danger: true,
      done: '干预任务已终止',
    },
  },
  defaultSort: { field: 'status', order: 'asc' },
  titleField: 'name',
  fields: {
    ...personWorkFields(),
    modelId: field.select({
      label: '干预模型',
      remote: { endpoint: '/hi/model', pageSize: 100, labelKey: 'name', valueKey: 'id' },
      filter: 'eq',
      hideInForm: true,
      hideInExport: true,
    }),
    // Listed in the order a worker reads a task (name, unit, model, status, due date, progress first): the declared
    // list keeps these in view at 1440 px and puts them on a phone's card (the first listed date is its due line).
    modelName: field.computed({ label: '干预模型', sql: 'm.name', list: true }),
    status: field.select({
      label: '状态',
      options: INTERVENTION_TASK_STATUSES,
      list: true,
      filter: 'eq',
      sortable: true,
      hideInForm: true,
    }),
    // Room for the date and its 已逾期 tag once past.
    dueDate: field.date({ label: '截止日期', list: true, sortable: true, hideInForm: true, width: 180 }),
    progress: field.computed({
      label: '进度',
      sql: '(CASE WHEN {t}.actions_total > 0 THEN ({t}.actions_done * 100 / {t}.actions_total) ELSE 100 END)',
      list: true,
      // The screen shows done/planned as a bar; the export has both counts.
      hideInExport: true,
    }),
    nextDue: field.date({ label: '下一项到期', list: true, sortable: true, hideInForm: true, width: 180 }),
    modelVersion: field.number({ label: '模型版本', list: true, hideInForm: true }),
    year: field.number({ label: '体检年度', list: true, filter: 'eq', sortable: true, hideInForm: true }),
    startDate: field.date({ label: '开始日期', list: true, sortable: true, hideInForm: true }),
    findingId: field.number({ label: '阳性发现', hideInForm: true, hideInExport: true }),
    actionsDone: field.number({ label: '已完成措施', hideInForm: true }),
    actionsTotal: field.number({ label: '计划措施', hideInForm: true }),
    overdue: field.computed({
      label: '已逾期',
      sql: '({t}.status = 1 AND ({t}.due_date < current_date OR coalesce({t}.next_due < current_date, false)))',
      filter: 'eq',
      // A 是/否 choice in the search form (the list marks overdue rows and dates in red).
      options: [
        { value: 'true', label: '是' },
        { value: 'false', label: '否' },
      ],
    }),
    outcome: field.textarea({ label: '干预效果', hideInForm: true }),
    endReason: field.textarea({ label: '终止原因', hideInForm: true }),
    completedAt: preset.stamp('结束时间', 'completed_at'),
    actions: field.children({
      label: '干预措施',
      hideInForm: true,
      children: {
        table: 'intervention_actions',
        parentColumn: 'task_id',
        fields: {
          kind: field.select({ label: '类别', options: INTERVENTION_ACTION_KINDS }),
          title: field.input({ label: '措施' }),
          content: field.textarea({ label: '内容', maxLength: 1000 }),
          dueDate: field.date({ label: '到期日期' }),
          doneAt: field.computed({
            label: '完成时间',
            sql: "to_char({t}.done_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI')",
          }),
          doneByName: field.computed({
            label: '完成人',
            sql: '(SELECT du.name FROM users du WHERE du.id = {t}.done_by)',
          }),
          note: field.textarea({ label: '备注', maxLength: 500 }),
          refId: field.number({ label: '处方编号' }),
        },
      },
    }),
    version: preset.version(),
    createdAt: preset.stamp('创建时间', 'created_at'),
  },
});
