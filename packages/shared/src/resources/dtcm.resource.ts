import { TCM_CONSTITUTIONS } from '../nutrition/options';
import { crudPermissions, defineResource, field } from './define-resource';
import { SEX_ANY_OPTIONS } from './options';

/**
 * 中医食疗 (SPEC §3 Traditional-Chinese-medicine diet): recipes for the nine constitutions (TizhiIds) and a sex
 * (不限/男/女), each naming its source; prescriptions pick them by a person's assessed constitution and sex.
 */
export const dtcmResource = defineResource({
  name: 'dtcm',
  label: '中医食疗',
  route: '/main/diet/dtcm',
  endpoint: '/main/diet/dtcm',
  table: 'diet_tcm',
  permissions: crudPermissions('main:diet/dtcm', 'dtcm', { view: true }),
  scope: 'none',
  titleField: 'name',
  unique: [['name']],
  defaultSort: { field: 'name', order: 'asc' },
  fields: {
    name: field.input({ label: '名称', required: true, maxLength: 50, list: true, filter: 'contains', sortable: true }),
    constitutions: field.checkbox({
      label: '适用体质',
      required: true,
      options: TCM_CONSTITUTIONS,
      list: true,
      filter: 'eq',
      span: 24,
    }),
    gender: field.radio({ label: '适用性别', required: true, options: SEX_ANY_OPTIONS, list: true, defaultValue: 0 }),
    configs: field.textarea({ label: '配方', required: true, maxLength: 500 }),
    functions: field.textarea({ label: '功效', required: true, maxLength: 500, list: true }),
    usage: field.textarea({ label: '用法', maxLength: 1000 }),
    source: field.input({ label: '来源', required: true, maxLength: 200, span: 24 }),
  },
  seedView: {
    path: '/diet/dtcm',
    nameField: 'name',
    names: {
      Id: 'id',
      Names: 'name',
      TizhiIds: 'constitutions',
      Gender: 'gender',
      Configs: 'configs',
      Fuctions: 'functions',
      Usage: 'usage',
    },
  },
});
