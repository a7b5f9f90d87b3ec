import { INTENSITIES, metIntensitySql } from '../exercise/met';
import { FITNESS_CATEGORIES, SPORT_TYPES } from '../exercise/options';
import { crudPermissions, defineResource, field, preset } from './define-resource';

/**
 * 运动项目 (issue 12 "Libraries"): one activity of the Compendium of Physical Activities with its MET value.
 * Its intensity (SportTime) is computed from the MET, never typed: < 3 低, 3–5.9 中, ≥ 6 高 (metIntensity).
 * Seed shape at GET /api/fitness/items (SPEC §3 "Exercise item").
 */
export const fitnessItemResource = defineResource({
  name: 'fitnessItem',
  label: '运动项目',
  route: '/main/fitness/items',
  endpoint: '/main/fitness/items',
  table: 'fitness_items',
  permissions: crudPermissions('main:fitness/items', 'fitnessItem', { view: true, import: true }),
  scope: 'none',
  titleField: 'name',
  importKey: ['name'],
  unique: [['name']],
  defaultSort: { field: 'category', order: 'asc' },
  fields: {
    name: field.input({
      label: '项目名称',
      required: true,
      maxLength: 50,
      list: true,
      filter: 'contains',
      sortable: true,
      width: 200,
      placeholder: '如：快走（约5.6公里/小时）',
    }),
    category: field.select({
      label: '项目类别',
      required: true,
      options: FITNESS_CATEGORIES,
      list: true,
      filter: 'eq',
      width: 120,
    }),
    metValue: field.number({
      label: 'MET值',
      required: true,
      min: 1,
      max: 25,
      decimals: 1,
      list: true,
      sortable: true,
      help: '代谢当量，按身体活动纲要（2011）取值，保留一位小数；强度由它算出：低于3为低，3–5.9为中，6及以上为高',
    }),
    intensity: field.computed({
      label: '运动强度',
      sql: metIntensitySql('{t}.met_value'),
      options: INTENSITIES,
      list: true,
      filter: 'eq',
      width: 84,
    }),
    sportType: field.select({ label: '运动类型', required: true, options: SPORT_TYPES, filter: 'eq' }),
    metCode: field.input({
      label: '纲要代码',
      maxLength: 5,
      list: true,
      width: 84,
      pattern: { regex: '^\\d{5}$', message: '纲要代码为5位数字，如17200' },
      help: '身体活动纲要（2011）的活动代码',
    }),
    ageMin: field.number({ label: '最小适用年龄', required: true, min: 0, max: 120, defaultValue: 18 }),
    ageMax: field.number({ label: '最大适用年龄', required: true, min: 0, max: 120, defaultValue: 80 }),
    ageRange: field.computed({ label: '适用年龄', sql: "{t}.age_min || '-' || {t}.age_max", list: true, width: 84 }),
    highImpact: field.switch({
      label: '高冲击',
      defaultValue: false,
      list: true,
      filter: 'eq',
      help: '跑跳类项目：肥胖、膝踝关节不适者不宜',
      width: 84,
    }),
    enabled: preset.enabled(),
    source: field.textarea({ label: '来源/备注', maxLength: 300 }),
  },
  seedView: {
    path: '/fitness/items',
    names: {
      Id: 'id',
      SportName: 'name',
      SportType: 'sportType',
      SportTime: 'intensity',
      MetValue: 'metValue',
      SportNum: 'category',
      IsEnabled: 'enabled',
      TAge: 'ageRange',
    },
    nameField: 'name',
  },
});
