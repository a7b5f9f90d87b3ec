import {
  Card,
  Checkbox,
  Empty,
  Flex,
  Grid,
  Pagination,
  Select,
  Spin,
  Table,
  type TablePaginationConfig,
  type TableProps,
  Tooltip,
  Typography,
} from 'antd';
import type { SorterResult, SortOrder } from 'antd/es/table/interface';
import { type CSSProperties, type Key, type MouseEventHandler, type ReactNode, useMemo, useRef, useState } from 'react';
import './list-table.css';

type Column<T> = NonNullable<TableProps<T>['columns']>[number];

/**
 * Which of a list's columns matter most, by column key. They stay in view on a 1440 px screen with the side menu
 * open (after the title, before the others; the others scroll inside the table), and they make a row's card on a
 * phone: `title` as its heading, `status` beside it, `due` and `essential` as labelled lines, `actions` at the foot.
 */
export interface ListLayout {
  /** The row's name: fixed on the left of the table, the card's heading. */
  title: string;
  status?: string;
  /** The date a worker acts by (截止日期, 随访日期…). */
  due?: string;
  /** The row's buttons: fixed on the right of the table, the card's foot. Default: the column keyed 'actions'. */
  actions?: string;
  /** More columns the row is read by. */
  essential?: readonly string[];
  /** 'YYYY-MM-DD' columns: never cut (a width that fits the date, no wrapping). */
  dates?: readonly string[];
  /** 'YYYY-MM-DD HH:mm(:ss)' columns: never cut. */
  datetimes?: readonly string[];
  /** Columns whose cells keep their own layout (a note clipped to two lines with its own tooltip). */
  wrap?: readonly string[];
  /** Keep the page's column order (every column fits at 1440 px; a summary row counts on it). */
  keepOrder?: boolean;
}

/** Widths that fit '2026-11-25' and '2026-11-25 14:03:21' in the table's font with its cell padding. */
export const DATE_WIDTH = 120;
export const DATETIME_WIDTH = 180;
/** What a column without a width of its own gets. */
const DEFAULT_WIDTH = 120;
/** A sortable header needs room for its arrows. */
const SORTER_ROOM = 24;

export type ListTableProps<T> = TableProps<T> & {
  layout: ListLayout;
  /** Always cards (a list inside a narrow panel); by default cards below the md breakpoint (768 px). */
  cards?: boolean;
  /** The cards' counterpart of the table's `summary` (a 合计 row): shown after the cards. */
  cardSummary?: ReactNode;
};

const keyOf = <T,>(c: Column<T>): string => String(c.key ?? ('dataIndex' in c ? c.dataIndex : ''));

/** The cell's value before its render: `dataIndex` of a row (a path when an array). */
function cellValue<T>(c: Column<T>, row: T): unknown {
  const index = 'dataIndex' in c ? c.dataIndex : undefined;
  if (index === undefined || index === null) return undefined;
  const path = (Array.isArray(index) ? index : [index]) as (string | number)[];
  return path.reduce<unknown>(
    (v, k) => (v === null || v === undefined ? v : (v as Record<string | number, unknown>)[k]),
    row,
  );
}

/** What a column shows for a row: its render, or the value itself. */
function cellContent<T>(c: Column<T>, row: T, index: number): ReactNode {
  const value = cellValue(c, row);
  if (c.render) return c.render(value, row, index) as ReactNode;
  return value === null || value === undefined ? null : (value as ReactNode);
}

/**
 * A cell's content on one line, cut with "…" when the column is too narrow; hovering a cut cell shows the
 * whole content in a tooltip (only then: a cell that fits shows none).
 */
export function Clip({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);
  return (
    <Tooltip
      title={children}
      open={open}
      onOpenChange={(next) => {
        const el = ref.current;
        setOpen(next && el !== null && el.scrollWidth > el.clientWidth + 1);
      }}
    >
      <span ref={ref} className="list-clip">
        {children}
      </span>
    </Tooltip>
  );
}

/** A free-text cell (a note, a result) on at most two lines, the whole text on hovering a cut one; '-' when empty. */
export function ClipLines({ text, width }: { text: string | null | undefined; width: number }) {
  return text ? (
    <Typography.Paragraph ellipsis={{ rows: 2, tooltip: text }} style={{ maxWidth: width, margin: 0 }}>
      {text}
    </Typography.Paragraph>
  ) : (
    '-'
  );
}

/**
 * Every list of the console: a Table on a wide screen, a card per row on a phone, both with the list's paging.
 * On the table, cells keep to one line with a tooltip for cut text, date columns fit their dates, the title is
 * fixed on the left and the actions on the right, and the layout's essential columns come right after the title
 * so they are in view without scrolling. On a phone, each card shows the row's title, status, due date, its
 * other essential values and its buttons; a sortable list gets a 排序 select above the cards.
 */
