import { COOKBOOK_TYPES, checkEnergy, cookbookDays, cookbookRangeError, energyMessage } from '@peis/shared';
import type { ResourceHooks, Row } from '../../crud/crud-repository';
import type { Queryable } from '../../db/client';
import { cookbookLines } from '../../lib/cookbook-plan';
import { badRequest, fieldError } from '../../lib/errors';

/**
 * Why a catalogue row cannot be deleted: the live `holder` records whose lines (`lines`.`ref`) name it, counted
 * and up to three by name; null when none does.
 */
async function usedBy(
  q: Queryable,
  id: unknown,
  h: { table: string; lines: string; parent: string; ref: string; thing: string; holder: string },
): Promise<string | null> {
  const { rows } = await q.query<{ name: string; total: number }>(
    `SELECT h.name, count(*) OVER ()::int AS total FROM ${h.table} h
      WHERE h.deleted_at IS NULL AND EXISTS (SELECT 1 FROM ${h.lines} l WHERE l.${h.parent} = h.id AND l.${h.ref} = $1)
      ORDER BY h.name LIMIT 3`,
    [id],
  );
  if (!rows[0]) return null;
  const names = rows.map((r) => r.name).join('、');
  return `该${h.thing}被${rows[0].total}个${h.holder}使用（如${names}），请先从这些${h.holder}中移除`;
}

/**
 * Every day of these cookbooks still inside its range, or a 400 naming the first cookbook and day that is not
 * (after a dish or an ingredient they use changed, in the same transaction, so nothing is written).
 */
export async function checkCookbooks(q: Queryable, ids: number[], path = 'lines'): Promise<void> {
  if (!ids.length) return;
  const { rows } = await q.query<{ id: number; name: string; days: number; kcal_min: number; kcal_max: number }>(
    `SELECT id, name, days, kcal_min, kcal_max FROM diet_cookbooks
      WHERE id = ANY($1::bigint[]) AND deleted_at IS NULL ORDER BY id`,
    [ids],
  );
  const lines = await cookbookLines(
    q,
    rows.map((r) => Number(r.id)),
  );
  for (const c of rows) {
    const error = cookbookRangeError(cookbookDays(c.days, lines.get(Number(c.id)) ?? []), c.kcal_min, c.kcal_max);
    if (error) {
      const message = `修改后食谱“${c.name}”${error}，请先调整该食谱`;
      throw badRequest(message, [{ path, message }]);
    }
  }
}

/** Live cookbooks that use a dish (directly) or an ingredient (through its dishes). */
async function cookbooksUsing(q: Queryable, by: 'dish' | 'ingredient', id: unknown): Promise<number[]> {
  const sql =
    by === 'dish'
      ? `SELECT DISTINCT m.cookbook_id AS id FROM diet_cookbook_meals m WHERE m.dish_id = $1`
      : `SELECT DISTINCT m.cookbook_id AS id FROM diet_cookbook_meals m
           JOIN diet_dish_ingredients l ON l.dish_id = m.dish_id WHERE l.ingredient_id = $1`;
  const { rows } = await q.query<{ id: number }>(sql, [id]);
  return rows.map((r) => Number(r.id));
}

/** A 400 on the first of `lines` whose `key` names no live row of `table`. */
async function refuseMissing(q: Queryable, lines: Row[], table: string, key: string, path: string, message: string) {
  const ids = lines.map((l) => Number(l[key]));
  const { rows } = await q.query<{ id: number }>(
    `SELECT id FROM ${table} WHERE id = ANY($1::bigint[]) AND deleted_at IS NULL`,
    [ids],
  );
  const found = new Set(rows.map((r) => Number(r.id)));
  const i = ids.findIndex((id) => !found.has(id));
  if (i >= 0) throw fieldError(`${path}.${i}.${key}`, message);
}

const NUTRIENTS = ['kcal', 'protein', 'fat', 'cho'] as const;

/** 食材: energy agrees with the macronutrients; a used ingredient is not deleted; its cookbooks stay in range. */
export const ingredientHooks: ResourceHooks = {
  async beforeWrite({ values }) {
    const [kcal, protein, fat, cho] = NUTRIENTS.map((k) => Number(values[k]));
    if (protein + fat + cho > 100.5) {
      throw fieldError('cho', '蛋白质、脂肪、碳水化合物合计不能超过每100克的100克');
    }
    const check = checkEnergy({ kcal, protein, fat, cho, fiber: values.fiber as number | null | undefined });
    if (!check.ok) throw fieldError('kcal', energyMessage(check));
    return undefined;
  },
  async afterWrite({ q, mode, existing, record }) {
    if (mode !== 'update' || NUTRIENTS.every((k) => Number(existing?.[k]) === Number(record[k]))) return;
    await checkCookbooks(q, await cookbooksUsing(q, 'ingredient', record.id), 'kcal');
  },
  deleteBlocked: (q, existing) =>
    usedBy(q, existing.id, {
      table: 'diet_dishes',
      lines: 'diet_dish_ingredients',
      parent: 'dish_id',
      ref: 'ingredient_id',
      thing: '食材',
      holder: '菜品',
    }),
};

/** 菜品: its lines name live ingredients; a dish in a cookbook is not deleted; its cookbooks stay in range. */
export const dishHooks: ResourceHooks = {
  async beforeWrite({ q, values }) {
    const lines = (values.lines as Row[] | undefined) ?? [];
    await refuseMissing(q, lines, 'diet_ingredients', 'ingredientId', 'lines', '食材不存在或已删除');
    return undefined;
  },
  async afterWrite({ q, mode, record }) {
    if (mode === 'update') await checkCookbooks(q, await cookbooksUsing(q, 'dish', record.id));
  },
  deleteBlocked: (q, existing) =>
    usedBy(q, existing.id, {
      table: 'diet_cookbooks',
      lines: 'diet_cookbook_meals',
      parent: 'cookbook_id',
      ref: 'dish_id',
      thing: '菜品',
      holder: '食谱',
    }),
};

/** 食谱: a sane range, meals on its days with live dishes, and every day's energy inside the range. */
export const cookbookHooks: ResourceHooks = {
  // TemplateTypeName of the seed: the label of the record's TypeId.
  toRecord: (rec) => ({
    ...rec,
    templateTypeName: COOKBOOK_TYPES.find((o) => o.value === Number(rec.typeId))?.label ?? null,
  }),
  async beforeWrite({ q, values }) {
    if (Number(values.kcalMax) <= Number(values.kcalMin)) throw fieldError('kcalMax', '能量上限须大于下限');
    const meals = (values.meals as Row[] | undefined) ?? [];
    const days = Number(values.days);
    const late = meals.findIndex((m) => Number(m.day) > days);
    if (late >= 0) throw fieldError(`meals.${late}.day`, `超出食谱天数（共${days}天）`);
    await refuseMissing(q, meals, 'diet_dishes', 'dishId', 'meals', '菜品不存在或已删除');
    return undefined;
  },
  async afterWrite({ q, record }) {
    const lines = (await cookbookLines(q, [Number(record.id)])).get(Number(record.id)) ?? [];
    const error = cookbookRangeError(
      cookbookDays(Number(record.days), lines),
      Number(record.kcalMin),
      Number(record.kcalMax),
    );
    if (error) throw badRequest(error, [{ path: 'meals', message: error }]);
  },
};
