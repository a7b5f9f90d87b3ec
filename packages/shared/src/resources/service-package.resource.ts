import { defineResource, field, preset } from './define-resource';
import { numbered, numberedFrom0 } from './options';
import { PERSON_JOINS, PERSON_WORK_LIST, personSexBirthday, personWorkFields } from './person-view';

/** Package statuses (service_contracts.status). */
export const PACKAGE_STATUSES = numberedFrom0('未签约', '已签约', '已完成');

/** Package levels (service_contracts.level), given by the person's risk level through a configurable mapping. */
export const PACKAGE_LEVELS = numbered('一级服务包', '二级服务包', '三级服务包');

/**
 * 健康服务包: one person's package of a year (generated from the year's grouping tags), a read-only view with
 * the two transitions of its life: 签约 (未签约 → 已签约) and 完成 (已签约 → 已完成), each stamping its time.
 */
export const servicePackageResource = defineResource({
  name: 'contract',
  label: '健康服务包',
  route: '/main/follow-up/task',
  endpoint: '/contract',
  table: 'service_contracts',
  permissions: { list: 'main:follow-up/task' },
  ...PERSON_WORK_LIST,
  joins: [
    ...PERSON_JOINS,
    { alias: 'pt', sql: 'LEFT JOIN person_tags pt ON pt.employee_id = t.employee_id AND pt.year = t.year' },
  ],
  stateField: 'status',
  actions: {
    sign: { label: '签约', from: [0], to: 1, permission: 'followup:edit', done: '签约成功' },
    complete: { label: '完成', from: [1], to: 2, permission: 'followup:edit', done: '完成成功' },
  },
  defaultSort: { field: 'status', order: 'asc' },
  titleField: 'name',
  fields: {
    ...personWorkFields(),
    ...personSexBirthday(),
    year: field.number({ label: '年度', list: true, filter: 'eq' }),
    level: field.select({ label: '服务包级别', options: PACKAGE_LEVELS, list: true, filter: 'eq' }),
    status: field.select({ label: '状态', options: PACKAGE_STATUSES, list: true, filter: 'eq', sortable: true }),
    riskLevel: field.computed({ label: '风险等级', sql: 'pt.risk_level', list: true }),
    version: preset.version(),
    signedAt: preset.stamp('签约时间', 'signed_at'),
    completedAt: preset.stamp('完成时间', 'completed_at'),
  },
});
