import { defineResource, field } from './define-resource';
import { SEX_OPTIONS } from './options';
import { PERSON_JOINS, personFields } from './person-view';

/** Package statuses (service_contracts.status). */
export const PACKAGE_STATUSES = [
  { value: 0, label: '未签约' },
  { value: 1, label: '已签约' },
  { value: 2, label: '已完成' },
] as const;

/** Package levels (service_contracts.level), given by the person's risk level through a configurable mapping. */
export const PACKAGE_LEVELS = [
  { value: 1, label: '一级服务包' },
  { value: 2, label: '二级服务包' },
  { value: 3, label: '三级服务包' },
] as const;

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
  scope: 'person',
  personField: 'employeeId',
  softDelete: false,
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
    employeeId: field.employee({ label: '员工', filter: 'eq', hideInForm: true }),
    ...personFields(),
    sex: field.computed({ label: '性别', sql: 'e.sex', options: SEX_OPTIONS, list: true }),
    birthday: field.computed({ label: '出生日期', sql: "to_char(e.birthday, 'YYYY-MM-DD')", hideInExport: true }),
    year: field.number({ label: '年度', list: true, filter: 'eq' }),
    level: field.select({ label: '服务包级别', options: PACKAGE_LEVELS, list: true, filter: 'eq' }),
    status: field.select({ label: '状态', options: PACKAGE_STATUSES, list: true, filter: 'eq', sortable: true }),
    riskLevel: field.computed({ label: '风险等级', sql: 'pt.risk_level', list: true }),
    version: field.computed({ label: '版本号', sql: '{t}.version', hideInExport: true }),
    signedAt: field.computed({
      label: '签约时间',
      sql: "to_char({t}.signed_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')",
      list: true,
    }),
    completedAt: field.computed({
      label: '完成时间',
      sql: "to_char({t}.completed_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')",
      list: true,
    }),
  },
});
