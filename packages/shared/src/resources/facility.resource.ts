import { crudPermissions, defineResource, field, preset } from './define-resource';
import { numbered } from './options';

export const FACILITY_KINDS = numbered('医务室', '健康小屋', 'AED除颤仪', '诊所', '急救站');

export const FACILITY_STATUS = numbered('正常', '维修中', '停用');

export const facilityResource = defineResource({
  name: 'facility',
  label: '医疗设施',
  route: '/company/Facility',
  endpoint: '/facility',
  table: 'facilities',
  permissions: crudPermissions('company:Facility', 'facility', { view: true, import: true }),
  scope: 'unit',
  titleField: 'name',
  importKey: ['unitId', 'name'],
  unique: [['unitId', 'name']],
  defaultSort: { field: 'unitId', order: 'asc' },
  fields: {
    name: field.input({ label: '名称', required: true, maxLength: 50, list: true, filter: 'contains', sortable: true }),
    kind: field.select({ label: '类型', required: true, options: FACILITY_KINDS, list: true, filter: 'eq' }),
    unitId: field.company({ label: '所属单位', required: true, list: true, filter: 'inTree', sortable: true }),
    location: field.input({ label: '位置', required: true, maxLength: 100, list: true, filter: 'contains' }),
    contactPhone: field.input({
      label: '联系电话',
      maxLength: 20,
      list: true,
      pattern: { regex: '^[0-9-]{7,20}$', message: '联系电话格式不正确' },
    }),
    openHours: field.input({ label: '开放时间', maxLength: 50, placeholder: '如：周一至周五 8:30-17:30' }),
    status: field.radio({
      label: '状态',
      required: true,
      options: FACILITY_STATUS,
      list: true,
      filter: 'eq',
      defaultValue: 1,
    }),
    installedOn: field.date({ label: '启用日期', list: true, filter: 'between', sortable: true }),
    remark: preset.remark(),
  },
});
