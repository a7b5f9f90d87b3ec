import { defineResource, field, preset } from './define-resource';
import { SEX_OPTIONS } from './options';
import { PERSON_JOINS, personFields } from './person-view';

/**
 * 体检数据: the list of health checks, a read-only view over the check, its person and unit. Live checks
 * of live employees; newest check first. Entering, correcting, deleting, importing and the detail (with the
 * indicator bands) are the check module's own routes under the same endpoint.
 */
export const healthCheckResource = defineResource({
  name: 'check',
  label: '体检数据',
  route: '/main/phr/check',
  endpoint: '/phr/check',
  table: 'health_checks',
  permissions: { list: 'main:phr/check', export: 'check:export' },
  scope: 'person',
  personField: 'employeeId',
  joins: PERSON_JOINS,
  defaultSort: { field: 'checkDate', order: 'desc' },
  titleField: 'name',
  fields: {
    employeeId: field.employee({ label: '员工', hideInForm: true, hideInExport: true }),
    ...personFields(),
    sex: field.computed({ label: '性别', sql: 'e.sex', options: SEX_OPTIONS, hideInExport: true }),
    idCard: field.computed({ label: '身份证号', sql: 'e.id_card', mask: 'idCard', list: true, filter: 'eq' }),
    checkDate: field.date({ label: '体检日期', list: true, filter: 'between', sortable: true }),
    year: field.number({ label: '年度', filter: 'eq', hideInExport: true }),
    provider: field.input({ label: '体检机构', list: true, filter: 'contains' }),
    values: field.computed({ label: '指标', sql: '{t}."values"', hideInExport: true }),
    version: preset.version(),
    findings: field.computed({
      label: '阳性数',
      sql: '(SELECT count(*)::int FROM positive_findings pf WHERE pf.check_id = {t}.id)',
      list: true,
    }),
    hasFindings: field.computed({
      label: '有阳性',
      sql: 'EXISTS (SELECT 1 FROM positive_findings pf WHERE pf.check_id = {t}.id)',
      filter: 'eq',
      hideInExport: true,
    }),
  },
});

/** A row of the checks list (GET /api/phr/check): what the server selects and the web shows. */
export interface HealthCheckRow {
  id: number;
  employeeId: number;
  name: string;
  sex: number;
  unitName: string;
  /** Masked in the list's answer. */
  idCard: string;
  checkDate: string;
  year: number;
  provider: string | null;
  values: Record<string, number>;
  /** How many positive findings the check produced. */
  findings: number;
  version: number;
}
