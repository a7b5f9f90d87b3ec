import { type CookbookDay, energyShares, MEAL_TIMES, type Nutrients, type ResourceDef } from '@peis/shared';
import { useQueries } from '@tanstack/react-query';
import { Descriptions, Grid, Table, Tag, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { fetchRecord, type ResourceRecord, resourceKeys } from '../../resource-ui/resource-api';

const STALE_MS = 60_000;

/** The records of these ids of a catalogue (each from the detail cache the list and drawer share), by id. */
export function useRecordsById(resource: ResourceDef, ids: readonly number[]): Map<number, ResourceRecord> {
  const unique = [...new Set(ids.filter((id) => Number.isInteger(id) && id > 0))];
  const results = useQueries({
    queries: unique.map((id) => ({
      queryKey: resourceKeys.detail(resource, id),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchRecord(resource, id, signal),
      staleTime: STALE_MS,
    })),
  });
  const byId = new Map<number, ResourceRecord>();
  results.forEach((r, i) => {
    if (r.data) byId.set(unique[i], r.data);
  });
  return byId;
}

/** A record's kcal / protein / fat / cho as numbers (the per-100 g values of an ingredient, one serving of a dish). */
export const nutrientsOf = (r: ResourceRecord | undefined): Nutrients | undefined =>
  r
    ? { kcal: Number(r.kcal) || 0, protein: Number(r.protein) || 0, fat: Number(r.fat) || 0, cho: Number(r.cho) || 0 }
    : undefined;

/** 能量 and the three macronutrients with their share of energy, as one compact block. */
export function NutrientFigures({ value, testId }: { value: Nutrients; testId?: string }) {
  const shares = energyShares(value);
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 2, sm: 2, md: 4 }}
      data-testid={testId}
      items={[
        { key: 'kcal', label: '能量', children: <span data-testid="nutrient-kcal">{value.kcal} 千卡</span> },
        { key: 'protein', label: '蛋白质', children: `${value.protein} 克（${shares.protein}%）` },
        { key: 'fat', label: '脂肪', children: `${value.fat} 克（${shares.fat}%）` },
        { key: 'cho', label: '碳水化合物', children: `${value.cho} 克（${shares.cho}%）` },
      ]}
    />
  );
}

/** The meals of a day, one line each: 早餐：燕麦牛奶粥、煮鸡蛋×2. */
function MealLines({ day }: { day: CookbookDay }) {
  if (!day.meals.length) return <Typography.Text type="danger">这一天还没有安排菜品</Typography.Text>;
  return day.meals.map((m) => (
    <div key={m.meal}>
      <Typography.Text type="secondary">{MEAL_TIMES.find((o) => o.value === m.meal)?.label ?? ''}：</Typography.Text>
      {m.dishes.map((d) => (d.servings === 1 ? d.name : `${d.name}×${d.servings}`)).join('、')}
    </div>
  ));
}

/**
 * Per day of a cookbook: energy (marked when outside [kcalMin, kcalMax]), protein, fat and carbohydrate in grams
 * with their shares of energy, and under each day its meals. On a phone each day is one block.
 */
export function CookbookDaysTable({
  days,
  kcalMin,
  kcalMax,
}: {
  days: readonly CookbookDay[];
  kcalMin?: number;
  kcalMax?: number;
}) {
  const screens = Grid.useBreakpoint();
  const ranged = Number.isFinite(kcalMin) && Number.isFinite(kcalMax);
  const outside = (d: CookbookDay) =>
    ranged && (d.kcal < Number(kcalMin) || d.kcal > Number(kcalMax) || !d.meals.length);
  const energy = (d: CookbookDay) => (
    <span data-testid="day-kcal">
      {outside(d) ? <Tag color="error">{d.kcal} 千卡 超出范围</Tag> : `${d.kcal} 千卡`}
    </span>
  );
  const grams = (g: number, share: number) => `${g} 克（${share}%）`;
  if (!days.length) return <Typography.Text type="secondary">填写天数和餐单后显示每天的能量</Typography.Text>;
  if (!screens.md) {
    return (
      <div data-testid="cookbook-days">
        {days.map((d) => (
          <div key={d.day} data-testid="cookbook-day" style={{ padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}>
            <Typography.Text strong>第{d.day}天</Typography.Text> {energy(d)}
            <div>
              蛋白质 {grams(d.protein, d.shares.protein)}，脂肪 {grams(d.fat, d.shares.fat)}，碳水化合物{' '}
              {grams(d.cho, d.shares.cho)}
            </div>
            <MealLines day={d} />
          </div>
        ))}
      </div>
    );
  }
  return (
    <Table<CookbookDay>
      data-testid="cookbook-days"
      size="small"
      rowKey="day"
      pagination={false}
      dataSource={[...days]}
      onRow={() => ({ 'data-testid': 'cookbook-day' }) as HTMLAttributes<HTMLElement>}
      expandable={{
        expandedRowRender: (d) => <MealLines day={d} />,
        expandedRowKeys: days.map((d) => d.day),
        showExpandColumn: false,
      }}
      columns={[
        { key: 'day', title: '天', width: 70, render: (_, d) => `第${d.day}天` },
        { key: 'kcal', title: '能量', render: (_, d) => energy(d) },
        { key: 'protein', title: '蛋白质', render: (_, d) => grams(d.protein, d.shares.protein) },
        { key: 'fat', title: '脂肪', render: (_, d) => grams(d.fat, d.shares.fat) },
        { key: 'cho', title: '碳水化合物', render: (_, d) => grams(d.cho, d.shares.cho) },
      ]}
    />
  );
}
