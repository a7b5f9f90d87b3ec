import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

/**
 * A list's state in the address bar: its filters (useUrlFilters), page, page size and sort (usePagedList with
 * `url`). Leaving the list for a record and coming back (返回列表 or the browser's back) finds the same list.
 * Every change replaces the history entry: back leaves the list instead of stepping through its pages.
 * Two lists on one page take different prefixes (`plan.`, `contract.`).
 */

/** How one filter is written in the URL. */
export type UrlFieldKind = 'string' | 'number' | 'boolean' | 'date' | 'dateRange' | 'numbers' | 'strings';
export type UrlCodec<T> = { [K in keyof T]-?: UrlFieldKind };

/** The URL keys a paged list keeps besides its filters. */
export const LIST_KEYS = ['page', 'pageSize', 'sort', 'order'] as const;

const DAY = 'YYYY-MM-DD';
const RANGE_SEPARATOR = '~';

const dayOf = (s: string): Dayjs | null => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return null;
  const d = dayjs(s);
  // dayjs rolls 2025-02-30 over to March: only a date that exists reads back as itself.
  return d.isValid() && d.format(DAY) === s ? d : null;
};

/** One value as URL text; undefined for an empty value. */
export function encodeValue(kind: UrlFieldKind, v: unknown): string | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  switch (kind) {
    case 'boolean':
      return v ? '1' : '0';
    case 'date':
      return dayjs.isDayjs(v) ? v.format(DAY) : String(v);
    case 'dateRange': {
      if (!Array.isArray(v)) return undefined;
      const [from, to] = v.map((d) => (dayjs.isDayjs(d) ? d.format(DAY) : d ? String(d) : ''));
      return from || to ? `${from ?? ''}${RANGE_SEPARATOR}${to ?? ''}` : undefined;
    }
    case 'numbers':
    case 'strings':
      return Array.isArray(v) && v.length ? v.join(',') : undefined;
    default: {
      const s = String(v);
      return s.trim() === '' ? undefined : s;
    }
  }
}

/** URL text back to a value; undefined for text the kind cannot read (a hand-edited URL). */
export function decodeValue(kind: UrlFieldKind, s: string): unknown {
  if (s === '') return undefined;
  switch (kind) {
    case 'boolean':
      return s === '1' || s === 'true' ? true : s === '0' || s === 'false' ? false : undefined;
    case 'number': {
      const n = Number(s);
      return Number.isFinite(n) ? n : undefined;
    }
    case 'date':
      return dayOf(s) ?? undefined;
    case 'dateRange': {
      const [from = '', to = ''] = s.split(RANGE_SEPARATOR);
      const range = [dayOf(from), dayOf(to)];
      return range[0] || range[1] ? range : undefined;
    }
    case 'numbers': {
      const ns = s.split(',').map(Number);
      return ns.every(Number.isFinite) ? ns : undefined;
    }
    case 'strings':
      return s.split(',');
    default:
      return s;
  }
}

/**
 * The filters a URL holds: a key absent from the URL takes its default, a key present but empty (`mine=`)
 * is an explicit "none" (a default turned off).
 */
export function readFilters<T extends object>(
  params: URLSearchParams,
  codec: UrlCodec<T>,
  defaults: Partial<T>,
  prefix = '',
): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [key, kind] of Object.entries(codec) as [string, UrlFieldKind][]) {
    const raw = params.get(prefix + key);
    const value = raw === null ? (defaults as Record<string, unknown>)[key] : decodeValue(kind, raw);
    if (value !== undefined) out[key] = value;
  }
  return out as Partial<T>;
}

/**
 * The URL with these filters: a value equal to its default is left out (a plain URL opens on the defaults),
 * a value cleared from a default is written empty. The page goes: new filters start on page 1.
 */
export function writeFilters<T extends object>(
  params: URLSearchParams,
  codec: UrlCodec<T>,
  values: Partial<T>,
  defaults: Partial<T>,
  prefix = '',
  keepPage = false,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, kind] of Object.entries(codec) as [string, UrlFieldKind][]) {
    const v = encodeValue(kind, (values as Record<string, unknown>)[key]);
    const d = encodeValue(kind, (defaults as Record<string, unknown>)[key]);
    if (v === d) next.delete(prefix + key);
    else next.set(prefix + key, v ?? '');
  }
  if (!keepPage) next.delete(`${prefix}page`);
  return next;
}

/** The part of the URL a codec reads (what its memoized values depend on). */
const signature = (params: URLSearchParams, keys: string[], prefix: string) =>
  keys.map((k) => `${k}=${params.get(prefix + k) ?? '\u0000'}`).join('&');

/** What useUrlFilters needs of an antd form instance (of any values type: the form may show only some filters). */
interface SearchForm {
  getFieldsValue: () => unknown;
  setFieldsValue: (values: never) => void;
}

