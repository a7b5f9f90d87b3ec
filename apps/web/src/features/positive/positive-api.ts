import { INDICATOR_BY_CODE, SAMPLE_RULES } from '@peis/shared';
import { http } from '../../app/http';
import { readMenus } from '../../app/session';

/** Everything of the positive-finding screens sits under this query key, so one write refreshes them all. */
export const positiveKeys = {
  all: ['positive'] as const,
  findings: ['positive', 'new'] as const,
  tasks: ['positive', 'task'] as const,
  logs: ['positive', 'log'] as const,
  taskLogs: (taskId: number) => ['positive', 'log', 'task', taskId] as const,
  libraries: ['positive', 'libraries'] as const,
};

export type Matched = Record<string, number | null>;

/** A finding of GET /positive/new. */
export interface Finding {
  id: number;
  employeeId: number;
  name: string;
  sex: number;
  age: number | null;
  idCard: string;
  unitName: string;
  checkDate: string;
  year: number;
  ruleName: string;
  libraryName: string;
  judge: string;
  level: number;
  matched: Matched;
  status: number;
  note: string | null;
  createdAt: string;
}

/** A task of GET /positive/task. */
export interface PositiveTask {
  id: number;
  findingId: number;
  employeeId: number;
  name: string;
  unitName: string;
  ruleName: string;
  libraryName: string;
  level: number;
  matched: Matched;
  assigneeId: number | null;
  assigneeName: string | null;
  dueDate: string;
  status: number;
  overdue: boolean;
  completedAt: string | null;
  version: number;
  lastAction: string | null;
  createdAt: string;
}

/** A row of GET /positive/log. */
export interface PositiveLog {
  id: number;
  taskId: number | null;
  findingId: number;
  employeeId: number;
  name: string;
  unitName: string;
  ruleName: string;
  action: string;
  note: string | null;
  createdBy: string | null;
  createdAt: string;
}

export const FINDING_STATUS: Record<number, { label: string; color: string }> = {
  0: { label: '待确认', color: 'processing' },
  1: { label: '已确认', color: 'success' },
  2: { label: '已排除', color: 'default' },
};

export const TASK_STATUS: Record<number, { label: string; color: string }> = {
  1: { label: '待处理', color: 'processing' },
  2: { label: '处理中', color: 'warning' },
  3: { label: '已完成', color: 'success' },
  4: { label: '已关闭', color: 'default' },
};

/** What can be logged on a task; 结案 completes it, 关闭 ends it without completion. */
export const TASK_ACTIONS = [
  { value: 'phone', label: '电话沟通' },
  { value: 'notice', label: '告知' },
  { value: 'referral', label: '转诊' },
  { value: 'recheck', label: '复查' },
  { value: 'close', label: '结案' },
  { value: 'cancel', label: '关闭' },
] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number]['value'];

/** Every action of the log: the finding's (确认, 排除), the task's reassignment and the task actions. */
export const LOG_ACTIONS: { value: string; label: string; color: string }[] = [
  { value: 'confirm', label: '确认', color: 'blue' },
  { value: 'dismiss', label: '排除', color: 'default' },
  { value: 'assign', label: '改派', color: 'purple' },
  { value: 'phone', label: '电话沟通', color: 'cyan' },
  { value: 'notice', label: '告知', color: 'cyan' },
  { value: 'referral', label: '转诊', color: 'geekblue' },
  { value: 'recheck', label: '复查', color: 'geekblue' },
  { value: 'close', label: '结案', color: 'green' },
  { value: 'cancel', label: '关闭', color: 'default' },
];
export const logAction = (action: string | null | undefined) => LOG_ACTIONS.find((a) => a.value === action);

/** '收缩压 152 / 舒张压 95': the values that made a rule fire, by indicator name, in the indicator list's order. */
export function matchedText(matched: Matched | null | undefined): string {
  if (!matched) return '-';
  const parts = Object.entries(matched)
    .filter(([, v]) => v !== null && v !== undefined)
    .sort(([a], [b]) => indicatorOrder(a) - indicatorOrder(b))
    .map(([code, v]) => `${INDICATOR_BY_CODE[code]?.name ?? code} ${v}`);
  return parts.length ? parts.join(' / ') : '-';
}

const ORDER = Object.keys(INDICATOR_BY_CODE);
const indicatorOrder = (code: string) => {
  const i = ORDER.indexOf(code);
  return i < 0 ? ORDER.length : i;
};

/** The Chinese names behind matchedText, for its tooltip. */
export function matchedTitle(matched: Matched | null | undefined): string {
  if (!matched) return '';
  return Object.entries(matched)
    .map(([code, v]) => {
      const def = INDICATOR_BY_CODE[code];
      return def ? `${def.name} ${v ?? '-'} ${def.unit}` : `${code} ${v ?? '-'}`;
    })
    .join('；');
}

interface Answer<T = unknown> {
  code: number;
  msg?: string;
  data?: T;
}

export const confirmFindings = (body: { ids: number[]; assigneeId: number; dueDate: string; note?: string }) =>
  http.post<Answer>('/positive/new/confirm', body);

export const dismissFindings = (body: { ids: number[]; note: string }) =>
  http.post<Answer>('/positive/new/dismiss', body);

export const logTaskAction = (id: number, body: { action: TaskAction; note: string }) =>
  http.post<Answer<{ status: number }>>(`/positive/task/${id}/log`, body);

export const reassignTask = (id: number, body: { assigneeId: number; dueDate: string; version: number }) =>
  http.put<Answer>(`/positive/task/${id}`, body);

/**
 * The distinct 所属库 of the rules, for the library filter. An account without the rule screen (an expert)
 * gets the sample rules' libraries without asking (the server would answer 403).
 */
export async function fetchLibraries(signal?: AbortSignal): Promise<string[]> {
  let names: string[];
  if (!readMenus()?.includes('main:positive/setting')) names = SAMPLE_RULES.map((r) => r.libraryName);
  else
    try {
      const answer = await http.get<{ data?: { records?: { libraryName?: string }[] } }>(
        '/positive/setting',
        { page: 1, pageSize: 500 },
        { signal, catalogue: { 403: false } },
      );
      names = (answer.data?.records ?? []).map((r) => r.libraryName ?? '');
    } catch {
      names = SAMPLE_RULES.map((r) => r.libraryName);
    }
  return [...new Set(names.filter(Boolean))].sort((a, b) => a.localeCompare(b, 'zh-CN'));
}
