import { CONDITION_VARIABLE_BY_CODE, CONDITION_VARIABLES, INDICATOR_BY_CODE, INDICATORS } from '@peis/shared';
import { http } from '../../app/http';
import type { CreatingJob } from '../job-progress';

/** The web's side of the 干预模型 / 干预任务 calls beside their declared CRUD (contract: /work/briefs/hE.md). */
export const HI_ROUTES = { model: '/main/hi/model', task: '/main/hi/task' } as const;

/** One person a condition matches, with the values it read (indicator codes and condition variables). */
export interface PreviewSample {
  employeeId: number;
  name: string;
  unitName: string;
  checkDate: string;
  values: Record<string, number | null>;
}

/** POST /hi/model/preview: people matched over everyone in the account's scope with a check that year. */
export interface PreviewResult {
  year: number;
  matched: number;
  total: number;
  /** With a saved model: matched people who already have a task of its current version and year (a run skips them). */
  alreadyTasked: number;
  modelVersion: number | null;
  sample: PreviewSample[];
}

/** GET /hi/jobs/:id: a model run creating the tasks in the background. */
export type InterventionJob = CreatingJob;

export const jobActive = (j: InterventionJob | undefined) => j?.status === 'queued' || j?.status === 'running';

interface Answer<T> {
  code: number;
  msg?: string;
  data: T;
}

export const previewCondition = (body: { condition: string; modelId?: number; year?: number }) =>
  http.post<Answer<PreviewResult>>('/hi/model/preview', body).then((a) => a.data);

export const runModel = (id: number, year: number) =>
  http.post<Answer<{ jobId: number }>>(`/hi/model/${id}/run`, { year }).then((a) => a.data.jobId);

export const fetchJob = (id: number, signal?: AbortSignal) =>
  http.get<Answer<InterventionJob>>(`/hi/jobs/${id}`, undefined, { signal }).then((a) => a.data);

export const markActionDone = (taskId: number, actionId: number, note?: string) =>
  http.post<Answer<unknown>>(`/hi/task/${taskId}/actions/${actionId}/done`, note ? { note } : {});

/**
 * POST /hi/task/start: the new task (its record) of a confirmed finding's person; a 409 names the task the
 * person already has for the model's version and year.
 */
export const startFromFinding = (findingId: number, modelId: number) =>
  http.post<Answer<{ id: number }>>('/hi/task/start', { findingId, modelId });

/** Every code a model's condition may name: the indicator codes and the condition variables (BP_LEVEL, RISK…). */
export const CONDITION_CODES: ReadonlySet<string> = new Set([
  ...INDICATORS.map((i) => i.code),
  ...CONDITION_VARIABLES.map((v) => v.code),
]);

/** A code's heading in a sample table: 收缩压(mmHg), 血压分级. */
export function codeHeading(code: string): string {
  const indicator = INDICATOR_BY_CODE[code];
  if (indicator) return indicator.unit ? `${indicator.name}(${indicator.unit})` : indicator.name;
  return CONDITION_VARIABLE_BY_CODE[code]?.name ?? code;
}

/** A value as read: a coded variable's label (性别 男, 风险等级 慢病), else the number. */
export function codeValue(code: string, value: number | null | undefined): string {
  if (value === null || value === undefined) return '-';
  return CONDITION_VARIABLE_BY_CODE[code]?.labels?.[value] ?? String(value);
}
