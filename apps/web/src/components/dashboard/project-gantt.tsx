import { Card } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { EChart, type EChartOption } from '../chart';

export interface GanttTask {
  name: string;
  /** First day, YYYY-MM-DD. */
  start: string;
  /** Last day (inclusive), YYYY-MM-DD. */
  end: string;
  color: string;
}

/** SPEC §2: fixed sample tasks and dates — project start, three tasks, final report. */
export const GANTT_SAMPLE_TASKS: GanttTask[] = [
  { name: '项目启动', start: '2025-01-06', end: '2025-01-17', color: '#1677ff' },
  { name: '健康档案建档', start: '2025-01-20', end: '2025-03-28', color: '#13c2c2' },
  { name: '体检数据导入', start: '2025-03-10', end: '2025-05-30', color: '#52c41a' },
  { name: '阳性随访', start: '2025-05-12', end: '2025-10-31', color: '#fa8c16' },
  { name: '总结报告', start: '2025-11-03', end: '2025-12-19', color: '#722ed1' },
];

/** Duration in days, both ends included (a task from the 6th to the 17th lasts 12 days). */
export const durationDays = (task: Pick<GanttTask, 'start' | 'end'>) =>
  dayjs(task.end).diff(dayjs(task.start), 'day') + 1;

interface TooltipParam {
  seriesIndex?: number;
  dataIndex?: number;
}

/**
 * SPEC §2 项目甘特图 as a horizontal bar Gantt: a category axis of task names (first task on top) and a day
 * axis; each bar is a transparent offset (days from the project start) stacked with the task's duration.
 * The tooltip gives the dates and "持续 N 天".
 */
export function ProjectGantt({ tasks = GANTT_SAMPLE_TASKS }: { tasks?: GanttTask[] }) {
  const option = useMemo<EChartOption>(() => {
    const first = tasks.reduce((min, t) => (t.start < min ? t.start : min), tasks[0]?.start ?? '2025-01-01');
    const last = tasks.reduce((max, t) => (t.end > max ? t.end : max), tasks[0]?.end ?? '2025-12-31');
    // The day axis runs over whole months, labelled at each month's first day.
    const origin = dayjs(first).startOf('month');
    const until = dayjs(last).endOf('month').add(1, 'day').startOf('day');
    const span = until.diff(origin, 'day');
    const monthStarts: number[] = [];
    for (let m = origin; m.isBefore(until); m = m.add(1, 'month')) monthStarts.push(m.diff(origin, 'day'));
    // Top to bottom in task order: the category axis is inverted.
    const names = tasks.map((t) => t.name);
    const offsets = tasks.map((t) => dayjs(t.start).diff(origin, 'day'));
    // A bar too short for its own "N天" label goes without it (the tooltip still tells).
    const durations = tasks.map((t) => ({
      value: durationDays(t),
      itemStyle: { color: t.color },
      label: { show: durationDays(t) / span >= 0.06 },
    }));
    return {
      grid: { left: 8, right: 24, top: 16, bottom: 8, containLabel: true },
      tooltip: {
        trigger: 'item',
        confine: true,
        formatter: (raw: unknown) => {
          const p = raw as TooltipParam;
          const task = tasks[p.dataIndex ?? -1];
          if (!task || p.seriesIndex !== 1) return '';
          return `<b>${task.name}</b><br/>${task.start} 至 ${task.end}<br/>持续 ${durationDays(task)} 天`;
        },
      },
      xAxis: {
        type: 'value',
        min: 0,
        max: span,
        axisTick: { customValues: monthStarts },
        axisLabel: {
          customValues: monthStarts,
          formatter: (v: number) => origin.add(v, 'day').format('M月'),
          hideOverlap: true,
        },
        splitLine: { lineStyle: { type: 'dashed' } },
      },
      yAxis: {
        type: 'category',
        data: names,
        inverse: true,
        axisTick: { show: false },
      },
      series: [
        {
          type: 'bar',
          name: '偏移',
          stack: 'gantt',
          silent: true,
          itemStyle: { color: 'transparent' },
          emphasis: { disabled: true },
          tooltip: { show: false },
          data: offsets,
        },
        {
          type: 'bar',
          name: '持续天数',
          stack: 'gantt',
          barMaxWidth: 22,
          itemStyle: { borderRadius: 4 },
          label: { show: true, position: 'inside', formatter: '{c}天', color: '#fff', fontSize: 11 },
          data: durations,
        },
      ],
    };
  }, [tasks]);
  return (
    <Card title="项目甘特图" data-testid="gantt-chart" style={{ height: '100%' }} styles={{ body: { padding: 12 } }}>
      <EChart option={option} height={304} />
    </Card>
  );
}
