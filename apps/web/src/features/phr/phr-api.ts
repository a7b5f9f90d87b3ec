import { http } from '../../app/http';
import type { PhrTags } from '../../components/phr';

/** A row of GET /phr and GET /phr/progress/incomplete. */
export interface PhrListRow {
  /** Employee id. */
  id: number;
  name: string;
  sex: number | null;
  age: number | null;
  /** Masked by the server. */
  idCard: string;
  /** Masked by the server. */
  mobile: string | null;
  unitId: number;
  unitName: string;
  hasRecord: boolean;
  complete: boolean;
  missing: string[];
  updatedAt: string | null;
  version: number | null;
  responsibleName: string | null;
  /** Present once the tagging feature sends it (SPEC §2 tag popover). */
  tags?: PhrTags | null;
}

export interface Page<T> {
  total: number;
  records: T[];
}

/** The list filters of GET /phr (also used by /phr/export). */
export interface PhrFilters {
  unitId?: number;
  name?: string;
  idCard?: string;
  sex?: number;
  ageFrom?: number;
  ageTo?: number;
  complete?: boolean;
}

export interface CheckRecord {
  id: number;
  checkDate: string;
  year: number;
  provider: string | null;
  values: Record<string, number | null | undefined>;
}

export interface VersionRecord {
  version: number;
  changedBy: string | null;
  changedAt: string;
  changedPaths: string[];
  type: string | null;
}

export interface ProgressRow {
  unitId: number;
  unitName: string;
  employees: number;
  records: number;
  complete: number;
  /** Whole percent 0–100. */
  rate: number;
}

export interface TransferRecord {
  id: number;
  employeeName: string;
  fromUnitName: string | null;
  toUnitName: string | null;
  fromUserName: string | null;
  toUserName: string | null;
  reason: string;
  createdBy: string | null;
  createdAt: string;
}

export interface TransferBody {
  employeeIds: number[];
  toUnitId?: number;
  toUserId?: number;
  reason: string;
}

export async function fetchChecks(id: number, signal?: AbortSignal): Promise<CheckRecord[]> {
  const answer = await http.get<{ data: CheckRecord[] }>(`/phr/${id}/checks`, undefined, { signal });
  return answer.data ?? [];
}

export async function fetchVersions(id: number, signal?: AbortSignal): Promise<VersionRecord[]> {
  const answer = await http.get<{ data: VersionRecord[] }>(`/phr/${id}/versions`, undefined, { signal });
  return answer.data ?? [];
}

export async function fetchProgress(unitId: number | null, signal?: AbortSignal): Promise<ProgressRow[]> {
  const answer = await http.get<{ data: ProgressRow[] }>('/phr/progress', { unitId }, { signal });
  return answer.data ?? [];
}

/** POST /phr/transfer; 400/409 carry the server's own text and are shown by the caller. */
export function postTransfer(body: TransferBody) {
  return http.post<{ code: number; msg?: string; data?: { moved: number } }>('/phr/transfer', body, {
    catalogue: { 400: false, 409: false },
  });
}

/** yyyy-MM-dd HH:mm of a server timestamp. */
export function formatTime(value: string | null | undefined): string {
  if (!value) return '-';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** GET /phr/{id}/work: what the product did with this person's checks. */
export interface PhrWork {
  tags: {
    year: number;
    riskLevel: string;
    bp: number;
    lipid: number;
    glucose: number;
    ua: number;
    weight: number;
    diseases: string[];
  }[];
  findings: {
    id: number;
    year: number;
    checkDate: string;
    ruleName: string;
    libraryName: string;
    level: number;
    matched: Record<string, number | null>;
    status: number;
  }[];
  tasks: {
    id: number;
    ruleName: string;
    assigneeName: string | null;
    dueDate: string;
    status: number;
    overdue: boolean;
  }[];
  followUps: {
    id: number;
    title: string;
    method: number;
    frequencyDays: number;
    nextDate: string;
    status: number;
    records: number;
  }[];
  contracts: { id: number; year: number; level: number; status: number }[];
}

export async function fetchPhrWork(id: number, signal?: AbortSignal): Promise<PhrWork> {
  const answer = await http.get<{ data: PhrWork }>(`/phr/${id}/work`, undefined, { signal });
  return answer.data;
}
