import { COOKBOOK_TYPES, checkEnergy, cookbookRangeError } from '@peis/shared';
import { expect, it } from 'vitest';
import { cookbookPlan } from '../../lib/cookbook-plan';
import { withTestApp } from '../../test/suite';

type Rec = Record<string, unknown>;

withTestApp('膳食库 on $name', { users: ['staff', 'expert', 'employee'] }, (t) => {
  const get = async (url: string, user: 'staff' | 'expert' | 'employee' = 'staff') => t.call('GET', url, t.token[user]);
  const ingredientId = async (name: string) =>
    t.scalar('SELECT id FROM diet_ingredients WHERE name = $1 AND deleted_at IS NULL', [name]);
  const dishId = async (name: string) => t.scalar('SELECT id FROM diet_dishes WHERE name = $1', [name]);

  it('answers each seed endpoint in exactly the seed’s field names, paged and filtered by name', async () => {
    const expected: Record<string, string[]> = {
      '/api/diet/ingredients': ['Id', 'NAMES', 'OTHER_NAME', 'FoodSort', 'KCAL', 'PROTEIN', 'FAT', 'CHO'],
      '/api/diet/dishes': ['Id', 'Names', 'SortNames', 'CanCi', 'Methods', 'diList'],
      '/api/diet/cookbook': ['Id', 'Names', 'Descriptions', 'Days', 'TypeId', 'TemplateTypeName', 'BakField2'],
      '/api/diet/dtcm': ['Id', 'Names', 'TizhiIds', 'Gender', 'Configs', 'Fuctions', 'Usage'],
      '/api/diet/principles': ['Id', 'Names', 'Contents', 'Classify'],
    };
    for (const [url, keys] of Object.entries(expected)) {
      const res = await get(`${url}?page=1&pageSize=2`);
      expect(res.statusCode, url).toBe(200);
      const body = res.json();
      expect(body.code).toBe(200);
      expect(body.data.records).toHaveLength(2);
      expect(body.data.total).toBeGreaterThan(2);
      for (const r of body.data.records) expect(Object.keys(r).sort(), url).toEqual([...keys].sort());
      const page2 = (await get(`${url}?page=2&pageSize=2`)).json().data.records as Rec[];
      expect(page2[0].Id).not.toBe(body.data.records[0].Id);
    }
    const tomato = (await get(`/api/diet/dishes?name=${encodeURIComponent('番茄炒蛋')}`)).json().data;
    expect(tomato.total).toBe(1);
    expect(tomato.records[0]).toMatchObject({ Names: '番茄炒蛋', SortNames: '荤菜', CanCi: [2, 3] });
    expect(tomato.records[0].diList).toEqual([
      { id: await ingredientId('番茄'), name: '番茄', weight: 200 },
      { id: await ingredientId('鸡蛋'), name: '鸡蛋', weight: 100 },
      { id: await ingredientId('花生油'), name: '花生油', weight: 10 },
      { id: await ingredientId('食盐'), name: '食盐', weight: 1.5 },
    ]);
    const eggs = (await get(`/api/diet/ingredients?name=${encodeURIComponent('鸡蛋')}`)).json().data.records as Rec[];
    expect(eggs.map((r) => r.NAMES)).toEqual(expect.arrayContaining(['鸡蛋', '鸡蛋白', '鸡蛋黄']));
    expect(eggs.find((r) => r.NAMES === '鸡蛋')).toMatchObject({ KCAL: 139, PROTEIN: 13.1, FAT: 8.6, CHO: 2.4 });
    const cookbook = (await get('/api/diet/cookbook?pageSize=1')).json().data.records[0];
    expect(cookbook.BakField2).toMatch(/^\d+-\d+$/);
    expect(cookbook.TemplateTypeName).toBe(COOKBOOK_TYPES.find((o) => o.value === cookbook.TypeId)?.label);
    const principle = (await get(`/api/diet/principles?name=${encodeURIComponent('糖尿病')}`)).json().data.records[0];
    expect(principle.Classify).toBe('diabetes');
    expect(principle.Contents).toContain('90千卡');
  });

  it('refuses the seed endpoints and the console lists to accounts without the menu', async () => {
    for (const url of ['/api/diet/ingredients', '/api/diet/cookbook', '/api/main/diet/dishes']) {
      expect((await get(url, 'expert')).statusCode, url).toBe(403);
      expect((await get(url, 'employee')).statusCode, url).toBe(403);
    }
  });

  it('ships every ingredient with a source and an energy that agrees with its macronutrients', async () => {
    const { rows } = await t.db.query<{
      name: string;
      kcal: number;
      protein: number;
      fat: number;
      cho: number;
      fiber: number | null;
      source: string;
      food_sort: number;
    }>('SELECT name, kcal, protein, fat, cho, fiber, source, food_sort FROM diet_ingredients');
    expect(rows.length).toBeGreaterThanOrEqual(150);
    expect(new Set(rows.map((r) => r.food_sort)).size).toBe(14);
    for (const raw of rows) {
      const r = {
        ...raw,
        kcal: Number(raw.kcal),
        protein: Number(raw.protein),
        fat: Number(raw.fat),
        cho: Number(raw.cho),
        fiber: raw.fiber === null ? null : Number(raw.fiber),
      };
      expect(checkEnergy(r).ok, `${r.name} ${JSON.stringify(checkEnergy(r))}`).toBe(true);
      expect(r.source.length, r.name).toBeGreaterThan(10);
    }
    // Oils: fat × 9, not the transcription's 0.
    expect(Number(rows.find((r) => r.name === '花生油')?.kcal)).toBe(899);
  });

  it('ships cookbooks whose every day lies inside their range, and ≥ 2 TCM recipes per constitution', async () => {
    const { rows } = await t.db.query<{ id: number }>('SELECT id FROM diet_cookbooks ORDER BY id');
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const { id } of rows) {
      const plan = await cookbookPlan(t.db, Number(id));
      if (!plan) throw new Error(`cookbook ${id}`);
      expect(plan.days).toHaveLength(7);
      expect(cookbookRangeError(plan.days, plan.kcalMin, plan.kcalMax), plan.name).toBeNull();
    }
    for (let c = 1; c <= 9; c++) {
      const n = await t.scalar('SELECT count(*) FROM diet_tcm WHERE constitutions @> $1::jsonb', [JSON.stringify([c])]);
      expect(n, `体质 ${c}`).toBeGreaterThanOrEqual(2);
    }
    const classes = await t.db.query<{ classify: string }>('SELECT DISTINCT classify FROM diet_principles');
    expect(classes.rows.map((r) => r.classify).sort()).toEqual(
      ['diabetes', 'dyslipidaemia', 'general', 'hypertension', 'hyperuricaemia', 'obesity'].sort(),
    );
  });

  it('refuses an ingredient whose energy does not match (a typo) naming the computed value', async () => {
    const body = {
      name: '测试燕麦片',
      foodSort: 1,
      kcal: 38.9,
      protein: 15,
      fat: 6.7,
      cho: 61.6,
      source: '测试来源：包装营养成分表',
    };
    const bad = await t.call('POST', '/api/main/diet/ingredients', t.token.staff, body);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('约为367千卡');
    expect(await t.scalar("SELECT count(*) FROM diet_ingredients WHERE name = '测试燕麦片'")).toBe(0);
    const ok = await t.call('POST', '/api/main/diet/ingredients', t.token.staff, { ...body, kcal: 377 });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('sums a dish’s nutrients from its lines, and follows an edited line', async () => {
    const egg = await ingredientId('鸡蛋');
    const tomato = await ingredientId('番茄');
    const created = await t.call('POST', '/api/main/diet/dishes', t.token.staff, {
      name: '测试番茄鸡蛋',
      sortName: '荤菜',
      mealTimes: [2],
      lines: [
        { ingredientId: tomato, grams: 200 },
        { ingredientId: egg, grams: 100 },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    const dish = created.json().data;
    // 番茄 200 g × 15 kcal (CFCT 番茄: 15 kcal, 0.9 g protein, 0.2 g fat, 3.3 g CHO) + 鸡蛋 100 g × 139 kcal
    const tomatoRow = (
      await t.db.query<Rec>('SELECT kcal, protein, fat, cho FROM diet_ingredients WHERE id = $1', [tomato])
    ).rows[0];
    const expectKcal = Math.round(2 * Number(tomatoRow.kcal) + 139);
    expect(dish.kcal).toBe(expectKcal);
    expect(dish.protein).toBeCloseTo(Math.round((2 * Number(tomatoRow.protein) + 13.1) * 10) / 10, 5);
    const edited = await t.call('PUT', `/api/main/diet/dishes/${dish.id}`, t.token.staff, {
      ...dish,
      lines: [dish.lines[0], { ...dish.lines[1], grams: 50 }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.kcal).toBe(Math.round(2 * Number(tomatoRow.kcal) + 69.5));
    const usedEgg = await t.call('DELETE', `/api/main/diet/ingredients/${egg}`, t.token.staff);
    expect(usedEgg.statusCode).toBe(400);
    expect(usedEgg.json().msg).toMatch(/^该食材被\d+个菜品使用（如/);
    const ghost = await t.call('POST', '/api/main/diet/dishes', t.token.staff, {
      name: '测试无此食材',
      sortName: '素菜',
      mealTimes: [2],
      lines: [{ ingredientId: 99_999_999, grams: 10 }],
    });
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json().errors).toEqual([{ path: 'lines.0.ingredientId', message: '食材不存在或已删除' }]);
    const listed = (await get(`/api/main/diet/dishes?name=${encodeURIComponent('测试番茄鸡蛋')}`)).json().data
      .records[0];
    expect(listed.kcal).toBe(edited.json().data.kcal);
  });

  it('refuses a cookbook with a day outside its range, naming the day and energy, and writes nothing', async () => {
    const rice = await dishId('米饭');
    const fish = await dishId('红烧鱼');
    const before = await t.scalar('SELECT count(*) FROM diet_cookbook_meals');
    const body = {
      name: '测试食谱',
      typeId: 1,
      days: 2,
      kcalMin: 800,
      kcalMax: 1000,
      meals: [
        { day: 1, meal: 2, dishId: rice, servings: 3 },
        { day: 1, meal: 3, dishId: fish, servings: 1 },
        { day: 2, meal: 2, dishId: rice, servings: 1 },
        { day: 2, meal: 3, dishId: fish, servings: 3 },
      ],
    };
    const res = await t.call('POST', '/api/main/diet/cookbook', t.token.staff, body);
    expect(res.statusCode).toBe(400);
    // Day 1: 3 × 174 + 346 = 868 (inside); day 2: 174 + 3 × 346 = 1212.
    expect(res.json().msg).toBe('第2天能量1212千卡，不在本食谱范围800–1000千卡内');
    expect(await t.scalar("SELECT count(*) FROM diet_cookbooks WHERE name = '测试食谱'")).toBe(0);
    expect(await t.scalar('SELECT count(*) FROM diet_cookbook_meals')).toBe(before);

    const empty = await t.call('POST', '/api/main/diet/cookbook', t.token.staff, {
      ...body,
      meals: body.meals.slice(0, 2),
    });
    expect(empty.json().msg).toBe('第2天没有安排菜品，能量0千卡，不在本食谱范围800–1000千卡内');

    const fixed = { ...body, meals: [...body.meals.slice(0, 3), { day: 2, meal: 3, dishId: fish, servings: 2 }] };
    const ok = await t.call('POST', '/api/main/diet/cookbook', t.token.staff, fixed);
    expect(ok.statusCode, ok.body).toBe(200);
    const plan = (await get(`/api/main/diet/cookbook/${ok.json().data.id}/plan`)).json().data;
    expect(plan.days.map((d: Rec) => d.kcal)).toEqual([868, 866]);
    expect(plan.days[1].meals.map((m: Rec) => m.meal)).toEqual([2, 3]);
    const s = plan.days[0].shares;
    expect(s.protein + s.fat + s.cho).toBeGreaterThanOrEqual(99);

    // A dish edit that would push that cookbook out of its range is refused too.
    const fishDish = (await get(`/api/main/diet/dishes/${fish}`)).json().data;
    const heavier = await t.call('PUT', `/api/main/diet/dishes/${fish}`, t.token.staff, {
      ...fishDish,
      lines: fishDish.lines.map((l: Rec, i: number) => (i === 0 ? { ...l, grams: 600 } : l)),
    });
    expect(heavier.statusCode).toBe(400);
    expect(heavier.json().msg).toContain('修改后食谱“');
    // …and a dish in a cookbook is not deleted.
    const del = await t.call('DELETE', `/api/main/diet/dishes/${fish}`, t.token.staff);
    expect(del.statusCode).toBe(400);
    expect(del.json().msg).toContain('个食谱使用');
  });
});
