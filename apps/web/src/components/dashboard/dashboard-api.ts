import { DASHBOARD_DEFAULT_YEAR } from '@peis/shared';
import { ApiError, type Catalogue, http, reportError } from '../../app/http';

/**
 * The company-dashboard calls (SPEC §7) with their query keys. Every widget takes the shared filter
 * (unit name; empty = the account's whole scope) and, where it has one, a year; both are in the query key,
 * so a change of either reloads the widget (SPEC §4).
 */

/** The shared filter of the company dashboard: a unit's full or short name; undefined = whole scope. */
export interface DashboardFilter {
  companyName?: string;
}

/** SPEC §9 default year of the table and the charts: the one the server assumes without a year. */
export const DEFAULT_YEAR = DASHBOARD_DEFAULT_YEAR;
/** SPEC §4/§9: the export's year when none is chosen. */
export const EXPORT_DEFAULT_YEAR = 2024;

export interface RingData {
  todo: number;
  done: number;
  /** Whole percent. */
  rate: number;
}

export interface ProgressRow {
  /** Unit short name. */
  entOrgNameTwo: string;
  total: number;
  status2Total: number;
  /** 1, 2 or 3 — health-package rows only. */
  coverage_level?: number;
}

export interface DeclineRow {
  name: string;
  count2024: number;
  count2025: number;
  /** Fraction (0.125 = 12.5 %); negative when the count went up. */
  rate: number;
}

export interface IndicatorRow {
  id: number;
  leibie: string;
  mingcheng: string;
  biaozhun: string;
  lte_34_nan: number;
  lte_34_nv: number;
  gte_35_44_nan: number;
  gte_35_44_nv: number;
  gte_45_nan: number;
  gte_45_nv: number;
  heji: number;
}

export interface PieItem {
  name: string;
  value: number;
}

const companyOf = (filter: DashboardFilter) => filter.companyName || undefined;

export const dashboardKeys = {
  all: ['company-dashboard'] as const,
  ring: (key: string, filter: DashboardFilter, year: number) =>
    [...dashboardKeys.all, 'ring', key, companyOf(filter) ?? '', year] as const,
  progress: (target: string, filter: DashboardFilter, year: number) =>
    [...dashboardKeys.all, 'progress', target, companyOf(filter) ?? '', year] as const,
  decline: (target: string, filter: DashboardFilter) =>
    [...dashboardKeys.all, 'decline', target, companyOf(filter) ?? ''] as const,
  indicators: (filter: DashboardFilter, year: number) =>
    [...dashboardKeys.all, 'indicators', companyOf(filter) ?? '', year] as const,
  factors: (filter: DashboardFilter, year: number) =>
    [...dashboardKeys.all, 'factors', companyOf(filter) ?? '', year] as const,
  risk: (filter: DashboardFilter, year: number) =>
    [...dashboardKeys.all, 'risk', companyOf(filter) ?? '', year] as const,
};

/** Every status handled here instead of by the catalogue: nothing is shown. */
const SILENT: Catalogue = { other: false };

/**
 * SPEC §8 "logged only": the failure goes to the console and nothing is shown. A 401 still signs the user
 * out (the catalogue's redirect), since a dead session is not a widget's business to hide.
 */
async function getLoggedOnly<T>(
  path: string,
  query: Record<string, string | number | undefined>,
  signal?: AbortSignal,
) {
  try {
    return await http.get<T>(path, query, { signal, catalogue: SILENT });
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) reportError(e);
    else if (!signal?.aborted) console.error(`[dashboard] ${path} failed`, e);
    throw e;
  }
}

/** GET /company/dashboard/wanchengdu/{key}: one ring. Failures follow the catalogue. */
export async function fetchRing(key: string, filter: DashboardFilter, year: number, signal?: AbortSignal) {
  const answer = await http.get<{ data: RingData }>(
    `/company/dashboard/wanchengdu/${encodeURIComponent(key)}`,
    { companyName: companyOf(filter), year },
    { signal },
  );
  return answer.data;
}

/** GET /company/dashboard/jiankangzhibiao?target=<card title>: per-unit progress rows. */
export async function fetchProgress(target: string, filter: DashboardFilter, year: number, signal?: AbortSignal) {
  const answer = await http.get<{ data: ProgressRow[] }>(
    '/company/dashboard/jiankangzhibiao',
    { target, year, companyName: companyOf(filter) },
    { signal },
  );
  return answer.data ?? [];
}

/** GET /company/dashboard/zhibiaoxiajianglv?target=<indicator title>: the 2024 → 2025 decline per unit. */
export async function fetchDecline(target: string, filter: DashboardFilter, signal?: AbortSignal) {
  const answer = await http.get<{ data: DeclineRow[] }>(
    '/company/dashboard/zhibiaoxiajianglv',
    { target, companyName: companyOf(filter) },
    { signal },
  );
  return answer.data ?? [];
}

/** GET /company/dashboard/ygjkzb: the 14 indicator rows. SPEC §8: a failure is logged only. */
export async function fetchIndicators(filter: DashboardFilter, year: number, signal?: AbortSignal) {
  const answer = await getLoggedOnly<{ data: IndicatorRow[] }>(
    '/company/dashboard/ygjkzb',
    { year, companyName: companyOf(filter) },
    signal,
  );
  return answer.data ?? [];
}

/** GET /company/dashboard/fxys: people per abnormal factor. SPEC §8: a failure is logged only. */
export async function fetchFactors(filter: DashboardFilter, year: number, signal?: AbortSignal) {
  const answer = await getLoggedOnly<{ data: PieItem[] }>(
    '/company/dashboard/fxys',
    { year, companyName: companyOf(filter) },
    signal,
  );
  return answer.data ?? [];
}

/** GET /company/dashboard/fxrq: people per risk level. Logged only, like the other pie. */
export async function fetchRiskPopulation(filter: DashboardFilter, year: number, signal?: AbortSignal) {
  const answer = await getLoggedOnly<{ data: PieItem[] }>(
    '/company/dashboard/fxrq',
    { year, companyName: companyOf(filter) },
    signal,
  );
  return answer.data ?? [];
}

/** The export's query: the table's year, or 2024 when its picker was cleared (SPEC §4). */
export const exportQuery = (filter: DashboardFilter, year: number | null, rowId: number) => ({
  year: year ?? EXPORT_DEFAULT_YEAR,
  target: rowId,
  companyName: companyOf(filter),
});
