import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TablePaginationConfig, TableProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { http, type Query } from '../../app/http';

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
}

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
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(options.pageSize ?? PAGE_SIZE);
  const [lastFilters, setLastFilters] = useState(filters);
  // New filters start again on page 1 (adjusting state while rendering, as React recommends over an effect).
  if (lastFilters !== filters) {
    setLastFilters(filters);
    setPage(1);
  }
  const query = useMemo(() => ({ ...filters, page, pageSize }), [filters, page, pageSize]);
  const list = useQuery({
    queryKey: [...key, query],
    queryFn: ({ signal }) =>
      typeof source === 'string' ? fetchPaged<T>(source, query as Query, signal) : source(query, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
  const total = list.data?.total ?? 0;
  // A write can empty the last page: step back to the last page that still has rows.
  const emptyPage = Boolean(list.data && list.data.records.length === 0 && total > 0 && page > 1);
  useEffect(() => {
    if (emptyPage) setPage(Math.max(1, Math.ceil(total / pageSize)));
  }, [emptyPage, total, pageSize]);
  const pagination: TablePaginationConfig = {
    current: page,
    pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (t) => `共 ${t} 条`,
    onChange: (p, size) => {
      setPage(size !== pageSize ? 1 : p);
      setPageSize(size);
    },
  };
  const rows = list.data?.records ?? [];
  /** What every paged table sets alike: row key, loading, failure text, scrolling, paging. */
  const tableProps = {
    rowKey: 'id',
    size: 'middle',
    dataSource: rows,
    loading: list.isFetching,
    scroll: { x: 'max-content' },
    locale: { emptyText: emptyText(list.isError) },
    pagination,
  } satisfies TableProps<T>;
  return { list, rows, page, tableProps };
}
