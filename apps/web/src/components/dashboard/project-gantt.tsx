import { EditOutlined } from '@ant-design/icons';
import type { PlanDates, WorkPlan } from '@peis/shared';
import { Button, Card, DatePicker, Form, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { EChart, type EChartOption } from '../chart';
import { freshOnOpen } from '../fresh-on-open';
import { FormDialog, useDialogSave } from '../list';
import { ChartEmpty } from './chart-empty';

/** Who may set the plan's planned dates (the server checks it on PUT). */
export const WORK_PLAN_PERMISSION = 'workPlan:edit';

/** Duration in days, both ends included (a task from the 6th to the 17th lasts 12 days). */
export const durationDays = (start: string, end: string) => dayjs(end).diff(dayjs(start), 'day') + 1;

const COLORS = ['#13c2c2', '#52c41a', '#fa8c16', '#722ed1', '#1677ff'];
const DAY = 'YYYY-MM-DD';

interface TooltipParam {
  seriesIndex?: number;
  dataIndex?: number;
}

const span = (label: string, start: string | null, end: string | null) =>
  start && end ? `${label}：${start} 至 ${end}<br/>持续 ${durationDays(start, end)} 天` : `${label}：未设置`;

/**
 * The year as a day axis (labelled at each month's first day) and two bars per task: the planned dates as a
 * dashed outline, the actual first-to-last activity solid below it. Each bar is a transparent offset (days
 * from 1 January) stacked with the duration.
 */
function ganttOption(plan: WorkPlan): EChartOption {
  const origin = dayjs(`${plan.year}-01-01`);
  const days = origin.add(1, 'year').diff(origin, 'day');
  const monthStarts = Array.from({ length: 12 }, (_, m) => origin.add(m, 'month').diff(origin, 'day'));
  const offset = (d: string | null) => (d ? dayjs(d).diff(origin, 'day') : '-');
  const length = (s: string | null, e: string | null) => (s && e ? durationDays(s, e) : '-');
  const { tasks } = plan;
  return {
    grid: { left: 8, right: 24, top: 32, bottom: 8, containLabel: true },
    legend: { data: ['计划', '实际'], top: 0, right: 8, itemWidth: 16, itemHeight: 10 },
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (raw: unknown) => {
        const p = raw as TooltipParam;
        const task = tasks[p.dataIndex ?? -1];
        if (!task) return '';
        if (p.seriesIndex === 1) return `<b>${task.name}</b><br/>${span('计划', task.plannedStart, task.plannedEnd)}`;
        if (p.seriesIndex === 3) {
          return `<b>${task.name}</b><br/>${span('实际', task.actualStart, task.actualEnd)}<br/><span style="color:#888">按${task.activity}的首末日期</span>`;
        }
        return '';
      },
    },
    xAxis: {
      type: 'value',
      min: 0,
      max: days,
      axisTick: { customValues: monthStarts },
      axisLabel: {
        customValues: monthStarts,
        formatter: (v: number) => origin.add(v, 'day').format('M月'),
        hideOverlap: true,
      },
      splitLine: { lineStyle: { type: 'dashed' } },
    },
    yAxis: { type: 'category', data: tasks.map((t) => t.name), inverse: true, axisTick: { show: false } },
    series: [
      {
        type: 'bar',
        name: '计划偏移',
        stack: 'plan',
        silent: true,
        itemStyle: { color: 'transparent' },
        emphasis: { disabled: true },
        tooltip: { show: false },
        data: tasks.map((t) => offset(t.plannedStart)),
      },
      {
        type: 'bar',
        name: '计划',
        stack: 'plan',
        barMaxWidth: 12,
        // A task of one day still shows as a bar (its length in days is in the tooltip).
        barMinHeight: 4,
        barGap: '30%',
        itemStyle: { color: 'rgba(22, 119, 255, 0.08)', borderColor: '#1677ff', borderType: 'dashed', borderWidth: 1 },
        data: tasks.map((t) => length(t.plannedStart, t.plannedEnd)),
      },
      {
        type: 'bar',
        name: '实际偏移',
        stack: 'actual',
        silent: true,
        itemStyle: { color: 'transparent' },
        emphasis: { disabled: true },
        tooltip: { show: false },
        data: tasks.map((t) => offset(t.actualStart)),
      },
      {
        type: 'bar',
        name: '实际',
        stack: 'actual',
        barMaxWidth: 12,
        barMinHeight: 4,
        itemStyle: { color: COLORS[0], borderRadius: 3 },
        data: tasks.map((t, i) => ({
          value: length(t.actualStart, t.actualEnd),
          itemStyle: { color: COLORS[i % COLORS.length] },
        })),
      },
    ],
  };
}

