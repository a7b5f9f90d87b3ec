import { defineResource, field, preset } from './define-resource';
import { numbered } from './options';
import { PERSON_JOINS, PERSON_WORK_LIST, personWorkFields } from './person-view';
import { ASSIGNEE_REMOTE } from './positive-finding.resource';

/** How a follow-up is made (follow_up_plans.method, follow_up_records.method). */
export const FOLLOW_UP_METHODS = numbered('电话', '上门', '微信', '门诊');

/** Plan statuses (follow_up_plans.status): a plan ends by hand or when its next date passes its end date. */
export const PLAN_STATUSES = numbered('进行中', '已结束');

/**
 * 随访任务: one person's follow-up plan, a read-only view over the plan, its person and assignee, with two
 * actions. 记录随访 stores a visit and moves the next date by the plan's interval (the plan ends when that
 * passes its end date: the effect decides, so the action declares no `to`); 结束随访 ends an open plan.
 * Plans are created and edited by their own form (POST/PUT /api/follow-up/task).
 */
export const followUpPlanResource = defineResource({
  name: 'followUpPlan',
  label: '随访计划',
  route: '/main/follow-up/task',
  endpoint: '/follow-up/task',
  table: 'follow_up_plans',
  permissions: { list: 'main:follow-up/task' },
  ...PERSON_WORK_LIST,
  joins: [...PERSON_JOINS, { alias: 'a', sql: 'LEFT JOIN users a ON a.id = t.assignee_id' }],
  stateField: 'status',
  actions: {
    record: {
      label: '记录随访',
      from: [1],
      permission: 'followup:add',
      fields: {
        followDate: field.date({ label: '随访日期', required: true }),
        method: field.select({ label: '随访方式', required: true, options: FOLLOW_UP_METHODS }),
        outcome: field.textarea({ label: '随访结果', required: true, maxLength: 500 }),
        note: field.textarea({ label: '备注', maxLength: 200 }),
      },
      done: '已记录',
    },
    finish: {
      label: '结束随访',
      from: [1],
      to: 2,
      permission: 'followup:edit',
      confirm: '结束后不再按计划提醒随访，确定结束？',
      done: '随访计划已结束',
    },
  },
  defaultSort: { field: 'status', order: 'asc' },
  titleField: 'title',
  fields: {
    ...personWorkFields(),
    findingId: field.number({ label: '阳性发现', hideInForm: true, hideInExport: true }),
    title: field.input({ label: '计划名称', list: true, maxLength: 50 }),
    method: field.select({ label: '随访方式', options: FOLLOW_UP_METHODS, list: true, filter: 'eq' }),
    frequencyDays: field.number({ label: '随访间隔（天）', list: true }),
    nextDate: field.date({ label: '下次随访', list: true, sortable: true }),
    endDate: field.date({ label: '结束日期', list: true }),
    assigneeId: field.select({ label: '随访人', remote: ASSIGNEE_REMOTE, filter: 'eq', hideInExport: true }),
    assigneeName: field.computed({ label: '随访人', sql: 'a.name', list: true }),
    status: field.select({ label: '状态', options: PLAN_STATUSES, list: true, filter: 'eq', sortable: true }),
    note: field.textarea({ label: '备注', maxLength: 200 }),
    due: field.computed({ label: '到期', sql: '({t}.status = 1 AND {t}.next_date <= current_date)', filter: 'eq' }),
    version: preset.version(),
    records: field.computed({
      label: '随访次数',
      sql: '(SELECT count(*)::int FROM follow_up_records fr WHERE fr.plan_id = {t}.id)',
      list: true,
    }),
  },
});
