import { type CookbookPlan, cookbookDays, cookbookResource, dishResource, type RouteDef } from '@peis/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Form, Spin } from 'antd';
import { http } from '../../app/http';
import { LiveOrDeletedList } from '../../resource-ui/live-or-deleted-list';
import type { Envelope, ResourceRecord } from '../../resource-ui/resource-api';
import { CookbookDaysTable, nutrientsOf, useRecordsById } from './nutrients';

type Meal = { day?: number; meal?: number; dishId?: number; servings?: number } | undefined;

/** Under the 餐单 table: every day's energy and macronutrient shares as the meals are typed, marked when outside the range. */
function CookbookPreview() {
  const meals = (Form.useWatch('meals') as Meal[] | undefined) ?? [];
  const days = Math.min(14, Math.max(0, Number(Form.useWatch('days')) || 0));
  const kcalMin = Number(Form.useWatch('kcalMin'));
  const kcalMax = Number(Form.useWatch('kcalMax'));
  const dishes = useRecordsById(
    dishResource,
    meals.map((m) => Number(m?.dishId)),
  );
  const lines = meals.flatMap((m) => {
    const dish = nutrientsOf(dishes.get(Number(m?.dishId)));
    return m && dish
      ? [
          {
            day: Number(m.day),
            meal: Number(m.meal),
            dishId: Number(m.dishId),
            name: String(dishes.get(Number(m.dishId))?.name ?? ''),
            servings: Number(m.servings) || 0,
            dish,
          },
        ]
      : [];
  });
  const computed = cookbookDays(days, lines);
  return (
    <Card
      size="small"
      title="每日能量与营养素（按餐单计算）"
      style={{ marginBottom: 16 }}
      data-testid="cookbook-preview"
    >
      <CookbookDaysTable days={computed} kcalMin={kcalMin} kcalMax={kcalMax} />
    </Card>
  );
}

/** The detail's 餐单: the cookbook's plan per day as the server computes it (GET …/cookbook/:id/plan). */
function CookbookPlanView({ id }: { id: ResourceRecord['id'] }) {
  const plan = useQuery({
    queryKey: ['resource', cookbookResource.endpoint, 'plan', String(id)],
    queryFn: ({ signal }) =>
      http
        .get<Envelope<CookbookPlan>>(`${cookbookResource.endpoint}/${id}/plan`, undefined, { signal })
        .then((a) => a.data),
  });
  if (plan.isPending) return <Spin />;
  if (!plan.data) return <Alert type="warning" message="每日营养加载失败" showIcon />;
  return <CookbookDaysTable days={plan.data.days} kcalMin={plan.data.kcalMin} kcalMax={plan.data.kcalMax} />;
}

const formExtra = () => <CookbookPreview />;
const cells = { meals: (r: ResourceRecord) => <CookbookPlanView id={r.id} /> };

/**
 * /main/diet/cookbook 食谱库: the declared list and form; the form shows each day's energy and shares live, the
 * detail each day's plan (energy, protein/fat/carbohydrate with their shares of energy, the meals).
 */
export default function CookbookPage({ route }: { route?: RouteDef }) {
  return <LiveOrDeletedList resource={cookbookResource} title={route?.title} formExtra={formExtra} cells={cells} />;
}
