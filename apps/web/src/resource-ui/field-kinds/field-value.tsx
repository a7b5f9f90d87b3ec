import { type FieldDef, optionLabel } from '@peis/shared';
import { Image, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useRemoteOptions } from '../../components/pickers/remote-picker';
import { fileSrc } from '../../components/uploaders/upload-request';
import type { ResourceRecord } from '../resource-api';

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
    // The API sends the unit's short name beside its id (unitId → unitIdName).
    const name = record[`${fieldKey}Name`];
    if (!isEmpty(name)) return String(name);
    return isEmpty(value) ? placeholder : String(value);
  }
  if (f.kind === 'switch') {
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
  if (f.remote && !f.options) return <RemoteValue field={f} value={value} />;
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
  if (variant === 'list' && f.kind === 'textarea') {
    return (
      <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: 240 }}>
        {text}
      </Typography.Text>
    );
  }
  return text;
}

/** createdAt/updatedAt/deletedAt as local yyyy-MM-dd HH:mm:ss. */
export function formatTimestamp(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  const d = dayjs(String(value));
  return d.isValid() ? d.format('YYYY-MM-DD HH:mm:ss') : String(value);
}
