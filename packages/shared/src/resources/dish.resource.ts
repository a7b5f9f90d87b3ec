import { MEAL_TIMES } from '../nutrition/options';
import { crudPermissions, defineResource, field } from './define-resource';

/** 菜品类别 (SortNames), stored as the name itself. */
export const DISH_SORTS = ['主食', '荤菜', '素菜', '汤羹', '蛋奶豆', '水果', '加餐'].map((v) => ({
  value: v,
  label: v,
}));

/** One serving's sum over the dish's lines of grams/100 × the ingredient's per-100 g value (dishNutrients). */
const lineSum = (column: string, decimals: number) =>
  `(SELECT round(coalesce(sum(l.grams * i.${column} / 100), 0), ${decimals})::float8
      FROM diet_dish_ingredients l JOIN diet_ingredients i ON i.id = l.ingredient_id WHERE l.dish_id = {t}.id)`;

/**
 * 菜品库 (SPEC §3 Dish): a dish is its ingredient lines (grams of the edible part of one serving); its energy,
 * protein, fat and carbohydrate are summed from them, never typed in.
 */
export const dishResource = defineResource({
  name: 'dish',
  label: '菜品',
  route: '/main/diet/dishes',
  endpoint: '/main/diet/dishes',
  table: 'diet_dishes',
  permissions: crudPermissions('main:diet/dishes', 'dish', { view: true }),
  scope: 'none',
  titleField: 'name',
  unique: [['name']],
  defaultSort: { field: 'name', order: 'asc' },
  fields: {
    name: field.input({ label: '名称', required: true, maxLength: 50, list: true, filter: 'contains', sortable: true }),
    sortName: field.select({ label: '类别', required: true, options: DISH_SORTS, list: true, filter: 'eq', span: 12 }),
    mealTimes: field.checkbox({
      label: '餐次',
      required: true,
      options: MEAL_TIMES,
      list: true,
      filter: 'eq',
      span: 12,
    }),
    kcal: field.computed({ label: '能量（千卡）', list: true, sql: lineSum('kcal', 0) }),
    protein: field.computed({ label: '蛋白质（克）', list: true, sql: lineSum('protein', 1) }),
    fat: field.computed({ label: '脂肪（克）', list: true, sql: lineSum('fat', 1) }),
    cho: field.computed({ label: '碳水化合物（克）', list: true, sql: lineSum('cho', 1) }),
    lines: field.children({
      label: '配料',
      help: '一份菜品所用食材的可食部重量',
      children: {
        table: 'diet_dish_ingredients',
        parentColumn: 'dish_id',
        min: 1,
        max: 30,
        unique: ['ingredientId'],
        fields: {
          ingredientId: field.select({
            label: '食材',
            required: true,
            remote: { endpoint: '/main/diet/ingredients', pageSize: 50, labelKey: 'name', valueKey: 'id' },
          }),
          grams: field.number({ label: '重量（克）', required: true, min: 0.1, max: 2000, decimals: 1 }),
          ingredientName: field.computed({
            label: '食材名称',
            sql: '(SELECT name FROM diet_ingredients WHERE id = {t}.ingredient_id)',
          }),
        },
      },
    }),
    methods: field.textarea({ label: '做法', maxLength: 1000 }),
  },
  seedView: {
    path: '/diet/dishes',
    nameField: 'name',
    names: {
      Id: 'id',
      Names: 'name',
      SortNames: 'sortName',
      CanCi: 'mealTimes',
      Methods: 'methods',
      diList: { field: 'lines', names: { id: 'ingredientId', name: 'ingredientName', weight: 'grams' } },
    },
  },
});
