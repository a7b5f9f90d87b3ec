import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { FieldDef } from '@peis/shared';
import { Button, Flex, Form, Grid, Table, type TableColumnsType, Typography } from 'antd';
import { type HTMLAttributes, useMemo, useState } from 'react';
import {
  type CellErrors,
  type ChildRow,
  childColumns,
  limitsText,
  moveRow,
  nestedCollections,
  newRow,
  removeRow,
  validateRows,
  withKeys,
} from './children-rows';
import { FieldInput } from './field-input';
import { useServerErrors } from './server-errors';

/** Column width of a child field's control, by kind. */
const WIDTHS: Partial<Record<FieldDef['kind'], number>> = {
  number: 110,
  switch: 72,
  select: 140,
  radio: 200,
  date: 150,
  employee: 200,
};

interface GridProps {
  field: FieldDef;
  rows: ChildRow[];
  onRows: (rows: ChildRow[]) => void;
  /** Rows were added, removed or moved: the server's messages by row number no longer apply. */
  reshaped: () => void;
  /** Path of this collection relative to the form field ('' at the top, '2.options' for a question's options). */
  prefix: string;
  errorOf: (path: string) => string | undefined;
  touch: (path: string) => void;
  disabled?: boolean;
  testId: string;
}

/** A control's change as a value: text inputs and radios hand over an event, the others the value itself. */
const changeValue = (change: unknown): unknown => {
  if (change && typeof change === 'object' && 'target' in change) {
    const target = (change as { target: { type?: string; checked?: boolean; value?: unknown } }).target;
    return target.type === 'checkbox' ? target.checked : target.value;
  }
  return change;
};

const join = (prefix: string, ...parts: (string | number)[]) => [prefix, ...parts].filter((p) => p !== '').join('.');

/**
 * One editable table of child rows: a control per child field in each cell with its own message, 上移/下移/删除
 * per row, 添加 under the table; a row's nested collection (the second level) is edited in the expanded row.
 */
