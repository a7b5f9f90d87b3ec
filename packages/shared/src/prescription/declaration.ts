import { INDICATOR_BY_CODE } from '../medical/indicators';
import { PRESCRIPTION_STATUSES } from '../nutrition/options';
import type { PermissionCode } from '../permissions/codes';
import { type ActionDef, type FieldDef, field, preset, type ViewJoin } from '../resources/define-resource';
import { PERSON_JOINS, personSexBirthday, personWorkFields } from '../resources/person-view';
import { CONDITION_TARGETS, GENERAL_TARGETS } from './conditions';

/**
 * What the two prescription declarations (膳食处方, 运动处方) share: the person, the state and its actions, the
 * targeted indicators, the adjustments, the dates of issue and the outcome. Each declaration adds its own plan.
 */

/** The prescription kinds: their tables and permission prefixes. */
export const PRESCRIPTION_KINDS = {
  diet: { label: '膳食处方', table: 'diet_prescriptions', prefix: 'dietTask' },
  fitness: { label: '运动处方', table: 'fitness_prescriptions', prefix: 'fitnessTask' },
} as const;
export type PrescriptionKind = keyof typeof PRESCRIPTION_KINDS;

/** Open prescriptions (草稿, 已开具, 执行中): a person has at most one of a kind. */
export const OPEN_PRESCRIPTION_STATUSES = [1, 2, 3] as const;

/** The indicators a prescription may target, as options (code → 名称). */
export const TARGET_OPTIONS = [...new Set([...Object.values(CONDITION_TARGETS).flat(), ...GENERAL_TARGETS])].map(
  (code) => ({ value: code, label: INDICATOR_BY_CODE[code]?.name ?? code }),
);

/** 开具 1→2 (dates), 开始执行 2→3, 完成 3→4 (outcome), 作废 1/2/3→5 (reason), under `<prefix>:edit`. */
export function prescriptionActions(prefix: 'dietTask' | 'fitnessTask'): Record<string, ActionDef> {
  const permission = `${prefix}:edit` as PermissionCode;
  return {
    issue: {
      label: '开具',
      from: [1],
      to: 2,
      permission,
      fields: {
        startDate: field.date({ label: '开始日期', required: true }),
        endDate: field.date({ label: '结束日期', required: true }),
      },
      done: '已开具',
    },
    start: {
      label: '开始执行',
      from: [2],
      to: 3,
      permission,
      confirm: '确认本人已开始按处方执行？',
      done: '已开始执行',
    },
    complete: {
      label: '完成',
      from: [3],
      to: 4,
      permission,
      fields: { outcome: field.textarea({ label: '执行结果', required: true, maxLength: 500 }) },
      done: '已完成',
    },
    void: {
      label: '作废',
      from: [1, 2, 3],
      to: 5,
      permission,
      danger: true,
      fields: { reason: field.textarea({ label: '作废原因', required: true, maxLength: 200 }) },
      done: '已作废',
    },
  };
}

/** The permissions of a prescription list: generation is `<prefix>:add` on its own calls (no generic 新增). */
export const prescriptionPermissions = (list: PermissionCode, prefix: 'dietTask' | 'fitnessTask') => ({
  list,
  update: `${prefix}:edit` as PermissionCode,
  remove: `${prefix}:delete` as PermissionCode,
  export: `${prefix}:export` as PermissionCode,
});

/** The person joins plus the issuing user. */
export const PRESCRIPTION_JOINS: ViewJoin[] = [
  ...PERSON_JOINS,
  { alias: 'iu', sql: 'LEFT JOIN users iu ON iu.id = t.issued_by' },
];

/** The person and the state: the head of both declarations. */
export const prescriptionHeadFields = () =>
  ({
    ...personWorkFields(),
    ...personSexBirthday(),
    status: field.select({
      label: '状态',
      options: PRESCRIPTION_STATUSES,
      list: true,
      filter: 'eq',
      sortable: true,
      hideInForm: true,
    }),
    checkId: field.number({ label: '依据体检', hideInForm: true, hideInExport: true }),
    checkDate: field.date({ label: '体检日期', list: true, hideInForm: true }),
  }) satisfies Record<string, FieldDef>;

/** Targets, adjustments, advice, dates of issue, outcome: the tail of both declarations. */
export const prescriptionTailFields = () =>
  ({
    targets: field.multiSelect({ label: '干预指标', options: TARGET_OPTIONS, hideInForm: true }),
    adjustmentText: field.computed({
      label: '调整说明',
      sql: "(SELECT string_agg((a->>'rule') || '：' || (a->>'reason'), '；') FROM jsonb_array_elements({t}.adjustments) a)",
      hideInExport: false,
    }),
    advice: field.textarea({ label: '医嘱建议', maxLength: 1000 }),
    startDate: field.date({ label: '开始日期', list: true, hideInForm: true }),
    endDate: field.date({ label: '结束日期', hideInForm: true }),
    issuedAt: preset.stamp('开具时间', 'issued_at'),
    issuedByName: field.computed({ label: '开具人', sql: 'iu.name', list: true }),
    outcome: field.textarea({ label: '执行结果', hideInForm: true }),
    voidReason: field.textarea({ label: '作废原因', hideInForm: true }),
  }) satisfies Record<string, FieldDef>;
