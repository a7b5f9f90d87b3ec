import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { isView, type ResourceDef, rowWritable } from '@peis/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Space, type TableProps, Typography } from 'antd';
import { type Key, type ReactNode, useMemo, useState } from 'react';
import { download, type Query } from '../app/http';
import { ListTable, usePagedList } from '../components/list';
import { bulkBlocked } from './action-rules';
import { FieldValue, formatTimestamp } from './field-kinds/field-value';
import { actionColumnWidth, fieldColumnWidth, listedFields, resourceListLayout } from './list-layout';
import { ActionButton, DeleteButton, RowActions, useActionRunner, useBulkActions, useCan } from './resource-actions';
import {
  fetchList,
  invalidateResource,
  leftoverMessage,
  type ResourceRecord,
  removeRecord,
  resourceKeys,
  restoreRecord,
} from './resource-api';
import { type FieldCells, ResourceDetailDrawer } from './resource-detail-drawer';
import { type FormExtra, ResourceFormDialog } from './resource-form-dialog';
import { ResourceGate } from './resource-gate';
import { ResourceImportDialog } from './resource-import-dialog';
import { ResourceSearchForm } from './resource-search-form';

type Columns = NonNullable<TableProps<ResourceRecord>['columns']>;

export interface ResourceListPageProps {
  resource: ResourceDef;
  /** Card title; the resource's label by default. */
  title?: ReactNode;
  /** More toolbar buttons, after 新增/导入/导出. */
  toolbarExtra?: ReactNode;
  /** More row actions, after 查看/编辑/删除 (or 恢复). */
  rowActions?: (record: ResourceRecord) => ReactNode;
  /** The labels `rowActions` may show on one row, so the action column holds them (default: one four-character button's room). */
  rowActionLabels?: readonly string[];
  /** More columns, before the action column. */
  columnsExtra?: Columns;
  /** The list of soft-deleted records (deleted=1) with 恢复 as the row action. */
  deletedView?: boolean;
  /** The page offers the 已删除 view (so the delete question can say where a deleted record is restored). */
  restoreOffered?: boolean;
  /**
   * Filters the page fixes (e.g. the dictionary type picked beside the list): always sent, left out of the
   * search form, and the values a new record starts with.
   */
  fixed?: Record<string, string | number>;
  /** The create/edit form's own part under the declared fields (ResourceFormDialog's `formExtra`). */
  formExtra?: FormExtra;
  /** How some fields show in the list and the 查看 drawer (a progress bar, an overdue date); see FieldCells. */
  cells?: FieldCells;
  /** A class for rows that need attention (an overdue task: 'work-row-alert'). */
  rowClassName?: (record: ResourceRecord) => string;
  /** The 查看 drawer's own body for the record (a work item's planned steps), instead of every field. */
  detailBody?: (record: ResourceRecord) => ReactNode;
}

/** What a list is asked for besides its page: the search form's filters, the sort, the deleted view. */
interface ListFilters {
  filters: Query;
  sort?: string;
  order?: 'asc' | 'desc';
  deleted: boolean;
}

/**
 * The generic list screen of a resource: search form from the fields with `filter`, server-side paging and
 * sorting, toolbar (新增, 导入, 导出) and row actions (查看, 编辑, 删除 / 恢复), each behind its permission; the
 * declared actions a row's state allows (and bulk actions on selected rows). A read-only view (isView) offers
 * 查看 and 导出 only.
 */
