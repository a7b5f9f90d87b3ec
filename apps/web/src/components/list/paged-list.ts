import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TablePaginationConfig, TableProps } from 'antd';
import type { SorterResult, SortOrder } from 'antd/es/table/interface';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { http, type Query } from '../../app/http';
import { readListState, type UrlListState, useUpdateUrl, writeListState } from './url-state';

/** What every paged list endpoint answers inside `data`. */
export interface Paged<T> {
  total: number;
  records: T[];
}

/** SPEC §9: lists open at 20 per page. */
export const PAGE_SIZE = 20;

/** GET a plain `{ data: { total, records } }` endpoint; a missing part reads as an empty page. */
export function fetchPaged<T>(path: string, query: Query, signal?: AbortSignal): Promise<Paged<T>> {
  return http
    .get<{ data?: Paged<T> }>(path, query, { signal })
    .then((a) => ({ total: a.data?.total ?? 0, records: a.data?.records ?? [] }));
}

/** Where a list's pages come from: an endpoint path, or a fetcher for lists with their own client. */
export type PageSource<T, F> =
  | string
  | ((query: F & { page: number; pageSize: number }, signal: AbortSignal) => Promise<Paged<T>>);

export interface PagedListOptions {
  /** Rows per page when the list opens (a list inside a dialog or a side panel shows fewer). */
  pageSize?: number;
  /** False while the list has nothing to show yet (a closed drawer, no unit chosen). */
  enabled?: boolean;
  /**
   * The page's own list keeps its page, page size and sort in the URL (true, or the prefix of its keys when
   * the page holds two lists); a list inside a dialog, drawer or side panel leaves it out and keeps them here.
   */
  url?: boolean | string;
}

/** A list's sort: a server field name and its direction. */
export type ListSort = Pick<UrlListState, 'sort' | 'order'>;

/** Error text for a table whose list failed to load (the toast has already said why). */
export const emptyText = (isError: boolean) => (isError ? '加载失败，请稍后重试' : undefined);

/**
 * A server-paged list: `key` identifies the list (its query key starts with it, so invalidating the key
 * refreshes every page), `filters` the query parameters besides page and pageSize — a new filters object
 * starts again on page 1. Spread `tableProps` on the list's <Table>.
 */
export function usePagedList<T, F extends object = Query>(
  key: readonly unknown[],
  source: PageSource<T, F>,
  filters: F,
  options: PagedListOptions = {},
) {
  const defaultPageSize = options.pageSize ?? PAGE_SIZE;
  const prefix = typeof options.url === 'string' ? options.url : '';
  const inUrl = Boolean(options.url);
  const [params] = useSearchParams();
  const updateUrl = useUpdateUrl();
  const [local, setLocal] = useState<UrlListState>({ page: 1, pageSize: defaultPageSize });
  const state = inUrl ? readListState(params, prefix, defaultPageSize) : local;
  const { page, pageSize, sort, order } = state;
  const change = (patch: Partial<UrlListState>) => {
    if (inUrl) updateUrl((current) => writeListState(current, prefix, patch, defaultPageSize));
    else setLocal((s) => ({ ...s, ...patch, order: 'sort' in patch ? patch.order : s.order }));
  };
  const [lastFilters, setLastFilters] = useState(filters);
  const filtersChanged = lastFilters !== filters;
  // New filters start again on page 1 (adjusting state while rendering, as React recommends over an effect;
  // the URL's page is written by the filters' own setter, useUrlFilters).
  if (filtersChanged) {
    setLastFilters(filters);
    if (!inUrl) setLocal((s) => ({ ...s, page: 1 }));
  }
  const query = useMemo(
    () => ({ ...filters, ...(sort ? { sort, order } : {}), page, pageSize }),
    [filters, sort, order, page, pageSize],
  );
  const list = useQuery({
    queryKey: [...key, query],
    queryFn: ({ signal }) =>
      typeof source === 'string'
        ? fetchPaged<T>(source, query as Query, signal)
        : source(query as F & { page: number; pageSize: number }, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
  const total = list.data?.total ?? 0;
  // A write can empty the last page (or a URL can name a page past the end): step back to the last page
  // that still has rows.
  const emptyPage = Boolean(
    list.data && !list.isPlaceholderData && list.data.records.length === 0 && total > 0 && page > 1,
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: change() is a new function each render
  useEffect(() => {
    if (emptyPage) change({ page: Math.max(1, Math.ceil(total / pageSize)) });
  }, [emptyPage, total, pageSize]);
  const pagination: TablePaginationConfig = {
    current: page,
    pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (t) => `共 ${t} 条`,
    onChange: (p, size) => change({ page: size !== pageSize ? 1 : p, pageSize: size }),
  };
  /** A column's sort props: `{...sortable('dueDate')}` makes its header sort the list on the server. */
  const sortable = (field: string): { sorter: true; sortOrder: SortOrder } => ({
    sorter: true,
    sortOrder: sort === field ? (order === 'desc' ? 'descend' : 'ascend') : null,
  });
  const onChange: NonNullable<TableProps<T>['onChange']> = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T> | undefined;
    const field = s?.order && s.columnKey !== undefined ? String(s.columnKey) : undefined;
    change({ page: 1, sort: field, order: field ? (s?.order === 'descend' ? 'desc' : 'asc') : undefined });
  };
  const rows = list.data?.records ?? [];
  /** What every paged table sets alike: row key, loading, failure text, scrolling, paging, sorting. */
  const tableProps = {
    rowKey: 'id',
    size: 'middle',
    dataSource: rows,
    loading: list.isFetching,
    scroll: { x: 'max-content' },
    locale: { emptyText: emptyText(list.isError) },
    pagination,
    onChange,
  } satisfies TableProps<T>;
  return { list, rows, page, sort: { sort, order } as ListSort, sortable, tableProps };
}
