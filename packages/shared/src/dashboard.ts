import {
  ABNORMALITY_CRITERIA,
  ABNORMALITY_TYPES,
  type AbnormalityKey,
  conditionSql,
  INDICATOR_ROW_CRITERIA,
} from './rules/criteria';

/**
 * Company-dashboard definitions (PRODUCT.md "Dashboard semantics"): the completion rings and the
 * indicators they count, the 14 rows of the employee indicator table, the decline table's fixed units.
 */

/** Ring cards: path key of /company/dashboard/wanchengdu/{key}, title, and the abnormality counted. */
export const COMPLETION_INDICATORS: { key: string; title: string; abnormality: AbnormalityKey; library: string }[] = [
  { key: 'gaoxueya1', title: '高血压', abnormality: 'bp', library: '血压' },
  { key: 'gaoxuezhi1', title: '高血脂', abnormality: 'lipid', library: '血脂' },
  { key: 'gaoxuetang1', title: '高血糖', abnormality: 'glucose', library: '血糖' },
  { key: 'gaoniaosuan1', title: '高尿酸', abnormality: 'ua', library: '尿酸' },
  { key: 'gaobmi1', title: '高BMI', abnormality: 'weight', library: '体重' },
];

/** The health-package card's title (its dialog is split by package level). */
export const HEALTH_PACKAGE_TITLE = '健康服务包';

/** Completion rate of SPEC §9: done / total × 100, a whole percent; 0 when there is nobody. */
export const completionRate = (done: number, total: number) => (total > 0 ? Math.round((done / total) * 100) : 0);

/** Decline ratio of the decline table: (count2024 − count2025) / count2024, 0 when count2024 is 0; 4 decimals. */
export const declineRate = (count2024: number, count2025: number) =>
  count2024 > 0 ? Math.round(((count2024 - count2025) / count2024) * 10000) / 10000 : 0;

/** Units always present in the decline table (SPEC §9), by display name. */
export const DECLINE_ALWAYS_UNITS = ['保卫部', '页岩油', '行政事务中心', '新疆分公司'];

/**
 * The decline table's alias table (SPEC §9 leaves it to the project): a unit's short name → the row it counts
 * in (a work area in its plant). Units not listed show their short name, as every table and chart does
 * (one name per unit: docs/decisions.md).
 */
export const UNIT_ALIASES: Record<string, string> = {
  采油一厂一区: '采油一厂',
  采油一厂二区: '采油一厂',
};

/** The decline table's fixed order; names not listed follow in unit order. */
export const DECLINE_ORDER = [
  '采油一厂',
  '采油二厂',
  '采油三厂',
  '采气一厂',
  '页岩油',
  '井下作业',
  '钻井处',
  '输油处',
  '研究院',
  '工艺院',
  '水电处',
  '物资处',
  '信息中心',
  '机关',
  '保卫部',
  '行政事务中心',
  '新疆分公司',
];

/** Age bands of SPEC §9. */
export const AGE_BANDS = [
  { key: 'lte_34', label: '≤34岁', min: 0, max: 34 },
  { key: 'gte_35_44', label: '35–44岁', min: 35, max: 44 },
  { key: 'gte_45', label: '≥45岁', min: 45, max: 200 },
] as const;

export interface IndicatorRowDef {
  id: number;
  leibie: string;
  mingcheng: string;
  biaozhun: string;
  /** The abnormality (pie slice) the row counts towards, if any. */
  abnormality?: AbnormalityKey;
  /** SQL condition over a check `c` ("values" jsonb) and its person `e` (sex), generated from the row's criterion. */
  sql: string;
}

/** The 14 rows of the employee indicator table (PRODUCT.md): the criteria of rules/criteria.ts as SQL. */
export const INDICATOR_TABLE_ROWS: IndicatorRowDef[] = INDICATOR_ROW_CRITERIA.map(({ condition, ...row }) => ({
  ...row,
  sql: conditionSql(condition),
}));

/**
 * Abnormal factors in display order: the pie's names and, for each, the criterion every widget counting it
 * shows (the union of its indicator-table rows, rules/criteria.ts).
 */
export const ABNORMAL_FACTORS: { key: AbnormalityKey; name: string; criterion: string }[] = Object.values(
  ABNORMALITY_CRITERIA,
).map((a) => ({ key: a.key, name: a.label, criterion: a.criterion }));

/**
 * The year the company dashboard's year filters open on, and the year the workbench's 高危人群 card counts:
 * one year for both, so the card equals the 风险人群分布 chart as first shown.
 */
export const DASHBOARD_DEFAULT_YEAR = 2025;

/** The workbench's 高危指标统计 (SPEC §2): one bar per abnormality, each counted by its one definition (rules/criteria.ts). */
export const HIGH_RISK_BARS: { key: AbnormalityKey; name: string }[] = ABNORMALITY_TYPES.map((t) => ({
  key: t.key,
  // SPEC §2 names the weight bar 超重; its definition (BMI ≥ 24) takes in 肥胖 as well, as the tooltip says.
  name: t.key === 'weight' ? '超重' : t.disease,
}));

/** SPEC §9: the range the bar chart opens with. */
export const HIGH_RISK_DEFAULT_RANGE = { start: '2023-01-01', end: '2023-12-31' } as const;

/** GET /main/dashboard/high-risk: people per abnormality among those checked in [start, end]. */
export interface HighRiskAnswer {
  start: string;
  end: string;
  /** People with at least one check in the range (0: nothing to count, the chart says 无数据). */
  checked: number;
  bars: { key: AbnormalityKey; name: string; criterion: string; value: number }[];
}

/** The 项目甘特图's tasks in order; each one's actual dates are the first and last of its rows' activity. */
export const PLAN_TASKS = [
  { key: 'records', name: '健康档案建档', activity: '健康档案的建立与更新' },
  { key: 'checks', name: '体检数据导入', activity: '体检数据的导入与录入' },
  { key: 'followUp', name: '阳性随访', activity: '阳性任务的处理与随访记录' },
  { key: 'report', name: '总结报告', activity: '统计与看板报表的导出' },
] as const;
export type PlanTaskKey = (typeof PLAN_TASKS)[number]['key'];

/** One task of GET /main/dashboard/plan: the planned dates (may be unset) and the actual first/last activity. */
export interface PlanTask {
  key: PlanTaskKey;
  name: string;
  /** What counts as its activity (the tooltip says so). */
  activity: string;
  actualStart: string | null;
  actualEnd: string | null;
  plannedStart: string | null;
  plannedEnd: string | null;
}

/** GET /main/dashboard/plan. */
export interface WorkPlan {
  year: number;
  tasks: PlanTask[];
}

/** What PUT /main/dashboard/plan takes per task (both dates empty clears the task's plan). */
export interface PlanDates {
  key: PlanTaskKey;
  plannedStart: string | null;
  plannedEnd: string | null;
}
