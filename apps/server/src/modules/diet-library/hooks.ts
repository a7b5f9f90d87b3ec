import { COOKBOOK_TYPES, checkEnergy, cookbookDays, cookbookRangeError, energyMessage } from '@peis/shared';
import type { ResourceHooks, Row } from '../../crud/crud-repository';
import type { Queryable } from '../../db/client';
import { cookbookLines } from '../../lib/cookbook-plan';
import { badRequest, fieldError } from '../../lib/errors';

/** Names of up to three live records holding a reference, for a refusal ("如 A、B"). */
async function users(q: Queryable, sql: string, id: unknown): Promise<{ count: number; names: string }> {
  const { rows } = await q.query<{ name: string; total: number }>(sql, [id]);
  return { count: Number(rows[0]?.total ?? 0), names: rows.map((r) => r.name).join('、') };
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

/** Ids of `table` among `ids` that are missing or deleted. */
async function missing(q: Queryable, table: string, ids: number[]): Promise<Set<number>> {
  const { rows } = await q.query<{ id: number }>(
    `SELECT id FROM ${table} WHERE id = ANY($1::bigint[]) AND deleted_at IS NULL`,
    [ids],
  );
  const found = new Set(rows.map((r) => Number(r.id)));
  return new Set(ids.filter((id) => !found.has(id)));
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
  async deleteBlocked(q, existing) {
    const { count, names } = await users(
      q,
      `SELECT d.name, count(*) OVER ()::int AS total FROM diet_dishes d
        WHERE d.deleted_at IS NULL AND EXISTS (SELECT 1 FROM diet_dish_ingredients l WHERE l.dish_id = d.id AND l.ingredient_id = $1)
        ORDER BY d.name LIMIT 3`,
      existing.id,
    );
    return count ? `该食材被${count}个菜品使用（如${names}），请先从这些菜品中移除` : null;
  },
};

/** 菜品: its lines name live ingredients; a dish in a cookbook is not deleted; its cookbooks stay in range. */
export const dishHooks: ResourceHooks = {
  async beforeWrite({ q, values }) {
    const lines = (values.lines as Row[] | undefined) ?? [];
    const gone = await missing(
      q,
      'diet_ingredients',
      lines.map((l) => Number(l.ingredientId)),
    );
    const i = lines.findIndex((l) => gone.has(Number(l.ingredientId)));
    if (i >= 0) throw fieldError(`lines.${i}.ingredientId`, '食材不存在或已删除');
    return undefined;
  },
  async afterWrite({ q, mode, record }) {
    if (mode === 'update') await checkCookbooks(q, await cookbooksUsing(q, 'dish', record.id));
  },
  async deleteBlocked(q, existing) {
    const { count, names } = await users(
      q,
      `SELECT c.name, count(*) OVER ()::int AS total FROM diet_cookbooks c
        WHERE c.deleted_at IS NULL AND EXISTS (SELECT 1 FROM diet_cookbook_meals m WHERE m.cookbook_id = c.id AND m.dish_id = $1)
        ORDER BY c.name LIMIT 3`,
      existing.id,
    );
    return count ? `该菜品被${count}个食谱使用（如${names}），请先从这些食谱中移除` : null;
  },
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
    const gone = await missing(
      q,
      'diet_dishes',
      meals.map((m) => Number(m.dishId)),
    );
    const i = meals.findIndex((m) => gone.has(Number(m.dishId)));
    if (i >= 0) throw fieldError(`meals.${i}.dishId`, '菜品不存在或已删除');
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
