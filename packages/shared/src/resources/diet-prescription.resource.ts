import { ACTIVITY_LEVELS, TCM_CONSTITUTIONS } from '../nutrition/options';
import {
  PRESCRIPTION_JOINS,
  prescriptionActions,
  prescriptionHeadFields,
  prescriptionPermissions,
  prescriptionTailFields,
} from '../prescription/declaration';
import { BODY_TYPES } from '../prescription/diet';
import { defineResource, field } from './define-resource';
import { PERSON_WORK_LIST } from './person-view';

const remote = (endpoint: string) => ({ endpoint, pageSize: 200, labelKey: 'name', valueKey: 'id' });

/**
 * 膳食处方: one person's diet prescription, generated from their data (POST /api/diet/task/propose, /generate),
 * edited in 草稿 (energy target, cookbook, principles, 中医食疗, advice), then 开具 → 开始执行 → 完成, or 作废.
 * An employee account sees its own, issued ones only. The plan (the cookbook's days) is snapshotted on the row.
 */
export const dietPrescriptionResource = defineResource({
  name: 'dietPrescription',
  label: '膳食处方',
  route: '/main/diet/task',
  endpoint: '/diet/task',
  table: 'diet_prescriptions',
  permissions: prescriptionPermissions('main:diet/task', 'dietTask'),
  ...PERSON_WORK_LIST,
  softDelete: true,
  joins: PRESCRIPTION_JOINS,
  stateField: 'status',
  // Edited and deleted only as a 草稿: the server refuses other states with 409, the list offers neither.
  writableIn: [1],
  actions: prescriptionActions('dietTask'),
  defaultSort: { field: 'status', order: 'asc' },
  titleField: 'name',
  fields: {
    ...prescriptionHeadFields(),
    activityLevel: field.select({ label: '活动水平', options: ACTIVITY_LEVELS, hideInForm: true }),
    constitution: field.select({ label: '中医体质', options: TCM_CONSTITUTIONS, hideInForm: true }),
    height: field.number({ label: '身高（cm）', decimals: 1, hideInForm: true }),
    weight: field.number({ label: '体重（kg）', decimals: 1, hideInForm: true }),
    bmi: field.number({ label: 'BMI', decimals: 1, hideInForm: true }),
    idealWeight: field.number({ label: '理想体重（kg）', decimals: 1, hideInForm: true }),
    bodyType: field.select({ label: '体型', options: BODY_TYPES, hideInForm: true }),
    kcalPerKg: field.number({ label: '千卡/千克理想体重', hideInForm: true }),
    targetKcal: field.number({
      label: '目标能量（千卡/日）',
      required: true,
      min: 800,
      max: 4500,
      list: true,
      sortable: true,
      help: '按理想体重 × 千卡/千克生成；修改后食谱不变，请按需另选食谱',
    }),
    bmr: field.number({ label: '基础代谢（Mifflin-St Jeor）', decimals: 2, hideInForm: true }),
    pal: field.number({ label: '体力活动系数', decimals: 1, hideInForm: true }),
    tee: field.number({ label: '估算总消耗（千卡/日）', hideInForm: true }),
    deficit: field.number({ label: '减重能量缺口（千卡，未经指南核实）', hideInForm: true }),
    cookbookId: field.select({ label: '食谱', remote: remote('/main/diet/cookbook'), hideInExport: true }),
    cookbookName: field.computed({ label: '食谱', sql: "{t}.plan->>'name'", list: true }),
    principleIds: field.remoteMultiSelect({ label: '膳食原则', remote: remote('/main/diet/principles') }),
    tcmIds: field.remoteMultiSelect({ label: '中医食疗', remote: remote('/main/diet/dtcm') }),
    ...prescriptionTailFields(),
  },
});
