import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Form,
  type FormInstance,
  Row,
  Space,
  type TablePaginationConfig,
  type TableProps,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { ApiError, http, type Query } from '../../app/http';
import { leftoverMessage } from '../../resource-ui/resource-api';

/**
 * Small pieces shared by the work screens (体检数据, 阳性管理, 随访管理): the paged list of a plain
 * `{ data: { total, records } }` endpoint, the search card, failures shown the same way, dates.
 */

export interface Paged<T> {
  total: number;
  records: T[];
}

/** SPEC §9: lists open at 20 per page. */
export const PAGE_SIZE = 20;

export function fetchPaged<T>(path: string, query: Query, signal?: AbortSignal): Promise<Paged<T>> {
  return http
    .get<{ data?: Paged<T> }>(path, query, { signal })
    .then((a) => ({ total: a.data?.total ?? 0, records: a.data?.records ?? [] }));
}

/**
 * A server-paged list: `key` identifies the list (its query key starts with it, so invalidating the key
 * refreshes every page), `filters` the query parameters besides page and pageSize. Spread `tableProps` on
 * the list's <Table>.
 */
export function usePagedList<T>(key: readonly unknown[], path: string, filters: Query) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const [lastFilters, setLastFilters] = useState(filters);
  // New filters start again on page 1 (adjusting state while rendering, as React recommends over an effect).
  if (lastFilters !== filters) {
    setLastFilters(filters);
    setPage(1);
  }
  const query = useMemo(() => ({ ...filters, page, pageSize }), [filters, page, pageSize]);
  const list = useQuery({
    queryKey: [...key, query],
    queryFn: ({ signal }) => fetchPaged<T>(path, query, signal),
    placeholderData: keepPreviousData,
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
  /** What every paged table of these screens sets alike: row key, loading, failure text, scrolling, paging. */
  const tableProps = {
    rowKey: 'id',
    size: 'middle',
    dataSource: rows,
    loading: list.isFetching,
    scroll: { x: 'max-content' },
    locale: { emptyText: emptyText(list.isError) },
    pagination,
  } satisfies TableProps<T>;
  return { list, tableProps };
}

/** Error text for a table whose list failed to load (the toast has already said why). */
export const emptyText = (isError: boolean) => (isError ? '加载失败，请稍后重试' : undefined);

/**
 * Shows a failed write: 400 field errors on the form's fields (`fieldOf` maps a server path such as
 * 'values.SBP' to a form name; by default the path's last segment when the form has that field), else the
 * server's own message. 403/404/500/network were already shown by the HTTP client.
 */
export function showFailure(
  toast: { error: (text: string) => unknown },
  error: unknown,
  form?: FormInstance,
  fieldOf?: (path: string) => (string | number)[] | null,
): void {
  if (form && error instanceof ApiError && error.status === 400 && error.errors.length > 0) {
    const fields = new Map<string, { name: (string | number)[]; errors: string[] }>();
    for (const e of error.errors) {
      const name = fieldOf ? fieldOf(e.path) : defaultField(form, e.path);
      if (!name) continue;
      const k = name.join('.');
      const entry = fields.get(k) ?? { name, errors: [] };
      entry.errors.push(e.message);
      fields.set(k, entry);
    }
    if (fields.size > 0) {
      form.setFields([...fields.values()]);
      return;
    }
  }
  const text = leftoverMessage(error);
  if (text) toast.error(text);
}

function defaultField(form: FormInstance, path: string): string[] | null {
  const last = path.split(/[./]/).filter(Boolean).pop();
  if (!last) return null;
  const known = Object.keys(form.getFieldsValue(true) ?? {});
  return known.includes(last) ? [last] : null;
}

export interface SearchCardProps<T> {
  form: FormInstance<T>;
  onSearch: (values: T) => void;
  onReset?: () => void;
  children: ReactNode;
  testId?: string;
  initialValues?: Partial<T>;
}

/** The search form card of a list: its fields in a responsive grid, 查询 / 重置 at the end. */
export function SearchCard<T extends object>({
  form,
  onSearch,
  onReset,
  children,
  testId,
  initialValues,
}: SearchCardProps<T>) {
  return (
    <Card size="small">
      <Form<T> form={form} onFinish={onSearch} initialValues={initialValues} data-testid={testId}>
        <Row gutter={[16, 0]}>
          {children}
          <Col flex="auto" style={{ textAlign: 'right' }}>
            <Form.Item style={{ marginBlock: 8 }}>
              <Space wrap>
                <Button type="primary" htmlType="submit" data-testid={testId ? `${testId}-submit` : undefined}>
                  查询
                </Button>
                <Button
                  data-testid={testId ? `${testId}-reset` : undefined}
                  onClick={() => {
                    form.resetFields();
                    onReset ? onReset() : onSearch(form.getFieldsValue(true));
                  }}
                >
                  重置
                </Button>
              </Space>
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Card>
  );
}

/** One search field in the grid. */
export function SearchItem({ name, label, children }: { name?: string; label: string; children: ReactNode }) {
  return (
    <Col xs={24} sm={12} lg={8} xxl={6}>
      <Form.Item name={name} label={label} style={{ marginBlock: 8 }}>
        {children}
      </Form.Item>
    </Col>
  );
}

/** Years offered by the year filters: the data's years (2023–2025) up to the current year. */
export function yearOptions(): { value: number; label: string }[] {
  const last = Math.max(dayjs().year(), 2025);
  const out: { value: number; label: string }[] = [];
  for (let y = last; y >= 2023; y--) out.push({ value: y, label: `${y}年` });
  return out;
}

export const DATE = 'YYYY-MM-DD';
export const today = (): Dayjs => dayjs().startOf('day');
export const toDate = (d: Dayjs | null | undefined): string | undefined => (d ? d.format(DATE) : undefined);
export const fromDate = (s: string | null | undefined): Dayjs | null => (s ? dayjs(s) : null);
/** For DatePicker disabledDate: days before today. */
export const beforeToday = (d: Dayjs) => d.isBefore(today(), 'day');
/** For DatePicker disabledDate: days after today. */
export const afterToday = (d: Dayjs) => d.isAfter(today(), 'day');

/** Text of a blank-able value in a cell. */
export const orDash = (v: unknown): string => (v === null || v === undefined || v === '' ? '-' : String(v));

/** An id for an import run: crypto.randomUUID where the page is a secure context, a random string elsewhere. */
export function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
