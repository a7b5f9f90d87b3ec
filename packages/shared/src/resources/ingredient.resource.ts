import { crudPermissions, defineResource, field } from './define-resource';
import { numbered } from './options';

/** 食物类别 (FoodSort): the groups of the China Food Composition Table and of the dietary guidelines' pagoda. */
export const FOOD_SORTS = numbered(
  '谷薯类',
  '杂豆类',
  '蔬菜类',
  '菌藻类',
  '水果类',
  '畜肉类',
  '禽肉类',
  '水产类',
  '蛋类',
  '奶类',
  '大豆及制品',
  '坚果类',
  '油脂类',
  '调味品及其他',
);

const per100g = (label: string, max: number, required = true) =>
  field.number({ label, required, min: 0, max, decimals: 2, list: true, sortable: true, span: 6 });

/**
 * 食材库 (SPEC §3 Ingredient): energy and macronutrients per 100 g edible part, each row naming its source.
 * The server refuses a row whose energy does not agree with its macronutrients (checkEnergy), so a typo is
 * caught; dishes sum their lines from these values.
 */
export const ingredientResource = defineResource({
  name: 'ingredient',
  label: '食材',
  route: '/main/diet/ingredients',
  endpoint: '/main/diet/ingredients',
  table: 'diet_ingredients',
  permissions: crudPermissions('main:diet/ingredients', 'ingredient', { view: true, import: true }),
  scope: 'none',
  titleField: 'name',
  importKey: ['name'],
  unique: [['name']],
  defaultSort: { field: 'foodSort', order: 'asc' },
  fields: {
    name: field.input({ label: '名称', required: true, maxLength: 50, list: true, filter: 'contains', sortable: true }),
    otherName: field.input({ label: '别名', maxLength: 100, list: true }),
    foodSort: field.select({
      label: '食物类别',
      required: true,
      options: FOOD_SORTS,
      list: true,
      filter: 'eq',
      sortable: true,
    }),
    kcal: field.number({
      label: '能量（千卡）',
      required: true,
      min: 0,
      max: 900,
      decimals: 1,
      list: true,
      sortable: true,
      span: 6,
      help: '每100克可食部',
    }),
    protein: per100g('蛋白质（克）', 100),
    fat: per100g('脂肪（克）', 100),
    cho: per100g('碳水化合物（克）', 100),
    fiber: field.number({
      label: '膳食纤维（克）',
      min: 0,
      max: 100,
      decimals: 2,
      span: 6,
      help: '来源给出时填写；核对能量时按2千卡/克计',
    }),
    source: field.input({ label: '数据来源', required: true, maxLength: 200, span: 24 }),
  },
  seedView: {
    path: '/diet/ingredients',
    nameField: 'name',
    names: {
      Id: 'id',
      NAMES: 'name',
      OTHER_NAME: 'otherName',
      FoodSort: 'foodSort',
      KCAL: 'kcal',
      PROTEIN: 'protein',
      FAT: 'fat',
      CHO: 'cho',
    },
  },
});