export interface UrlFiltersOptions {
  /** Prefix of this list's keys, when a page holds more than one list. */
  prefix?: string;
  /** The search form showing these filters: it is filled from the URL (on opening, and when the URL changes). */
  form?: SearchForm;
  /** The values are not a list's filters (a page's tab): changing them keeps the list's page. */
  keepPage?: boolean;
}

/**
 * A list page's filters kept in the URL. `codec` names every filter and how it is written; `defaults` are the
 * values a plain URL opens with (a role's own work: 只看我的 on). `set` merges a change (a search form's
 * values, a switch) and starts the list again on page 1; `search` replaces every filter with the given ones
 * (a search form's 查询: a filter left out is cleared) and `reset` clears them all. The values object stays the
 * same until the URL's part of it changes, so it can key a list query.
 */
export function useUrlFilters<T extends object>(
  codec: UrlCodec<T>,
  defaults: Partial<T> = {},
  options: UrlFiltersOptions = {},
) {
  const { prefix = '', form, keepPage = false } = options;
  const [params] = useSearchParams();
  const keys = Object.keys(codec);
  const sig = signature(params, keys, prefix);
  const defaultsSig = keys
    .map((k) => encodeValue(codec[k as keyof T], (defaults as Record<string, unknown>)[k]))
    .join('&');
  const latest = useRef({ params, codec, defaults });
  latest.current = { params, codec, defaults };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the values change exactly when their URL part or the defaults do
  const values = useMemo(
    () => readFilters(latest.current.params, codec, latest.current.defaults, prefix),
    [sig, defaultsSig, prefix],
  );

  // The search form shows the URL's filters (a link into the list, back and forward, a sidebar click).
  useEffect(() => {
    if (!form) return;
    const shown = form.getFieldsValue() as Record<string, unknown>;
    const next = Object.fromEntries(Object.keys(shown).map((k) => [k, (values as Record<string, unknown>)[k]]));
    form.setFieldsValue(next as never);
  }, [form, values]);

  const update = useUpdateUrl();
  const set = (patch: Partial<T>) =>
    update((prev) => {
      const current = readFilters(prev, latest.current.codec, latest.current.defaults, prefix);
      const values = { ...current, ...patch };
      return writeFilters(prev, latest.current.codec, values, latest.current.defaults, prefix, keepPage);
    });
  const search = (v: Partial<T>) => {
    const cleared = Object.fromEntries(Object.keys(latest.current.codec).map((k) => [k, undefined])) as Partial<T>;
    set({ ...cleared, ...v });
  };
  return { values, set, search, reset: () => search({}) };
}

/**
 * Changes the URL's query in place (the history entry is replaced). It starts from the address bar, not from
 * the last render's params: the router renders a navigation in a transition, and a second change made before
 * that render (a page clicked right after 查询) must not drop the first.
 */
export function useUpdateUrl() {
  const [, setParams] = useSearchParams();
  return (change: (current: URLSearchParams) => URLSearchParams) =>
    setParams(change(new URLSearchParams(window.location.search)), { replace: true });
}

/** Navigation state of a list's link to a record (`navigate(path, { state: FROM_LIST })`): 返回列表 goes back. */
export const FROM_LIST = { fromList: true } as const;

/**
 * 返回列表 of a record page: back to the list as it was (its filters and page are in that history entry) when
 * the record was opened from it, else to the list's plain path.
 */
export function useBackToList(listPath: string) {
  const navigate = useNavigate();
  const location = useLocation();
  const fromList = (location.state as { fromList?: boolean } | null)?.fromList === true;
  return () => (fromList ? navigate(-1) : navigate(listPath));
}

/** A paged list's page, page size and sort in the URL (usePagedList with `url`). */
export interface UrlListState {
  page: number;
  pageSize: number;
  sort?: string;
  order?: 'asc' | 'desc';
}

export function readListState(params: URLSearchParams, prefix: string, defaultPageSize: number): UrlListState {
  const int = (k: string, fallback: number) => {
    const n = Number(params.get(prefix + k));
    return Number.isInteger(n) && n > 0 ? n : fallback;
  };
  const sort = params.get(`${prefix}sort`) || undefined;
  const order = params.get(`${prefix}order`);
  return {
    page: int('page', 1),
    pageSize: int('pageSize', defaultPageSize),
    sort,
    order: sort ? (order === 'desc' ? 'desc' : 'asc') : undefined,
  };
}

/** The URL with a paged list's state changed (page 1 and the default page size are left out). */
export function writeListState(
  params: URLSearchParams,
  prefix: string,
  patch: Partial<UrlListState>,
  defaultPageSize: number,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const put = (k: string, v: string | undefined) =>
    v === undefined ? next.delete(prefix + k) : next.set(prefix + k, v);
  if ('page' in patch) put('page', patch.page && patch.page > 1 ? String(patch.page) : undefined);
  if ('pageSize' in patch)
    put('pageSize', patch.pageSize && patch.pageSize !== defaultPageSize ? String(patch.pageSize) : undefined);
  if ('sort' in patch) {
    put('sort', patch.sort);
    put('order', patch.sort ? (patch.order ?? 'asc') : undefined);
  }
  return next;
}
