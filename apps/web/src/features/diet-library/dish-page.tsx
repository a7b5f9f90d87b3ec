import { dishNutrients, dishResource, ingredientResource, type RouteDef } from '@peis/shared';
import { Card, Form, Typography } from 'antd';
import { LiveOrDeletedList } from '../../resource-ui/live-or-deleted-list';
import { NutrientFigures, nutrientsOf, useRecordsById } from './nutrients';

type Line = { ingredientId?: number; grams?: number } | undefined;

/** Under the 配料 table: one serving's nutrients summed from the lines as they are typed (dishNutrients). */
function DishNutrientsPreview() {
  const lines = (Form.useWatch('lines') as Line[] | undefined) ?? [];
  const ingredients = useRecordsById(
    ingredientResource,
    lines.map((l) => Number(l?.ingredientId)),
  );
  const value = dishNutrients(
    lines.map((l) => ({ grams: Number(l?.grams) || 0, ...nutrientsOf(ingredients.get(Number(l?.ingredientId))) })),
  );
  return (
    <Card size="small" title="每份营养（按配料计算）" style={{ marginBottom: 16 }}>
      <NutrientFigures value={value} testId="dish-nutrients" />
      <Typography.Text type="secondary">
        按各食材每100克可食部的数值与配料重量计算，保存后列表显示同样的结果。
      </Typography.Text>
    </Card>
  );
}

const formExtra = () => <DishNutrientsPreview />;

/** /main/diet/dishes 菜品库: the declared list and form, with the nutrients of the lines shown live in the form. */
export default function DishPage({ route }: { route?: RouteDef }) {
  return <LiveOrDeletedList resource={dishResource} title={route?.title} formExtra={formExtra} />;
}
