import { type FieldDef, optionLabel } from '@peis/shared';
import { Image, Table, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { Digits } from '../../components/list/digits';
import { useRemoteOptions } from '../../components/pickers/remote-picker';
import { ExpressionText } from '../../components/rule-expression';
import { UnitName } from '../../components/unit-name';
import { fileSrc } from '../../components/uploaders/upload-request';
import type { ResourceRecord } from '../resource-api';
import { childColumns, nestedCollections } from './children-rows';
import { employeeText } from './employee-input';
import { cleanHtml, htmlText } from './rich-text-clean';

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** Labels of values picked from another endpoint, from the same cached options the picker uses. */
function RemoteValue({ field: f, value }: { field: FieldDef; value: unknown }) {
  const selected = (Array.isArray(value) ? value : [value]) as (string | number)[];
  const { options } = useRemoteOptions(f.remote, { selected });
  const label = (v: unknown) => options.find((o) => String(o.value) === String(v))?.label ?? String(v);
  return <>{Array.isArray(value) ? value.map(label).join('、') : label(value)}</>;
}

export interface FieldValueProps {
  fieldKey: string;
  field: FieldDef;
  record: ResourceRecord;
  /** 'list': compact cell; 'detail': full value (multi-line text, larger image). */
  variant: 'list' | 'detail';
}

/** A field's value for people: option labels, unit names, 是/否, thumbnails; dates as sent (yyyy-MM-dd). */
export function FieldValue({ fieldKey, field: f, record, variant }: FieldValueProps) {
  const value = record[fieldKey];
  const placeholder = variant === 'detail' ? '-' : null;
  if (f.kind === 'company') {
    // The API sends the unit's short name beside its id (unitId → unitIdName): a list shows it, a detail the
    // full name, each with the other on hover (one name per unit, docs/decisions.md).
    const name = record[`${fieldKey}Name`];
    if (isEmpty(value) && isEmpty(name)) return placeholder;
    return (
      <UnitName
        id={isEmpty(value) ? null : Number(value)}
        name={isEmpty(name) ? String(value) : String(name)}
        full={variant === 'detail'}
      />
    );
  }
  if (f.kind === 'employee') {
    // The API sends the person's name and unit beside the id (k → kName, kUnitName).
    const name = record[`${fieldKey}Name`];
    if (!isEmpty(name)) return employeeText(name, record[`${fieldKey}UnitName`]);
    return isEmpty(value) ? placeholder : String(value);
  }
  if (f.kind === 'children') {
    if (variant === 'detail') return <ChildrenView field={f} rows={value} testId={fieldKey} />;
    return Array.isArray(value) ? `${value.length}项` : placeholder;
  }
  if (f.kind === 'switch' || typeof value === 'boolean') {
    if (value === null || value === undefined) return placeholder;
    return value ? <Tag color="success">是</Tag> : <Tag>否</Tag>;
  }
  if (isEmpty(value)) return placeholder;
  if (f.kind === 'image') {
    const size = variant === 'list' ? 40 : 96;
    return (
      <Image
        src={fileSrc(String(value))}
        width={size}
        height={size}
        style={{ objectFit: 'cover', borderRadius: 4 }}
        alt={f.label}
      />
    );
  }
  if (f.expression) return <ExpressionText value={value} variant={variant} />;
  if (f.remote && !f.options) return <RemoteValue field={f} value={value} />;
  if (f.kind === 'richText') {
    if (variant === 'list') return <ListText text={htmlText(String(value))} />;
    // Stored sanitised by the server; reduced to the editor's allowlist again before it enters the page.
    return (
      <Typography data-testid="rich-text-view">
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server, then reduced by cleanHtml */}
        <div dangerouslySetInnerHTML={{ __html: cleanHtml(String(value)) }} />
      </Typography>
    );
  }
  if (f.kind === 'file' && Array.isArray(value)) {
    return (
      <span data-testid="file-list">
        {(value as { url: string; name: string }[]).map((file, i) => (
          <span key={file.url}>
            {i > 0 ? '、' : null}
            <Typography.Link href={fileSrc(file.url)} target="_blank" rel="noopener noreferrer">
              {file.name}
            </Typography.Link>
          </span>
        ))}
      </span>
    );
  }
  if (f.kind === 'textarea' && variant === 'detail') {
    return <span style={{ whiteSpace: 'pre-wrap' }}>{String(value)}</span>;
  }
  if (f.kind === 'tags' && variant === 'detail' && Array.isArray(value)) {
    return (
      <>
        {value.map((v) => (
          <Tag key={String(v)}>{String(v)}</Tag>
        ))}
      </>
    );
  }
  const text = optionLabel(f, value);
  if (variant === 'list' && f.kind === 'textarea') return <ListText text={text} />;
  // ID and phone numbers never break mid-number (a phone's narrow cell).
  if (f.mask && text) return <Digits>{text}</Digits>;
  return text;
}

/** Long text in a list cell: one line, the rest in a tooltip. */
const ListText = ({ text }: { text: string }) => (
  <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: 240 }}>
    {text}
  </Typography.Text>
);

/** createdAt/updatedAt/deletedAt as local yyyy-MM-dd HH:mm:ss. */
export function formatTimestamp(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  const d = dayjs(String(value));
  return d.isValid() ? d.format('YYYY-MM-DD HH:mm:ss') : String(value);
}

type Row = ResourceRecord;

/**
 * A child collection read-only (the detail drawer): one table of its rows in their order, each row's nested
 * collection (a question's options) as a table under the row.
 */
export function ChildrenView({ field: f, rows, testId }: { field: FieldDef; rows: unknown; testId: string }) {
  const list = (Array.isArray(rows) ? rows : []) as Row[];
  const nested = nestedCollections(f);
  const columns: TableColumnsType<Row> = [
    { key: '#', title: '序号', width: 56, align: 'center', render: (_, __, i) => i + 1 },
    ...childColumns(f)
      .filter(([, c]) => c.kind !== 'children')
      .map(([key, c]) => ({
        key,
        title: c.label,
        render: (_: unknown, row: Row) => <FieldValue fieldKey={key} field={c} record={row} variant="list" />,
      })),
  ];
  return (
    <div data-testid={`children-view-${testId}`}>
      <Table<Row>
        rowKey={(r, i) => String(r.id ?? i)}
        size="small"
        bordered
        columns={columns}
        dataSource={list}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: `暂无${f.label}` }}
        expandable={
          nested.length
            ? {
                // Read-only: every row's nested rows are shown, nothing to fold.
                expandedRowKeys: list.map((r, i) => String(r.id ?? i)),
                showExpandColumn: false,
                expandedRowRender: (row) =>
                  nested.map(([key, c]) => (
                    <div key={key} style={{ paddingLeft: 8 }}>
                      <Typography.Text type="secondary">{c.label}</Typography.Text>
                      <ChildrenView field={c} rows={row[key]} testId={key} />
                    </div>
                  )),
              }
            : undefined
        }
      />
    </div>
  );
}