export function ResourceListPage({
  resource,
  title,
  toolbarExtra,
  rowActions,
  rowActionLabels,
  columnsExtra,
  deletedView = false,
  restoreOffered = false,
  fixed,
  formExtra,
  cells,
  rowClassName,
  detailBody,
}: ResourceListPageProps) {
  const can = useCan();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const perms = resource.permissions;

  const readOnly = isView(resource);
  const [filters, setFilters] = useState<Query>({});
  // The record stays while a dialog or drawer closes, so its title and content do not flip mid-animation.
  const [editing, setEditing] = useState<{ open: boolean; record: ResourceRecord | null }>({
    open: false,
    record: null,
  });
  const [viewing, setViewing] = useState<{ open: boolean; id: ResourceRecord['id'] | null }>({
    open: false,
    id: null,
  });
  const [selected, setSelected] = useState<ResourceRecord[]>([]);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  // A new search or view starts again on page 1 (usePagedList does so for every new filters object). Page,
  // page size and sort are in the URL (the deleted view's under deleted.): back from elsewhere finds them.
  const listFilters = useMemo<ListFilters>(
    () => ({ filters: { ...filters, ...fixed }, deleted: deletedView }),
    [filters, deletedView, fixed],
  );
  const {
    sort: { sort, order },
    sortable,
    tableProps,
  } = usePagedList<ResourceRecord, ListFilters>(
    [...resourceKeys.all(resource), 'list'],
    ({ page, pageSize, ...f }, signal) => fetchList(resource, { page, pageSize, ...f }, signal),
    listFilters,
    { url: deletedView ? 'deleted.' : true },
  );
  const bulkActions = useBulkActions(resource);
  const selectable = !deletedView && bulkActions.length > 0;
  const runner = useActionRunner(resource, () => setSelected([]));

  const refresh = () => invalidateResource(queryClient, resource);
  const onFailure = (e: unknown) => {
    const text = leftoverMessage(e);
    if (text) message.error(text);
  };
  const remove = useMutation({
    mutationFn: (id: ResourceRecord['id']) => removeRecord(resource, id),
    onSuccess: (answer) => {
      message.success(answer?.msg || '已删除');
      return refresh();
    },
    onError: onFailure,
  });
  const restore = useMutation({
    mutationFn: (id: ResourceRecord['id']) => restoreRecord(resource, id),
    onSuccess: (answer) => {
      message.success(answer?.msg || '已恢复');
      return refresh();
    },
    onError: onFailure,
  });

  const exportList = async () => {
    setExporting(true);
    try {
      await download(`${resource.endpoint}/export`, { ...filters, ...fixed, sort, order }, `${resource.label}.xlsx`);
    } catch {
      // download() has already shown the failure (SPEC §8 export failure).
    } finally {
      setExporting(false);
    }
  };

  const layout = useMemo(() => resourceListLayout(resource, deletedView ? ['deletedAt'] : []), [resource, deletedView]);
  const columns = useMemo<Columns>(() => {
    const fieldColumns: Columns = listedFields(resource).map(([key, f]) => ({
      key,
      dataIndex: key,
      title: f.label,
      width: fieldColumnWidth(f),
      ...(f.sortable ? sortable(key) : {}),
      render: (_: unknown, record: ResourceRecord) =>
        cells?.[key] ? (
          cells[key](record, 'list')
        ) : (
          <FieldValue fieldKey={key} field={f} record={record} variant="list" />
        ),
    }));
    const deletedColumn: Columns = deletedView
      ? [{ key: 'deletedAt', dataIndex: 'deletedAt', title: '删除时间', render: (v: unknown) => formatTimestamp(v) }]
      : [];
    const actionColumn: Columns[number] = {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      // Room for the buttons a row can show; a page's own buttons (rowActions) as rowActionLabels says, else two more.
      width: actionColumnWidth(resource, deletedView, rowActions ? (rowActionLabels ?? ['更多操作']) : []),
      render: (_: unknown, record: ResourceRecord) => (
        <Space size={0} wrap={false}>
          {deletedView ? (
            <ResourceGate code={perms.restore ?? perms.remove}>
              <Button
                type="link"
                size="small"
                data-testid="row-restore"
                loading={restore.isPending && restore.variables === record.id}
                onClick={() => restore.mutate(record.id)}
              >
                恢复
              </Button>
            </ResourceGate>
          ) : (
            <>
              <ResourceGate code={perms.view ?? perms.list}>
                <Button
                  type="link"
                  size="small"
                  data-testid="row-view"
                  onClick={() => setViewing({ open: true, id: record.id })}
                >
                  查看
                </Button>
              </ResourceGate>
              <ResourceGate code={readOnly || !rowWritable(resource, record) ? undefined : perms.update}>
                <Button
                  type="link"
                  size="small"
                  data-testid="row-edit"
                  onClick={() => setEditing({ open: true, record })}
                >
                  编辑
                </Button>
              </ResourceGate>
              <ResourceGate
                code={
                  readOnly || resource.softDelete === false || !rowWritable(resource, record) ? undefined : perms.remove
                }
              >
                <DeleteButton
                  resource={resource}
                  record={record}
                  restoreOffered={restoreOffered && can(perms.restore ?? perms.remove ?? '')}
                  onConfirm={() => remove.mutateAsync(record.id).catch(() => undefined)}
                />
              </ResourceGate>
              <RowActions resource={resource} record={record} runner={runner} />
            </>
          )}
          {rowActions?.(record)}
        </Space>
      ),
    };
    return [...fieldColumns, ...deletedColumn, ...(columnsExtra ?? []), actionColumn];
  }, [
    resource,
    perms,
    readOnly,
    sortable,
    deletedView,
    columnsExtra,
    rowActions,
    rowActionLabels,
    remove,
    restore,
    runner,
    can,
    restoreOffered,
    cells,
  ]);

  const toolbar = (
    <Space wrap>
      {deletedView ? null : (
        <>
          <ResourceGate code={readOnly ? undefined : perms.create}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="resource-create"
              onClick={() => setEditing({ open: true, record: null })}
            >
              新增
            </Button>
          </ResourceGate>
          <ResourceGate code={readOnly ? undefined : perms.import}>
            <Button icon={<UploadOutlined />} data-testid="resource-import" onClick={() => setImporting(true)}>
              导入
            </Button>
          </ResourceGate>
          <ResourceGate code={perms.export}>
            <Button icon={<DownloadOutlined />} loading={exporting} data-testid="resource-export" onClick={exportList}>
              导出
            </Button>
          </ResourceGate>
          {selectable
            ? bulkActions.map(([name, action]) => (
                <ActionButton
                  key={name}
                  name={name}
                  action={action}
                  rows={selected}
                  bulk
                  runner={runner}
                  type="default"
                  blocked={bulkBlocked(resource, action, selected)}
                />
              ))
            : null}
        </>
      )}
      {toolbarExtra}
    </Space>
  );

  return (
    <Flex vertical gap={16} data-testid="resource-list" data-resource={resource.name}>
      <ResourceSearchForm resource={resource} onSearch={setFilters} omit={fixed ? Object.keys(fixed) : undefined} />
      <Card>
        {/* Title and toolbar in one wrapping row: on a narrow window the toolbar moves under the title. */}
        <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {title ?? (deletedView ? `已删除的${resource.label}` : resource.label)}
          </Typography.Title>
          {toolbar}
        </Flex>
        <ListTable<ResourceRecord>
          {...tableProps}
          layout={layout}
          size={undefined}
          columns={columns}
          rowClassName={rowClassName}
          rowSelection={
            selectable
              ? {
                  selectedRowKeys: selected.map((r) => r.id as Key),
                  onChange: (_keys, rows) => setSelected(rows),
                  preserveSelectedRowKeys: true,
                }
              : undefined
          }
          data-testid="resource-table"
        />
      </Card>
      <ResourceFormDialog
        resource={resource}
        record={editing.record}
        open={editing.open}
        defaults={fixed}
        formExtra={formExtra}
        onClose={() => setEditing((s) => ({ ...s, open: false }))}
      />
      <ResourceDetailDrawer
        resource={resource}
        id={viewing.id}
        open={viewing.open}
        cells={cells}
        detailBody={detailBody}
        onClose={() => setViewing((s) => ({ ...s, open: false }))}
      />
      {runner.dialog}
      {perms.import && !readOnly ? (
        <ResourceImportDialog resource={resource} open={importing} onClose={() => setImporting(false)} />
      ) : null}
    </Flex>
  );
}
