import { http } from '../../app/http';
import type { PhrDetail, PhrSaveAnswer } from './phr-types';

/** Query keys of everything PHR; invalidating ['phr'] refreshes every PHR screen after a save. */
export const phrKeys = {
  all: ['phr'] as const,
  list: (params: object) => ['phr', 'list', params] as const,
  detail: (id: number) => ['phr', 'detail', id] as const,
  checks: (id: number) => ['phr', 'checks', id] as const,
  versions: (id: number) => ['phr', 'versions', id] as const,
  progress: (unitId: number | null) => ['phr', 'progress', unitId] as const,
  incomplete: (params: object) => ['phr', 'incomplete', params] as const,
  transfers: (params: object) => ['phr', 'transfers', params] as const,
};

/** GET /phr/{id}: one person's record (or, without a record yet, the employee's data and empty sections). */
export async function fetchPhrDetail(id: number, signal?: AbortSignal): Promise<PhrDetail> {
  const answer = await http.get<{ data: PhrDetail }>(`/phr/${id}`, undefined, { signal });
  return answer.data;
}

/**
 * POST /phr/form. 400 and 409 are left to the caller (SPEC §8: the message level follows the answer and the
 * field errors go onto the form); 401/403/404/500 and network failures follow the catalogue.
 */
export function postPhrForm(body: Record<string, unknown>): Promise<PhrSaveAnswer> {
  return http.post<PhrSaveAnswer>('/phr/form', body, { catalogue: { 400: false, 409: false } });
}
