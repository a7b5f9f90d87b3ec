import { RULE_LEVELS } from '../rules/positive-rules';
import { defineResource, field, preset } from './define-resource';
import { numberedFrom0 } from './options';
import { PERSON_JOINS, PERSON_WORK_LIST, personSexBirthday, personWorkFields } from './person-view';

/** Finding statuses (positive_findings.status). */
export const FINDING_STATUSES = numberedFrom0('待确认', '已确认', '已排除');

/** Who a finding's task can go to: enabled health staff and experts (GET /api/user/assignees). */
export const ASSIGNEE_REMOTE = { endpoint: '/user/assignees', pageSize: 500, labelKey: 'name', valueKey: 'id' };

/**
 * 新增阳性: one rule firing on one check, a read-only view over the finding, its person, check and rule.
 * Confirming it creates the person's task (阳性任务); dismissing it ends it. Both can run on many rows at once.
 */
export const positiveFindingResource = defineResource({
  name: 'positiveFinding',
  label: '阳性发现',
  route: '/main/positive/new',
  endpoint: '/positive/new',
  table: 'positive_findings',
  permissions: { list: 'main:positive/new' },
  ...PERSON_WORK_LIST,
  joins: [
    ...PERSON_JOINS,
    { alias: 'c', sql: 'JOIN health_checks c ON c.id = t.check_id' },
    { alias: 'pr', sql: 'JOIN positive_rules pr ON pr.id = t.rule_id' },
  ],
  stateField: 'status',
  actions: {
    confirm: {
      label: '确认',
      from: [0],
      to: 1,
      permission: 'positive:confirm',
      bulk: true,
      fields: {
        assigneeId: field.select({ label: '处理人', required: true, remote: ASSIGNEE_REMOTE }),
        dueDate: field.date({ label: '截止日期', required: true }),
        note: field.textarea({ label: '备注', maxLength: 200 }),
      },
      done: '已确认{n}条，生成{n}个任务',
    },
    dismiss: {
      label: '排除',
      from: [0],
      to: 2,
      permission: 'positive:confirm',
      bulk: true,
      danger: true,
      fields: { note: field.textarea({ label: '排除原因', required: true, maxLength: 200 }) },
      done: '已排除{n}条',
    },
  },
  defaultSort: { field: 'level', order: 'desc' },
  titleField: 'name',
  fields: {
    ...personWorkFields(),
    ...personSexBirthday(),
    idCard: field.computed({ label: '身份证号', sql: 'e.id_card', mask: 'idCard', list: true }),
    checkDate: field.computed({ label: '体检日期', sql: "to_char(c.check_date, 'YYYY-MM-DD')", list: true }),
    year: field.number({ label: '年度', filter: 'eq', list: true, sortable: true, hideInForm: true }),
    ruleId: field.number({ label: '规则', filter: 'eq', hideInForm: true, hideInExport: true }),
    ruleName: field.computed({ label: '规则名称', sql: 'pr.names', list: true }),
    libraryName: field.computed({ label: '所属库', sql: 'pr.library_name', list: true, filter: 'eq' }),
    judge: field.computed({ label: '判定条件', sql: 'pr.judge' }),
    level: field.radio({
      label: '级别',
      options: RULE_LEVELS,
      list: true,
      filter: 'eq',
      sortable: true,
      hideInForm: true,
    }),
    matched: field.computed({ label: '异常值', sql: '{t}.matched', list: true }),
    status: field.select({ label: '状态', options: FINDING_STATUSES, list: true, filter: 'eq', hideInForm: true }),
    note: field.textarea({ label: '备注', maxLength: 200, list: true, hideInForm: true }),
    version: preset.version(),
    createdAt: preset.stamp('创建时间', 'created_at'),
  },
});
