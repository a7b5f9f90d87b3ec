import { http } from '../../app/http';

export const followUpKeys = {
  all: ['follow-up'] as const,
  plans: ['follow-up', 'plans'] as const,
  logs: ['follow-up', 'logs'] as const,
  planLogs: (planId: number) => ['follow-up', 'logs', 'plan', planId] as const,
};
export const contractKeys = {
  all: ['contract'] as const,
  list: ['contract', 'list'] as const,
  levels: ['contract', 'levels'] as const,
};

/** A plan of GET /follow-up/task. */
export interface FollowUpPlan {
  id: number;
  employeeId: number;
  name: string;
  unitName: string;
  findingId: number | null;
  title: string;
  method: number;
  frequencyDays: number;
  nextDate: string;
  endDate: string | null;
  assigneeId: number | null;
  assigneeName: string | null;
  status: number;
  note: string | null;
  /** The next follow-up date has come. */
  due: boolean;
  version: number;
  /** How many follow-ups were recorded. */
  records: number;
}

/** A row of GET /follow-up/log. */
export interface FollowUpRecord {
  id: number;
  planId: number;
  title: string;
  employeeId: number;
  name: string;
  unitName: string;
  followDate: string;
  method: number;
  outcome: string;
  note: string | null;
  createdBy: string | null;
  createdAt: string;
}

/** A health-service package of GET /contract. */
export interface Contract {
  id: number;
  employeeId: number;
  name: string;
  sex: number;
  age: number | null;
  unitName: string;
  year: number;
  level: number;
  status: number;
  riskLevel: string | null;
  version: number;
  signedAt: string | null;
  completedAt: string | null;
}

export const METHODS = [
  { value: 1, label: '电话' },
  { value: 2, label: '上门' },
  { value: 3, label: '微信' },
  { value: 4, label: '门诊' },
];
export const methodLabel = (m: number) => METHODS.find((x) => x.value === m)?.label ?? String(m);

export const PLAN_STATUS: Record<number, { label: string; color: string }> = {
  1: { label: '进行中', color: 'processing' },
  2: { label: '已结束', color: 'default' },
};

export const CONTRACT_STATUS: Record<number, { label: string; color: string }> = {
  0: { label: '未签约', color: 'default' },
  1: { label: '已签约', color: 'processing' },
  2: { label: '已完成', color: 'success' },
};
export const CONTRACT_LEVELS = [
  { value: 1, label: '一级服务包' },
  { value: 2, label: '二级服务包' },
  { value: 3, label: '三级服务包' },
];

interface Answer<T = unknown> {
  code: number;
  msg?: string;
  data?: T;
}

export interface PlanBody {
  employeeId: number;
  findingId?: number | null;
  title: string;
  method: number;
  frequencyDays: number;
  nextDate: string;
  endDate?: string | null;
  assigneeId?: number | null;
  note?: string | null;
}

export const createPlan = (body: PlanBody) => http.post<Answer<{ id: number }>>('/follow-up/task', body);
export const updatePlan = (id: number, body: PlanBody & { status: number; version: number }) =>
  http.put<Answer>(`/follow-up/task/${id}`, body);

export const recordFollowUp = (
  id: number,
  body: { followDate: string; method: number; outcome: string; note?: string | null },
) => http.post<Answer<{ nextDate: string; status: number }>>(`/follow-up/task/${id}/record`, body);

export const generateContracts = (year: number) =>
  http.post<Answer<{ created: number }>>('/contract/generate', { year });
export const signContract = (c: Contract) => http.post<Answer>(`/contract/${c.id}/sign`, { version: c.version });
export const completeContract = (c: Contract) =>
  http.post<Answer>(`/contract/${c.id}/complete`, { version: c.version });

export type ContractLevels = Record<string, number>;
export const fetchContractLevels = (signal?: AbortSignal) =>
  http.get<Answer<ContractLevels>>('/contract/levels', undefined, { signal }).then((a) => a.data ?? {});
export const saveContractLevels = (levels: ContractLevels) => http.put<Answer>('/contract/levels', { levels });