export function ListTable<T extends object>({ layout, cards, cardSummary, ...table }: ListTableProps<T>) {
  const screens = Grid.useBreakpoint();
  // Before the first measurement useBreakpoint answers {}: a table, as on the screens most work is done on.
  const asCards = cards ?? screens.md === false;
  const columns = useMemo(() => arrange(table.columns ?? [], layout), [table.columns, layout]);
  if (!asCards) {
    const width = columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : DEFAULT_WIDTH), 0);
    const selection = table.rowSelection ? 48 : 0;
    return (
      <Table<T>
        {...table}
        columns={columns}
        tableLayout="fixed"
        scroll={{ ...(typeof table.scroll === 'object' ? table.scroll : {}), x: width + selection }}
      />
    );
  }
  return <ListCards<T> {...table} layout={layout} columns={columns} cardSummary={cardSummary} />;
}

/** The table's columns: widths everywhere, one-line cells with tooltips, title / essential / others / actions. */
function arrange<T>(columns: readonly Column<T>[], layout: ListLayout): Column<T>[] {
  const actionsKey = layout.actions ?? 'actions';
  const first = new Set<string>([
    layout.title,
    ...(layout.status ? [layout.status] : []),
    ...(layout.due ? [layout.due] : []),
    ...(layout.essential ?? []),
  ]);
  const shaped = columns.map((c): Column<T> => {
    const key = keyOf(c);
    const sortRoom = c.sorter ? SORTER_ROOM : 0;
    const own = typeof c.width === 'number' ? c.width : undefined;
    // Marked for the layout test (e2e/list-layout.spec.ts): these headers must be in view at 1440 px.
    const className = cls(c.className, first.has(key) || key === actionsKey ? 'list-essential' : undefined);
    if (key === actionsKey) return { ...c, className, fixed: 'right', width: own ?? 160 };
    const isDate = layout.dates?.includes(key);
    const isDatetime = layout.datetimes?.includes(key);
    if (isDate || isDatetime) {
      const fits = (isDatetime ? DATETIME_WIDTH : DATE_WIDTH) + sortRoom;
      return { ...c, ellipsis: false, width: Math.max(own ?? 0, fits), className: cls(className, 'list-nowrap') };
    }
    const width = (own ?? DEFAULT_WIDTH) + sortRoom;
    const fixed = key === layout.title && !layout.keepOrder ? ('left' as const) : c.fixed;
    if (layout.wrap?.includes(key)) return { ...c, className, width, fixed };
    return {
      ...c,
      className,
      width,
      fixed,
      ellipsis: false,
      render: (_: unknown, row: T, index: number) => <Clip>{cellContent(c, row, index)}</Clip>,
    } as Column<T>;
  });
  if (layout.keepOrder) return shaped;
  const rank = (c: Column<T>) => {
    const key = keyOf(c);
    if (key === layout.title) return 0;
    if (key === actionsKey) return 3;
    return first.has(key) ? 1 : 2;
  };
  // Array.prototype.sort is stable: within a rank the page's order stays.
  return shaped
    .map((c, i) => ({ c, i }))
    .sort((a, b) => rank(a.c) - rank(b.c) || a.i - b.i)
    .map(({ c }) => c);
}

const cls = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