export interface ProjectGanttProps {
  plan: WorkPlan | undefined;
  loading: boolean;
  error: boolean;
  /** Shows 设置计划 (the account has WORK_PLAN_PERMISSION). */
  canEdit: boolean;
  /** PUT of the planned dates. */
  save: (year: number, tasks: PlanDates[]) => Promise<unknown>;
  /** Query keys to refresh after a save. */
  refresh: readonly (readonly unknown[])[];
}

/**
 * SPEC §2 项目甘特图, from this year's rows: per task the planned dates an administrator sets and the actual
 * first and last activity; the tooltip gives the dates and "持续 N 天".
 */
export function ProjectGantt({ plan, loading, error, canEdit, save, refresh }: ProjectGanttProps) {
  const [editing, setEditing] = useState(false);
  const option = useMemo(() => (plan ? ganttOption(plan) : null), [plan]);
  const anything = plan?.tasks.some((t) => t.actualStart || t.plannedStart) ?? false;
  const idle = plan?.tasks.filter((t) => !t.actualStart).map((t) => t.name) ?? [];
  return (
    <Card
      title={plan ? `项目甘特图（${plan.year} 年）` : '项目甘特图'}
      data-testid="gantt-chart"
      style={{ height: '100%' }}
      styles={{ body: { padding: 12 } }}
      extra={
        canEdit && plan ? (
          <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="plan-edit">
            设置计划
          </Button>
        ) : null
      }
    >
      <Spin spinning={loading}>
        {plan && option && anything ? (
          <div
            data-testid="gantt-tasks"
            data-planned={plan.tasks.map((t) => (t.plannedStart ? `${t.plannedStart}~${t.plannedEnd}` : '')).join(',')}
          >
            <EChart option={option} height={idle.length ? 280 : 304} />
            {idle.length > 0 && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="gantt-idle">
                本年度尚无活动记录：{idle.join('、')}
              </Typography.Text>
            )}
          </div>
        ) : (
          <ChartEmpty height={304} error={error} answered={Boolean(plan)} testId="gantt-empty" />
        )}
      </Spin>
      {plan && (
        <PlanDialog open={editing} onClose={() => setEditing(false)} plan={plan} save={save} refresh={refresh} />
      )}
    </Card>
  );
}

type PlanValues = Record<string, [Dayjs, Dayjs] | null | undefined>;

/** 设置计划: one date range per task within the plan's year; an emptied range clears that task's plan. */
const PlanDialog = freshOnOpen(function PlanDialog({
  open,
  onClose,
  plan,
  save,
  refresh,
}: {
  open: boolean;
  onClose: () => void;
  plan: WorkPlan;
  save: ProjectGanttProps['save'];
  refresh: ProjectGanttProps['refresh'];
}) {
  const [form] = Form.useForm<PlanValues>();
  const saving = useDialogSave({
    save: (values: PlanValues) =>
      save(
        plan.year,
        plan.tasks.map((t) => {
          const v = values[t.key];
          return { key: t.key, plannedStart: v?.[0]?.format(DAY) ?? null, plannedEnd: v?.[1]?.format(DAY) ?? null };
        }),
      ),
    done: '工作计划已保存',
    refresh,
    onDone: onClose,
  });
  const initialValues: PlanValues = Object.fromEntries(
    plan.tasks.map((t) => [
      t.key,
      t.plannedStart && t.plannedEnd ? [dayjs(t.plannedStart), dayjs(t.plannedEnd)] : null,
    ]),
  );
  const first = dayjs(`${plan.year}-01-01`);
  const last = dayjs(`${plan.year}-12-31`);
  return (
    <FormDialog<PlanValues>
      title={`设置 ${plan.year} 年工作计划`}
      open={open}
      onClose={onClose}
      form={form}
      saving={saving}
      formTestId="plan-form"
      okTestId="plan-ok"
      intro="为每项工作设置计划起止日期（须在本年度内）；实际日期取自系统中的记录。清空日期即取消该项计划。"
      initialValues={initialValues}
    >
      {plan.tasks.map((t) => (
        <Form.Item key={t.key} name={t.key} label={t.name}>
          <DatePicker.RangePicker
            minDate={first}
            maxDate={last}
            defaultPickerValue={[first, first]}
            style={{ width: '100%' }}
            data-testid={`plan-range-${t.key}`}
          />
        </Form.Item>
      ))}
    </FormDialog>
  );
});
