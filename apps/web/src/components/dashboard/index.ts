export { CompletionRingCard, type CompletionRingCardProps, HEALTH_PACKAGE_KEY } from './completion-ring-card';
export { CountCard, type CountCardProps } from './count-card';
export * from './dashboard-api';
export { DECLINE_EMPTY_TEXT, DeclineDialog, type DeclineDialogProps } from './decline-dialog';
export { AbnormalFactorPie, RiskPopulationDonut } from './distribution-charts';
export { HIGH_RISK_DEFAULT_RANGE, type HighRiskAnswer, HighRiskBarChart } from './high-risk-bar-chart';
export { EXPORT_PERMISSION, IndicatorTable, runSpans } from './indicator-table';
export { ProgressDialog, type ProgressDialogProps } from './progress-dialog';
export {
  durationDays,
  type PlanDates,
  type PlanTask,
  ProjectGantt,
  WORK_PLAN_PERMISSION,
  type WorkPlan,
} from './project-gantt';
export { NO_DATA_TEXT, RateBar, rateText } from './rate-bar';
export { YearFilter, type YearFilterProps } from './year-filter';
