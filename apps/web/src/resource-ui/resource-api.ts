import type { ResourceDef } from '@peis/shared';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, http, type Query, save } from '../app/http';

/** One record as the generic API returns it: bookkeeping columns plus every value field by its key. */
export interface ResourceRecord {
  id: number | string;
  version?: number;
  createdAt?: string | null;
  updatedAt?: string | null;
  deletedAt?: string | null;
  [key: string]: unknown;
}

/** The `{ code, msg?, data }` envelope of every generic call. */
export interface Envelope<T> {
  code: number;
  msg?: string;
  data: T;
}

export interface ListPage {
  total: number;
  records: ResourceRecord[];
}

/** One row the import refused, as the server explains it. */
export interface RefusedRow {
  row: number;
  column?: string;
  value?: unknown;
  reason: string;
}

export interface ImportReport {
  total: number;
  created: number;
  updated: number;
  unchanged: number;
  refused: RefusedRow[];
}

export interface ListParams {
  page: number;
  pageSize: number;
  sort?: string;
  order?: 'asc' | 'desc';
  /** Query parameters of the search form (see field-kinds/search-field.tsx). */
  filters: Query;
  /** The restore screen: soft-deleted records only. */
  deleted?: boolean;
}

/** Query keys: everything of one resource sits under ['resource', endpoint] so a write can refresh it all. */
export const resourceKeys = {
  all: (r: ResourceDef) => ['resource', r.endpoint] as const,
  list: (r: ResourceDef, params: ListParams) => ['resource', r.endpoint, 'list', params] as const,
  detail: (r: ResourceDef, id: ResourceRecord['id']) => ['resource', r.endpoint, 'detail', String(id)] as const,
  /** The record the edit form starts from; kept apart from the detail so the form always loads it afresh. */
  edit: (r: ResourceDef, id: ResourceRecord['id']) => ['resource', r.endpoint, 'edit', String(id)] as const,
};

/** The query string of a list (and, minus paging, of an export). */
export function listQuery(params: ListParams): Query {
  return {
    page: params.page,
    pageSize: params.pageSize,
    sort: params.sort,
    order: params.sort ? params.order : undefined,
    ...params.filters,
    deleted: params.deleted ? 1 : undefined,
  };
}

export function fetchList(r: ResourceDef, params: ListParams, signal?: AbortSignal): Promise<ListPage> {
  return http
    .get<Envelope<ListPage>>(r.endpoint, listQuery(params), { signal })
    .then((a) => ({ total: a.data?.total ?? 0, records: a.data?.records ?? [] }));
}

/** GET {endpoint}/{id}: the full record (masked fields unmasked). */
export function fetchRecord(r: ResourceDef, id: ResourceRecord['id'], signal?: AbortSignal): Promise<ResourceRecord> {
  return http
    .get<Envelope<ResourceRecord>>(`${r.endpoint}/${encodeURIComponent(String(id))}`, undefined, { signal })
    .then((a) => a.data);
}

/**
 * Create (POST {endpoint}) or update (PUT {endpoint}/{id}, body with `version`). Updates go through the SPEC §7
 * save helper; a create does not, because the helper posts to its path as given — '{endpoint}/' with a trailing
 * slash — and the server's routes are registered without one.
 */
export function saveRecord(r: ResourceDef, body: Record<string, unknown>): Promise<Envelope<ResourceRecord>> {
  const id = body.id;
  if (id === undefined || id === null || id === '') return http.post<Envelope<ResourceRecord>>(r.endpoint, body);
  return save<Envelope<ResourceRecord>>(`${r.endpoint}/`, body);
}

/**
 * Refreshes a resource's lists and details after a write. The edit form's own query is left out: it is loaded
 * afresh whenever the dialog opens, and refreshing it while the dialog closes would only cost a request.
 */
export function invalidateResource(client: QueryClient, r: ResourceDef): Promise<void> {
  return client.invalidateQueries({ queryKey: resourceKeys.all(r), predicate: (q) => q.queryKey[2] !== 'edit' });
}

export function removeRecord(r: ResourceDef, id: ResourceRecord['id']): Promise<Envelope<unknown>> {
  return http.delete<Envelope<unknown>>(`${r.endpoint}/${encodeURIComponent(String(id))}`);
}

export function restoreRecord(r: ResourceDef, id: ResourceRecord['id']): Promise<Envelope<unknown>> {
  return http.post<Envelope<unknown>>(`${r.endpoint}/${encodeURIComponent(String(id))}/restore`);
}

export function importFile(r: ResourceDef, file: Blob, name: string): Promise<Envelope<ImportReport>> {
  const body = new FormData();
  body.append('file', file, name);
  return http.post<Envelope<ImportReport>>(`${r.endpoint}/import`, body);
}

/**
 * The server's own message of a failure the HTTP client left to the caller (400/409/413… with a msg), or
 * null when the client has already shown the SPEC §8 catalogue text (403, 404, 500, network) or redirected.
 */
export function leftoverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.msg) return null;
  if (error.status < 400 || error.status >= 500 || [401, 403, 404].includes(error.status)) return null;
  return error.msg;
}

/**
 * A declared action on one row (POST {endpoint}/{id}/actions/{action}, body = the action's fields and the
 * row's version) or on several (POST {endpoint}/actions/{action}, body = { ids, ...fields }). A row no longer
 * in a state the action starts from answers 409 with the server's message naming its current state.
 */
export function runAction(
  r: ResourceDef,
  action: string,
  rows: ResourceRecord[],
  fields: Record<string, unknown>,
  bulk: boolean,
): Promise<Envelope<unknown>> {
  const name = encodeURIComponent(action);
  if (bulk)
    return http.post<Envelope<unknown>>(`${r.endpoint}/actions/${name}`, { ids: rows.map((x) => x.id), ...fields });
  const [row] = rows;
  return http.post<Envelope<unknown>>(`${r.endpoint}/${encodeURIComponent(String(row.id))}/actions/${name}`, {
    ...fields,
    ...(row.version !== undefined ? { version: row.version } : {}),
  });
}
