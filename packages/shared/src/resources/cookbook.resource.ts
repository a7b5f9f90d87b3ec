import { MEAL_TIMES } from '../nutrition/options';
import { crudPermissions, defineResource, field } from './define-resource';
import { numbered } from './options';

/** 食谱类别 (TypeId; TemplateTypeName is its label). */
export const COOKBOOK_TYPES = numbered('普通膳食', '低盐膳食', '糖尿病膳食', '低嘌呤膳食', '低脂膳食', '减重膳食');

/**
 * 食谱库 (SPEC §3 Cookbook): days × meals × dishes with servings, and the daily energy range it is for. The
 * server computes every day's energy from the dishes (cookbookDays) and refuses a cookbook with a day outside
 * [kcalMin, kcalMax]; prescriptions snapshot it through cookbookPlan.
 */
export const cookbookResource = defineResource({
  name: 'cookbook',
  label: '食谱',
  route: '/main/diet/cookbook',
  endpoint: '/main/diet/cookbook',
  table: 'diet_cookbooks',
  permissions: crudPermissions('main:diet/cookbook', 'cookbook', { view: true }),
  scope: 'none',
  titleField: 'name',
  unique: [['name']],
  defaultSort: { field: 'kcalMin', order: 'asc' },
  fields: {
    name: field.input({ label: '名称', required: true, maxLength: 50, list: true, filter: 'contains', sortable: true }),
    typeId: field.select({
      label: '类别',
      required: true,
      options: COOKBOOK_TYPES,
      list: true,
      filter: 'eq',
      span: 12,
    }),
    days: field.number({ label: '天数', required: true, min: 1, max: 14, list: true, span: 12, defaultValue: 7 }),
    kcalMin: field.number({
      label: '能量下限（千卡）',
      required: true,
      min: 800,
      max: 4000,
      sortable: true,
      span: 12,
    }),
    kcalMax: field.number({ label: '能量上限（千卡）', required: true, min: 800, max: 4000, span: 12 }),
    kcalRange: field.computed({ label: '能量范围（千卡）', list: true, sql: "{t}.kcal_min || '-' || {t}.kcal_max" }),
    description: field.textarea({ label: '说明', maxLength: 500 }),
    meals: field.children({
      label: '餐单',
      help: '每天每餐的菜品与份数；保存时核对每天的能量在范围内',
      children: {
        table: 'diet_cookbook_meals',
        parentColumn: 'cookbook_id',
        min: 1,
        max: 300,
        fields: {
          day: field.number({ label: '第几天', required: true, min: 1, max: 14, defaultValue: 1 }),
          meal: field.select({ label: '餐次', required: true, options: MEAL_TIMES, defaultValue: 1 }),
          dishId: field.select({
            label: '菜品',
            required: true,
            remote: { endpoint: '/main/diet/dishes', pageSize: 100, labelKey: 'name', valueKey: 'id' },
          }),
          servings: field.number({ label: '份数', required: true, min: 0.1, max: 10, decimals: 1, defaultValue: 1 }),
          dishName: field.computed({ label: '菜品名称', sql: '(SELECT name FROM diet_dishes WHERE id = {t}.dish_id)' }),
        },
      },
    }),
  },
  seedView: {
    path: '/diet/cookbook',
    nameField: 'name',
    names: {
      Id: 'id',
      Names: 'name',
      Descriptions: 'description',
      Days: 'days',
      TypeId: 'typeId',
      // The label of TypeId, added to each record by the server (cookbookHooks.toRecord).
      TemplateTypeName: 'templateTypeName',
      BakField2: 'kcalRange',
    },
  },
});