/** The rows as cards (phones): heading + status, labelled lines, buttons; selection, sort and paging kept. */
function ListCards<T extends object>({
  layout,
  columns,
  dataSource,
  rowKey,
  loading,
  pagination,
  rowSelection,
  rowClassName,
  locale,
  onChange,
  onRow,
  cardSummary,
  ...rest
}: TableProps<T> & { layout: ListLayout; columns: Column<T>[]; cardSummary?: ReactNode }) {
  const rows = (dataSource ?? []) as T[];
  const byKey = new Map(columns.map((c) => [keyOf(c), c]));
  const actionsKey = layout.actions ?? 'actions';
  const lineKeys = [
    ...(layout.due ? [layout.due] : []),
    ...(layout.essential ?? []).filter((k) => k !== layout.due),
  ].filter((k) => byKey.has(k));
  const keyOfRow = (row: T, index: number): Key =>
    typeof rowKey === 'function'
      ? rowKey(row, index)
      : ((row as Record<string, unknown>)[String(rowKey ?? 'key')] as Key);
  // Rows picked on other pages stay picked (antd's preserveSelectedRowKeys): keep the rows once seen.
  const seen = useRef(new Map<Key, T>());
  rows.forEach((r, i) => {
    seen.current.set(keyOfRow(r, i), r);
  });
  const selected = new Set(rowSelection?.selectedRowKeys ?? []);
  const toggle = (key: Key, on: boolean) => {
    const keys = on ? [...selected, key] : [...selected].filter((k) => k !== key);
    const picked = keys.map((k) => seen.current.get(k)) as T[];
    rowSelection?.onChange?.(keys, picked, { type: 'single' });
  };
  const render = (key: string, row: T, index: number): ReactNode => {
    const c = byKey.get(key);
    return c ? cellContent(c, row, index) : null;
  };
  const title = (key: string): ReactNode => {
    const t = byKey.get(key)?.title;
    return typeof t === 'function' ? null : t;
  };
  // The heading's column name, for tools that read a card (the walk test tells a sign-in name from wording).
  const heading = title(layout.title);
  const titleText = typeof heading === 'string' ? heading : undefined;
  const sortable = columns.filter((c) => c.sorter);
  const sorted = sortable.find((c) => c.sortOrder);
  const sortValue = sorted ? `${keyOf(sorted)}:${sorted.sortOrder}` : undefined;
  const sortBy = (value: string | undefined) => {
    const [key, order] = value ? value.split(':') : [undefined, undefined];
    const column = key ? byKey.get(key) : undefined;
    const sorter: SorterResult<T> = {
      column,
      columnKey: key,
      field: column && 'dataIndex' in column ? (column.dataIndex as SorterResult<T>['field']) : key,
      order: (order as SortOrder) ?? null,
    };
    onChange?.((pagination || {}) as TablePaginationConfig, {}, sorter, {
      action: 'sort',
      currentDataSource: rows,
    });
  };
  const paging = pagination === false ? null : (pagination ?? null);
  const spinning = typeof loading === 'object' ? Boolean(loading.spinning) : Boolean(loading);
  return (
    <div data-testid={(rest as Record<string, unknown>)['data-testid'] as string | undefined} className="list-cards">
      {sortable.length > 0 ? (
        <Select
          allowClear
          placeholder="排序"
          value={sortValue}
          onChange={sortBy}
          style={{ width: '100%', marginBottom: 12 }}
          data-testid="list-sort"
          options={sortable.flatMap((c) => [
            { value: `${keyOf(c)}:ascend`, label: `${title(keyOf(c))} 升序` },
            { value: `${keyOf(c)}:descend`, label: `${title(keyOf(c))} 降序` },
          ])}
        />
      ) : null}
      <Spin spinning={spinning}>
        {rows.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              (typeof locale?.emptyText === 'function' ? locale.emptyText() : locale?.emptyText) ?? '暂无数据'
            }
          />
        ) : (
          <Flex vertical gap={12}>
            {rows.map((row, index) => {
              const key = keyOfRow(row, index);
              const extra = typeof rowClassName === 'function' ? rowClassName(row, index, 0) : rowClassName;
              const actions = byKey.has(actionsKey) ? render(actionsKey, row, index) : null;
              // The row's own handlers (a row opening a drawer on click) and test id go to its card.
              const own = (onRow?.(row, index) ?? {}) as Record<string, unknown>;
              return (
                <Card
                  key={key}
                  size="small"
                  className={cls('list-card', extra)}
                  onClick={own.onClick as MouseEventHandler<HTMLDivElement> | undefined}
                  style={own.style as CSSProperties | undefined}
                  data-testid={(own['data-testid'] as string | undefined) ?? 'list-card'}
                >
                  <Flex justify="space-between" align="flex-start" gap={8}>
                    <Flex align="center" gap={8} style={{ minWidth: 0 }}>
                      {rowSelection ? (
                        <Checkbox
                          checked={selected.has(key)}
                          onChange={(e) => toggle(key, e.target.checked)}
                          aria-label="选择"
                        />
                      ) : null}
                      <span className="list-card-title" data-label={titleText}>
                        {render(layout.title, row, index)}
                      </span>
                    </Flex>
                    {layout.status ? <span>{render(layout.status, row, index)}</span> : null}
                  </Flex>
                  {lineKeys.length > 0 ? (
                    <dl className="list-card-lines">
                      {lineKeys.map((k) => (
                        <div key={k}>
                          <dt>{title(k)}</dt>
                          <dd>{render(k, row, index)}</dd>
                        </div>
                      ))}
                    </dl>
                  ) : null}
                  {actions ? <div className="list-card-actions">{actions}</div> : null}
                </Card>
              );
            })}
            {cardSummary}
          </Flex>
        )}
      </Spin>
      {paging ? (
        <Pagination
          {...paging}
          size="small"
          simple
          align="center"
          style={{ marginTop: 16 }}
          onChange={(page, size) => {
            paging.onChange?.(page, size);
            onChange?.({ ...paging, current: page, pageSize: size }, {}, [], {
              action: 'paginate',
              currentDataSource: rows,
            });
          }}
        />
      ) : null}
    </div>
  );
}
