import { INTENSITIES } from '../exercise/met';
import {
  PRESCRIPTION_JOINS,
  prescriptionActions,
  prescriptionHeadFields,
  prescriptionPermissions,
  prescriptionTailFields,
} from '../prescription/declaration';
import { defineResource, field } from './define-resource';
import { PERSON_WORK_LIST } from './person-view';

/** A line's moderate-equivalent minutes (vigorous count twice, light not at all: weeklyModerateMinutes), as SQL. */
const moderateSql = (line: string) =>
  `(CASE WHEN ${line}.met >= 6 THEN 2 WHEN ${line}.met >= 3 THEN 1 ELSE 0 END) * ${line}.minutes * ${line}.sessions_per_week`;
const weekly = (expr: string) =>
  `(SELECT coalesce(sum(${expr}), 0)::int FROM fitness_prescription_items l WHERE l.prescription_id = {t}.id)`;

/**
 * 运动处方: one person's weekly exercise plan, generated from their data (POST /api/fitness/task/propose,
 * /generate) with the contraindications applied, its lines edited in 草稿, then 开具 → 开始执行 → 完成, or 作废.
 * GET /api/fitness/task is SPEC §7's list. An employee account sees its own, issued ones only.
 */
export const fitnessPrescriptionResource = defineResource({
  name: 'fitnessPrescription',
  label: '运动处方',
  route: '/main/fitness/task',
  endpoint: '/fitness/task',
  table: 'fitness_prescriptions',
  permissions: prescriptionPermissions('main:fitness/task', 'fitnessTask'),
  ...PERSON_WORK_LIST,
  softDelete: true,
  joins: PRESCRIPTION_JOINS,
  stateField: 'status',
  // Edited and deleted only as a 草稿: the server refuses other states with 409, the list offers neither.
  writableIn: [1],
  actions: prescriptionActions('fitnessTask'),
  defaultSort: { field: 'status', order: 'asc' },
  titleField: 'name',
  fields: {
    ...prescriptionHeadFields(),
    referFirst: field.switch({ label: '先转诊', hideInForm: true, defaultValue: false }),
    maxIntensity: field.select({ label: '最高强度', options: INTENSITIES, hideInForm: true }),
    chinaPar: field.number({ label: 'China-PAR 10年风险（%）', decimals: 2, hideInForm: true }),
    templateName: field.input({ label: '运动模板', list: true, hideInForm: true }),
    clearanceNote: field.input({ label: '医生评估', maxLength: 100, hideInForm: true }),
    items: field.children({
      label: '每周运动',
      children: {
        table: 'fitness_prescription_items',
        parentColumn: 'prescription_id',
        max: 20,
        unique: ['itemId'],
        fields: {
          itemId: field.select({
            label: '运动项目',
            required: true,
            remote: { endpoint: '/main/fitness/items', pageSize: 200, labelKey: 'name', valueKey: 'id' },
          }),
          minutes: field.number({ label: '每次分钟', required: true, min: 1, max: 300 }),
          sessionsPerWeek: field.number({ label: '每周次数', required: true, min: 1, max: 14 }),
          itemName: field.computed({ label: '项目名称', sql: '{t}.item_name' }),
          met: field.computed({ label: 'MET', sql: '{t}.met::float8' }),
        },
      },
    }),
    weeklyMinutes: field.computed({ label: '每周分钟', sql: weekly('l.minutes * l.sessions_per_week'), list: true }),
    moderateMinutes: field.computed({ label: '中等强度当量（分钟/周）', sql: weekly(moderateSql('l')), list: true }),
    metMinutes: field.computed({
      label: 'MET-分钟/周',
      sql: `(SELECT coalesce(round(sum(l.met * l.minutes * l.sessions_per_week)), 0)::int FROM fitness_prescription_items l WHERE l.prescription_id = {t}.id)`,
    }),
    ...prescriptionTailFields(),
  },
});
