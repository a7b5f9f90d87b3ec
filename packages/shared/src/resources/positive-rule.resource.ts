import { RULE_GENDERS, RULE_LEVELS } from '../rules/positive-rules';
import { crudPermissions, defineResource, field, preset } from './define-resource';

/** Positive-finding rules (阳性规则): who they apply to and the condition over indicator codes. */
export const positiveRuleResource = defineResource({
  name: 'positiveRule',
  label: '阳性规则',
  route: '/main/positive/setting',
  endpoint: '/positive/setting',
  table: 'positive_rules',
  permissions: crudPermissions('main:positive/setting', 'positiveRule'),
  scope: 'none',
  titleField: 'names',
  fields: {
    names: field.input({ label: '规则名称', required: true, maxLength: 50, list: true, filter: 'contains' }),
    // Right after the name: what a rule finds is what a reader of the list looks for first.
    judge: field.input({
      label: '判定条件',
      required: true,
      maxLength: 300,
      list: true,
      span: 24,
      expression: true,
      placeholder: '如：SBP >= 140 || DBP >= 90',
      help: '用指标代码、数字、比较符 > >= < <= == != 和 &&（且）、||（或）、括号书写；单位同指标管理',
    }),
    libraryName: field.input({
      label: '所属库',
      required: true,
      maxLength: 20,
      list: true,
      filter: 'eq',
      placeholder: '如：血压、血脂',
    }),
    gender: field.radio({
      label: '适用性别',
      required: true,
      options: RULE_GENDERS,
      list: true,
      filter: 'eq',
      defaultValue: 0,
    }),
    ageMin: field.number({ label: '最小年龄', required: true, min: 0, max: 150, list: true, defaultValue: 20 }),
    ageMax: field.number({ label: '最大年龄', required: true, min: 0, max: 150, list: true, defaultValue: 80 }),
    levels: field.radio({
      label: '级别',
      required: true,
      options: RULE_LEVELS,
      list: true,
      filter: 'eq',
      defaultValue: 1,
    }),
    enabled: preset.enabled(),
    remark: field.textarea({ label: '说明', maxLength: 200 }),
  },
});
