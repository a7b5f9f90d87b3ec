import type { HighRiskAnswer, PlanDates, WorkPlan } from '@peis/shared';
import { type Catalogue, http } from '../../app/http';

/** The workbench calls: the count cards, the 高危指标统计 and 项目甘特图 data, and the user's own open work. */

export interface WorkbenchSummary {
  records: number;
  newFindings: number;
  tasksDue: number;
  /** Open tasks assigned to the account, and those of them due within a week. */
  myTasks: number;
  myTasksDue: number;
  /** 慢病 + 重病 of the company dashboard's default year (highRiskYear), in the account's scope. */
  highRisk: number;
  highRiskYear: number;
  followUpsToday: number;
}

/** Numeric count fields of the summary (what a card can show). */
export type SummaryCount = Exclude<keyof WorkbenchSummary, 'highRiskYear'>;

/** A row of GET /positive/task (the fields the workbench shows). */
export interface MyPositiveTask {
  id: number;
  employeeId: number;
  name: string;
  unitName: string;
  ruleName: string;
  dueDate: string;
  /** 1 待处理, 2 处理中. */
  status: number;
  overdue: boolean;
}

/** A row of GET /follow-up/task (the fields the workbench shows). */
export interface MyFollowUp {
  id: number;
  employeeId: number;
  name: string;
  unitName: string;
  title: string;
  nextDate: string;
  due: boolean;
}

export interface Listing<T> {
  total: number;
  records: T[];
}

/** How many of the user's items each list shows. */
export const MY_ITEMS_PAGE_SIZE = 10;

/** A role without the list's menu gets 403: the card then just leaves that list out, no toast. */
const QUIET_403: Catalogue = { 403: false };

export const workbenchKeys = {
  all: ['workbench'] as const,
  summary: () => [...workbenchKeys.all, 'summary'] as const,
  highRisk: (start: string, end: string) => [...workbenchKeys.all, 'high-risk', start, end] as const,
  plan: () => [...workbenchKeys.all, 'plan'] as const,
  myTasks: () => [...workbenchKeys.all, 'my-positive-tasks'] as const,
  myFollowUps: () => [...workbenchKeys.all, 'my-follow-ups'] as const,
};

/** GET /main/dashboard/summary: counts within the account's scope (every role with main:dashboard). */
export async function fetchSummary(signal?: AbortSignal): Promise<WorkbenchSummary> {
  const answer = await http.get<{ data: WorkbenchSummary }>('/main/dashboard/summary', undefined, { signal });
  return answer.data;
}

/** The user's own open positive tasks: status 1 (待处理) and 2 (处理中), soonest due first. */
export async function fetchMyPositiveTasks(signal?: AbortSignal): Promise<Listing<MyPositiveTask>> {
  const [open, inProgress] = await Promise.all(
    [1, 2].map((status) =>
      http.get<{ data: Listing<MyPositiveTask> }>(
        '/positive/task',
        { mine: true, status, pageSize: MY_ITEMS_PAGE_SIZE },
        { signal, catalogue: QUIET_403 },
      ),
    ),
  );
  const records = [...open.data.records, ...inProgress.data.records]
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.id - b.id)
    .slice(0, MY_ITEMS_PAGE_SIZE);
  return { total: open.data.total + inProgress.data.total, records };
}

/** The user's own follow-ups due today or earlier. */
export async function fetchMyFollowUps(signal?: AbortSignal): Promise<Listing<MyFollowUp>> {
  const answer = await http.get<{ data: Listing<MyFollowUp> }>(
    '/follow-up/task',
    { due: true, mine: true, pageSize: MY_ITEMS_PAGE_SIZE },
    { signal, catalogue: QUIET_403 },
  );
  return answer.data;
}

/** GET /main/dashboard/high-risk for a date range (yyyy-MM-dd, both days included). */
export async function fetchHighRisk(start: string, end: string, signal?: AbortSignal): Promise<HighRiskAnswer> {
  const answer = await http.get<{ data: HighRiskAnswer }>('/main/dashboard/high-risk', { start, end }, { signal });
  return answer.data;
}

/** GET /main/dashboard/plan: this year's plan. */
export async function fetchPlan(signal?: AbortSignal): Promise<WorkPlan> {
  const answer = await http.get<{ data: WorkPlan }>('/main/dashboard/plan', undefined, { signal });
  return answer.data;
}

/** PUT /main/dashboard/plan: the planned dates of the year's tasks (both empty clears a task's plan). */
export function savePlan(year: number, tasks: PlanDates[]) {
  return http.put<{ msg?: string; data: WorkPlan }>('/main/dashboard/plan', { year, tasks });
}
