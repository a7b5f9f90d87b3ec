import { type ResourceDef, valueFields } from '@peis/shared';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, type DescriptionsProps, Drawer, Grid, Result } from 'antd';
import type { ReactNode } from 'react';
import { FieldValue, formatTimestamp } from './field-kinds/field-value';
import { fetchRecord, type ResourceRecord, resourceKeys } from './resource-api';

export interface ResourceDetailDrawerProps {
  resource: ResourceDef;
  id: ResourceRecord['id'] | null | undefined;
  open: boolean;
  onClose: () => void;
  /** A screen's own rendering of some fields (ResourceListPage's `cells`), instead of FieldValue. */
  cells?: FieldCells;
  /** A screen's own body for the loaded record (ResourceListPage's `detailBody`), instead of every field. */
  detailBody?: (record: ResourceRecord) => ReactNode;
}

/**
 * A screen's own rendering of declared fields, by field key, in the list ('list') and the detail ('detail'):
 * a progress bar, a due date marked overdue, a child table with a button per row. The field stays declared
 * (label, order, export); only how its value shows changes.
 */
export type FieldCells = Partial<Record<string, (record: ResourceRecord, variant: 'list' | 'detail') => ReactNode>>;

/** Every value field of one record (GET {endpoint}/{id}, unmasked) with its label, plus 创建时间/更新时间. */
export function ResourceDetailDrawer({ resource, id, open, onClose, cells, detailBody }: ResourceDetailDrawerProps) {
  const screens = Grid.useBreakpoint();
  const enabled = open && id !== null && id !== undefined;
  const detail = useQuery({
    queryKey: resourceKeys.detail(resource, id ?? ''),
    queryFn: ({ signal }) => fetchRecord(resource, id as ResourceRecord['id'], signal),
    enabled,
  });
  const record = detail.data;
  const titleValue = record && resource.titleField ? record[resource.titleField] : undefined;

  const items: DescriptionsProps['items'] = record
    ? [
        ...valueFields(resource)
          .filter(([, f]) => f.kind !== 'hidden')
          .map(([key, f]) => ({
            key,
            label: f.label,
            span: f.span === 24 || f.kind === 'textarea' ? ('filled' as const) : 1,
            children: cells?.[key] ? (
              cells[key](record, 'detail')
            ) : (
              <FieldValue fieldKey={key} field={f} record={record} variant="detail" />
            ),
          })),
        { key: 'createdAt', label: '创建时间', children: formatTimestamp(record.createdAt) },
        { key: 'updatedAt', label: '更新时间', children: formatTimestamp(record.updatedAt) },
        ...(record.deletedAt
          ? [{ key: 'deletedAt', label: '删除时间', children: formatTimestamp(record.deletedAt) }]
          : []),
      ]
    : [];

  return (
    <Drawer
      title={titleValue ? `${resource.label}详情：${String(titleValue)}` : `${resource.label}详情`}
      open={open}
      onClose={onClose}
      size={screens.md ? 720 : '100%'}
      loading={enabled && detail.isPending}
      destroyOnHidden
    >
      <div data-testid="resource-detail">
        {detail.isError ? (
          <Result status="warning" title="记录加载失败" />
        ) : record && detailBody ? (
          detailBody(record)
        ) : (
          // On a phone the labels go above their values: beside them, a label column squeezes child tables.
          <Descriptions
            bordered
            size="small"
            layout={screens.md ? 'horizontal' : 'vertical'}
            column={{ xs: 1, sm: 1, md: 2 }}
            items={items}
          />
        )}
      </div>
    </Drawer>
  );
}
