import type { HealthCheckRow } from '@peis/shared';
import { http } from '../../app/http';

export const checkKeys = {
  all: ['phr-check'] as const,
  list: ['phr-check', 'list'] as const,
  detail: (id: number) => ['phr-check', 'detail', id] as const,
  progress: (importId: string) => ['phr-check', 'import-progress', importId] as const,
};

export type CheckValues = Record<string, number>;

/** A row of GET /phr/check. */
export type CheckRow = HealthCheckRow;

/** An indicator of one check, with the reference range for that person's sex and age. */
export interface CheckIndicator {
  code: string;
  name: string;
  unit: string | null;
  refLow: number | null;
  refHigh: number | null;
  value?: number;
  flag?: 'high' | 'low' | null;
}

export interface CheckFinding {
  id?: number;
  /** The contract's name; the server currently answers `names` (the rule field). */
  ruleName?: string;
  names?: string;
  libraryName: string;
  level: number;
  matched: Record<string, number | null>;
  status: number;
}

/** GET /phr/check/{id}. */
export interface CheckDetail extends Omit<CheckRow, 'findings'> {
  age?: number;
  indicators: CheckIndicator[];
  findings: CheckFinding[];
}

export interface RefusedCell {
  row: number;
  column?: string;
  value?: string | number;
  reason: string;
  /** Whose row: 张三（身份证尾号 1234）, from the sheet's own cells. */
  person?: string;
}

export interface CheckImportReport {
  total: number;
  created: number;
  updated: number;
  unchanged: number;
  refused: RefusedCell[];
  unknownHeaders: string[];
  findings: number;
  elapsedMs: number;
}

interface Answer<T = unknown> {
  code: number;
  msg?: string;
  data?: T;
}

export const fetchCheck = (id: number, signal?: AbortSignal) =>
  http.get<Answer<CheckDetail>>(`/phr/check/${id}`, undefined, { signal }).then((a) => a.data as CheckDetail);

export const createCheck = (body: {
  employeeId: number;
  checkDate: string;
  provider?: string | null;
  values: CheckValues;
}) => http.post<Answer<CheckDetail>>('/phr/check', body);

export const updateCheck = (
  id: number,
  body: { checkDate: string; provider: string | null; values: CheckValues; version: number },
) => http.put<Answer<CheckDetail>>(`/phr/check/${id}`, body);

export const deleteCheck = (id: number) => http.delete<Answer>(`/phr/check/${id}`);

/**
 * POST /phr/check/import: the workbook, and the header → code mapping of a second try. The mapping goes first:
 * the server reads the fields that come before the file.
 */
export function importChecks(
  file: File,
  importId: string,
  mapping?: Record<string, string | null>,
): Promise<CheckImportReport> {
  const body = new FormData();
  if (mapping && Object.keys(mapping).length) body.append('mapping', JSON.stringify(mapping));
  body.append('file', file, file.name);
  return http
    .post<Answer<CheckImportReport>>('/phr/check/import', body, { query: { importId } })
    .then((a) => a.data as CheckImportReport);
}

export const fetchImportProgress = (importId: string, signal?: AbortSignal) =>
  http
    .get<Answer<{ rowsRead: number; done: boolean }>>(
      '/phr/check/import/progress',
      { importId },
      // A missed poll is not worth a toast: the next one follows in a moment.
      { signal, catalogue: { other: false } },
    )
    .then((a) => a.data ?? { rowsRead: 0, done: false });

/** SBP/DBP as '152/95' (either may be missing). */
export function bloodPressure(values: CheckValues | null | undefined): string {
  const s = values?.SBP;
  const d = values?.DBP;
  if (s === undefined && d === undefined) return '-';
  return `${s ?? '-'}/${d ?? '-'}`;
}
