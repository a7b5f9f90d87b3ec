import { fitnessTemplateResource, type RouteDef } from '@peis/shared';
import { TemplatePlanDetail, TemplatePlanPreview } from '../../components/fitness/weekly-plan';
import { LiveOrDeletedList } from '../../resource-ui/live-or-deleted-list';
import type { FieldCells } from '../../resource-ui/resource-detail-drawer';
import type { FormExtra } from '../../resource-ui/resource-form-dialog';

const formExtra: FormExtra = () => <TemplatePlanPreview />;

/** A weekly total with its unit (the declared columns carry bare numbers). */
const perWeek = (key: string, unit: string) => (record: Record<string, unknown>) =>
  record[key] === null || record[key] === undefined ? '-' : `${record[key]} ${unit}`;

const cells: FieldCells = {
  moderateMinutes: perWeek('moderateMinutes', '分钟/周'),
  metMinutes: perWeek('metMinutes', 'MET·分钟/周'),
  weeklyMinutes: perWeek('weeklyMinutes', '分钟/周'),
  lines: (record, variant) =>
    variant === 'detail' ? <TemplatePlanDetail lines={record.lines} classify={record.classifyName} /> : null,
};

/**
 * /main/fitness/template 运动模板: the declared list and form, with the weekly plan computed live under the form's
 * lines (minutes, moderate-equivalent minutes, MET-minutes, the group's goal) and shown the same way in 查看.
 */
export default function FitnessTemplatePage({ route }: { route: RouteDef }) {
  return (
    <LiveOrDeletedList resource={fitnessTemplateResource} title={route.title} formExtra={formExtra} cells={cells} />
  );
}
