import {
  BarChart,
  type BarSeriesOption,
  LineChart,
  type LineSeriesOption,
  PieChart,
  type PieSeriesOption,
} from 'echarts/charts';
import {
  DataZoomComponent,
  type DataZoomComponentOption,
  GridComponent,
  type GridComponentOption,
  LegendComponent,
  type LegendComponentOption,
  TitleComponent,
  type TitleComponentOption,
  TooltipComponent,
  type TooltipComponentOption,
} from 'echarts/components';
import { type ComposeOption, type EChartsType, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { type CSSProperties, useEffect, useRef } from 'react';

// Registered once, when the first chart's module loads: only what the console draws (tree-shaken build).
use([
  LineChart,
  BarChart,
  PieChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  TitleComponent,
  DataZoomComponent,
  CanvasRenderer,
]);

/** The option shapes the registered charts and components accept. */
export type EChartOption = ComposeOption<
  | LineSeriesOption
  | BarSeriesOption
  | PieSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
  | TitleComponentOption
  | DataZoomComponentOption
>;

/** A chart's container element, carrying its instance. */
export type ChartContainer = HTMLDivElement & { echartsInstance?: EChartsType };

/** Event name ('click', 'legendselectchanged', …) → handler, bound to the chart instance. */
export type EChartEvents = Record<string, (params: unknown) => void>;

export interface EChartProps {
  option: EChartOption;
  /** Container height; the width follows the parent. Default 300 px. */
  height?: number | string;
  /** data-testid of the container. */
  testId?: string;
  /** Keep what the previous option set (series not in the new option stay). Default false: replace. */
  merge?: boolean;
  /** Shows ECharts' own loading mask. */
  loading?: boolean;
  onEvents?: EChartEvents;
  className?: string;
  style?: CSSProperties;
}

/**
 * A small ECharts wrapper: one instance per container, option applied on every change, resized with its
 * container (ResizeObserver), disposed on unmount.
 */
export function EChart({
  option,
  height = 300,
  testId,
  merge = false,
  loading,
  onEvents,
  className,
  style,
}: EChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<EChartsType | null>(null);

  useEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const chart = init(el);
    chartRef.current = chart;
    // Reachable from the container (browser tests measure the drawn layout: legend against axis names).
    (el as ChartContainer).echartsInstance = chart;
    const observer = new ResizeObserver(() => {
      if (!chart.isDisposed()) chart.resize();
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.dispose();
      chartRef.current = null;
    };
  }, []);

  useEffect(() => {
    chartRef.current?.setOption(option, { notMerge: !merge, lazyUpdate: true });
  }, [option, merge]);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    // ECharts' own mask says "loading" in English; the console speaks Chinese.
    if (loading) chart.showLoading('default', { text: '加载中…', color: '#1677ff', textColor: '#595959' });
    else chart.hideLoading();
  }, [loading]);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart || !onEvents) return;
    const entries = Object.entries(onEvents);
    for (const [name, handler] of entries) chart.on(name, handler);
    return () => {
      for (const [name, handler] of entries) chart.off(name, handler);
    };
  }, [onEvents]);

  return (
    <div
      ref={containerRef}
      data-testid={testId}
      className={className}
      style={{ width: '100%', height, minWidth: 0, ...style }}
    />
  );
}
