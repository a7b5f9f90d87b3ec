import type { ActionDef, FieldDef } from './define-resource';
import { defineResource, field, preset } from './define-resource';
import { numbered } from './options';
import { PERSON_JOINS, PERSON_WORK_LIST, personWorkFields } from './person-view';
import { ASSIGNEE_REMOTE } from './positive-finding.resource';

/** Task statuses (positive_tasks.status; PRODUCT: 待处理 / 处理中 / 已完成 / 已关闭). */
export const TASK_STATUSES = numbered('待处理', '处理中', '已完成', '已关闭');

/** The handling recorded on a task (positive_logs.action); 结案 completes it, 关闭 ends it without completion. */
export const TASK_ACTIONS = {
  phone: '电话沟通',
  notice: '告知',
  referral: '转诊',
  recheck: '复查',
  close: '结案',
  cancel: '关闭',
} as const;
export type TaskActionCode = keyof typeof TASK_ACTIONS;

const OPEN = [1, 2] as const;
const handlingNote: Record<string, FieldDef> = {
  note: field.textarea({ label: '处理情况', required: true, maxLength: 500 }),
};
/** A handling of an open task: logged with its note, and the task moves to `to`. */
const handling = (code: TaskActionCode, to: number, extra: Partial<ActionDef> = {}): ActionDef => ({
  label: TASK_ACTIONS[code],
  from: OPEN,
  to,
  permission: 'positive:handle',
  fields: handlingNote,
  done: `已记录：${TASK_ACTIONS[code]}`,
  ...extra,
});

/** 阳性任务: the work a confirmed finding gives its assignee, a read-only view with the handling actions. */
export const positiveTaskResource = defineResource({
  name: 'positiveTask',
  label: '阳性任务',
  route: '/main/positive/task',
  endpoint: '/positive/task',
  table: 'positive_tasks',
  permissions: { list: 'main:positive/task' },
  ...PERSON_WORK_LIST,
  joins: [
    { alias: 'f', sql: 'JOIN positive_findings f ON f.id = t.finding_id' },
    { alias: 'pr', sql: 'JOIN positive_rules pr ON pr.id = f.rule_id', needs: 'f' },
    ...PERSON_JOINS,
    { alias: 'a', sql: 'LEFT JOIN users a ON a.id = t.assignee_id' },
  ],
  stateField: 'status',
  actions: {
    phone: handling('phone', 2),
    notice: handling('notice', 2),
    referral: handling('referral', 2),
    recheck: handling('recheck', 2),
    close: handling('close', 3),
    cancel: handling('cancel', 4, { danger: true }),
    // 改派 keeps the state: a new assignee and due date.
    assign: {
      label: '改派',
      from: OPEN,
      permission: 'positive:handle',
      fields: {
        assigneeId: field.select({ label: '处理人', required: true, remote: ASSIGNEE_REMOTE }),
        dueDate: field.date({ label: '截止日期', required: true }),
      },
      done: '已保存',
    },
  },
  defaultSort: { field: 'status', order: 'asc' },
  titleField: 'name',
  fields: {
    findingId: field.number({ label: '阳性发现', hideInForm: true, hideInExport: true }),
    ...personWorkFields(),
    ruleName: field.computed({ label: '规则名称', sql: 'pr.names', list: true }),
    libraryName: field.computed({ label: '所属库', sql: 'pr.library_name', list: true }),
    level: field.computed({ label: '级别', sql: 'f.level', list: true }),
    matched: field.computed({ label: '异常值', sql: 'f.matched', list: true }),
    assigneeId: field.select({ label: '处理人', remote: ASSIGNEE_REMOTE, filter: 'eq', hideInForm: true }),
    assigneeName: field.computed({ label: '处理人', sql: 'a.name', list: true }),
    dueDate: field.date({ label: '截止日期', list: true, sortable: true, hideInForm: true }),
    status: field.select({
      label: '状态',
      options: TASK_STATUSES,
      list: true,
      filter: 'eq',
      sortable: true,
      hideInForm: true,
    }),
    overdue: field.computed({
      label: '已逾期',
      sql: '({t}.status IN (1, 2) AND {t}.due_date < current_date)',
      filter: 'eq',
    }),
    completedAt: preset.stamp('完成时间', 'completed_at'),
    lastAction: field.computed({
      label: '最近处理',
      sql: '(SELECT l.action FROM positive_logs l WHERE l.task_id = {t}.id ORDER BY l.id DESC LIMIT 1)',
      options: Object.entries(TASK_ACTIONS).map(([value, label]) => ({ value, label })),
      list: true,
    }),
    version: preset.version(),
    createdAt: preset.stamp('创建时间', 'created_at'),
  },
});
