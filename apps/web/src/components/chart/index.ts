export { EChart, type EChartEvents, type EChartOption, type EChartProps } from './echart';