function ChildrenGrid({ field: f, rows, onRows, reshaped, prefix, errorOf, touch, disabled, testId }: GridProps) {
  const columns = childColumns(f).filter(([, c]) => c.kind !== 'children');
  const nested = nestedCollections(f);
  const max = f.children?.max;
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  // On a phone the table scrolls sideways: a pinned action column would cover the cell being typed in.
  const wide = Grid.useBreakpoint().md ?? true;
  const setCell = (index: number, key: string, value: unknown) => {
    touch(join(prefix, index, key));
    onRows(rows.map((r, i) => (i === index ? { ...r, [key]: value } : r)));
  };
  const rowLabel = (i: number) => `第${i + 1}行`;
  const reshape = (next: ChildRow[]) => {
    reshaped();
    onRows(next);
  };

  const tableColumns: TableColumnsType<ChildRow> = [
    { key: '#', title: '序号', width: wide ? 56 : 40, align: 'center', render: (_, __, i) => i + 1 },
    ...columns.map(([key, c]): TableColumnsType<ChildRow>[number] => ({
      key,
      title: c.required ? (
        <>
          <Typography.Text type="danger">* </Typography.Text>
          {c.label}
        </>
      ) : (
        c.label
      ),
      width: WIDTHS[c.kind],
      onCell: () => ({ style: { verticalAlign: 'top', minWidth: WIDTHS[c.kind] ?? 200 } }),
      render: (_, row, i) => {
        const error = errorOf(join(prefix, i, key));
        return (
          <div data-testid={`child-cell-${key}`}>
            <FieldInput
              field={c}
              value={row[key]}
              onChange={(v) => setCell(i, key, changeValue(v))}
              disabled={disabled}
              status={error ? 'error' : undefined}
              aria-label={`${c.label}（${rowLabel(i)}）`}
            />
            {error ? (
              <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="child-cell-error">
                {error}
              </Typography.Text>
            ) : null}
          </div>
        );
      },
    })),
    {
      key: 'actions',
      title: '操作',
      width: 120,
      fixed: wide ? 'right' : undefined,
      onCell: () => ({ style: { verticalAlign: 'top' } }),
      render: (_, __, i) => (
        <Flex gap={2}>
          <Button
            size="small"
            type="text"
            icon={<ArrowUpOutlined />}
            aria-label={`上移${rowLabel(i)}`}
            title="上移"
            disabled={disabled || i === 0}
            data-testid="child-up"
            onClick={() => reshape(moveRow(rows, i, -1))}
          />
          <Button
            size="small"
            type="text"
            icon={<ArrowDownOutlined />}
            aria-label={`下移${rowLabel(i)}`}
            title="下移"
            disabled={disabled || i === rows.length - 1}
            data-testid="child-down"
            onClick={() => reshape(moveRow(rows, i, 1))}
          />
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={`删除${rowLabel(i)}`}
            title="删除"
            disabled={disabled}
            data-testid="child-delete"
            onClick={() => reshape(removeRow(rows, i))}
          />
        </Flex>
      ),
    },
  ];

  const keys = rows.map((r) => String(r._key));
  // Rows whose nested collection holds a message stay open, so the message is never hidden.
  const expanded = keys.filter((k, i) => !collapsed.has(k) || nested.some(([n]) => errorOf(join(prefix, i, n))));
  const whole = prefix ? errorOf(prefix) : undefined;
  const limits = limitsText(f);

  return (
    <div data-testid={testId}>
      <Table<ChildRow>
        rowKey={(r) => String(r._key)}
        size="small"
        bordered
        columns={tableColumns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: `暂无${f.label}` }}
        onRow={() => ({ 'data-testid': `child-row-${testId}` }) as HTMLAttributes<HTMLElement>}
        expandable={
          nested.length
            ? {
                expandedRowKeys: expanded,
                onExpand: (open, row) =>
                  setCollapsed((prev) => {
                    const next = new Set(prev);
                    if (open) next.delete(String(row._key));
                    else next.add(String(row._key));
                    return next;
                  }),
                expandedRowRender: (row, i) =>
                  nested.map(([key, c]) => (
                    <div key={key} style={{ padding: wide ? '4px 0 4px 24px' : '4px 0' }}>
                      <Typography.Text strong style={{ display: 'block', marginBottom: 6 }}>
                        {`${c.label}（${rowLabel(i)}）`}
                      </Typography.Text>
                      <ChildrenGrid
                        field={c}
                        rows={(row[key] as ChildRow[]) ?? []}
                        onRows={(next) => onRows(rows.map((r, j) => (j === i ? { ...r, [key]: next } : r)))}
                        reshaped={reshaped}
                        prefix={join(prefix, i, key)}
                        errorOf={errorOf}
                        touch={touch}
                        disabled={disabled}
                        testId={key}
                      />
                    </div>
                  )),
              }
            : undefined
        }
      />
      <Flex align="center" gap={12} wrap style={{ marginTop: 8 }}>
        <Button
          type="dashed"
          icon={<PlusOutlined />}
          disabled={disabled || (max !== undefined && rows.length >= max)}
          onClick={() => reshape([...rows, newRow(f)])}
          data-testid={`child-add-${testId}`}
        >
          添加{f.label}
        </Button>
        {limits ? <Typography.Text type="secondary">{`${f.label}：${limits}`}</Typography.Text> : null}
        {whole ? (
          <Typography.Text type="danger" data-testid="child-table-error">
            {whole}
          </Typography.Text>
        ) : null}
      </Flex>
    </div>
  );
}

export interface ChildrenInputProps {
  /** The form field's key (server error paths start with it). */
  fieldKey: string;
  field: FieldDef;
  value?: unknown;
  onChange?: (value: ChildRow[]) => void;
  disabled?: boolean;
  id?: string;
}

/**
 * The form control of a 'children' field (inside a Form.Item holding the whole collection). Cells are checked
 * by the server's own schema; a cell's message shows once it was edited or the form was submitted, and the
 * server's 400 messages land on the cell their path names until the cell is edited.
 */
export function ChildrenInput({ fieldKey, field: f, value, onChange, disabled, id }: ChildrenInputProps) {
  const rows = useMemo(() => withKeys(f, value), [f, value]);
  const client = useMemo<CellErrors>(() => validateRows(f, rows), [f, rows]);
  const server = useServerErrors();
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const form = Form.useFormInstance();
  const { status } = Form.Item.useStatus();
  // After a refused submit every cell shows its message, and the table's own message follows the edits.
  const showAll = status === 'error';
  const errorOf = (path: string) => {
    const full = join(fieldKey, path);
    return server.errors[full] ?? (showAll || touched.has(path) ? client[path] : undefined);
  };
  const touch = (path: string) => {
    server.clear(join(fieldKey, path));
    setTouched((prev) => (prev.has(path) ? prev : new Set(prev).add(path)));
  };
  return (
    <div id={id}>
      <ChildrenGrid
        field={f}
        rows={rows}
        onRows={(next) => {
          onChange?.(next);
          if (showAll) void form.validateFields([fieldKey]).catch(() => undefined);
        }}
        reshaped={() => server.clear(fieldKey)}
        prefix=""
        errorOf={errorOf}
        touch={touch}
        disabled={disabled}
        testId={fieldKey}
      />
    </div>
  );
}
