import { type CookbookLine, type CookbookPlan, cookbookDays } from '@peis/shared';
import type { Queryable } from '../db/client';

/**
 * The meal lines of cookbooks with the nutrients of one serving of each dish, summed from the dish's ingredient
 * lines in SQL (the same Σ grams/100 × per-100 g as dishNutrients, rounded the same way by the caller).
 */
export async function cookbookLines(q: Queryable, cookbookIds: number[]): Promise<Map<number, CookbookLine[]>> {
  const { rows } = await q.query<{
    cookbook_id: number;
    day: number;
    meal: number;
    dish_id: number;
    name: string;
    servings: number;
    kcal: number;
    protein: number;
    fat: number;
    cho: number;
  }>(
    `SELECT m.cookbook_id, m.day, m.meal, m.dish_id, d.name, m.servings::float8 AS servings,
            coalesce(n.kcal, 0) AS kcal, coalesce(n.protein, 0) AS protein,
            coalesce(n.fat, 0) AS fat, coalesce(n.cho, 0) AS cho
       FROM diet_cookbook_meals m
       JOIN diet_dishes d ON d.id = m.dish_id
       LEFT JOIN LATERAL (
         SELECT sum(l.grams * i.kcal / 100)::float8 AS kcal, sum(l.grams * i.protein / 100)::float8 AS protein,
                sum(l.grams * i.fat / 100)::float8 AS fat, sum(l.grams * i.cho / 100)::float8 AS cho
           FROM diet_dish_ingredients l JOIN diet_ingredients i ON i.id = l.ingredient_id
          WHERE l.dish_id = d.id) n ON true
      WHERE m.cookbook_id = ANY($1::bigint[])
      ORDER BY m.cookbook_id, m.day, m.meal, m.position`,
    [cookbookIds],
  );
  const out = new Map<number, CookbookLine[]>();
  for (const r of rows) {
    const list = out.get(Number(r.cookbook_id)) ?? [];
    list.push({
      day: r.day,
      meal: r.meal,
      dishId: Number(r.dish_id),
      name: r.name,
      servings: Number(r.servings),
      dish: {
        kcal: Math.round(r.kcal),
        protein: Math.round(r.protein * 10) / 10,
        fat: Math.round(r.fat * 10) / 10,
        cho: Math.round(r.cho * 10) / 10,
      },
    });
    out.set(Number(r.cookbook_id), list);
  }
  return out;
}

/**
 * A cookbook's plan — per day the energy, macronutrients and their shares of energy, and the meals with their
 * dishes — for a prescription to snapshot when it is issued. null when the cookbook does not exist or is deleted.
 */
export async function cookbookPlan(q: Queryable, cookbookId: number): Promise<CookbookPlan | null> {
  const { rows } = await q.query<{ id: number; name: string; days: number; kcal_min: number; kcal_max: number }>(
    'SELECT id, name, days, kcal_min, kcal_max FROM diet_cookbooks WHERE id = $1 AND deleted_at IS NULL',
    [cookbookId],
  );
  const c = rows[0];
  if (!c) return null;
  const lines = (await cookbookLines(q, [cookbookId])).get(cookbookId) ?? [];
  return {
    cookbookId: Number(c.id),
    name: c.name,
    kcalMin: Number(c.kcal_min),
    kcalMax: Number(c.kcal_max),
    days: cookbookDays(c.days, lines),
  };
}
