import type { RemoteSource } from '@peis/shared';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import type { CSSProperties } from 'react';
import { useEffect, useState } from 'react';
import { http } from '../../app/http';
import { reportLoadFailure } from './load-failure';

export type RemoteValue = string | number;

export interface RemoteOption {
  value: RemoteValue;
  label: string;
}

/** Reads a dotted path ('data.phone') from a record. */
export function pick(record: unknown, path: string): unknown {
  let current: unknown = record;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

const STALE_MS = 5 * 60_000;

export const remoteOptionsKey = (remote: RemoteSource) => ['remote-options', remote.endpoint, remote.pageSize] as const;

type ListAnswer = { data?: { records?: unknown[] } | unknown[] };
const recordsOf = (answer: ListAnswer | undefined): unknown[] => {
  const data = answer?.data;
  return Array.isArray(data) ? data : (data?.records ?? []);
};

/**
 * The first page of a picker endpoint (GET {endpoint}?page=1&pageSize=N → { data: { total, records } }),
 * cached per endpoint so every picker, list cell and detail row showing the same source loads it once.
 */
export function useRemoteRecords(remote: RemoteSource | undefined) {
  return useQuery({
    queryKey: remote ? remoteOptionsKey(remote) : ['remote-options', null],
    enabled: Boolean(remote),
    queryFn: async ({ signal }) => {
      if (!remote) return [];
      try {
        return recordsOf(
          await http.get<ListAnswer>(remote.endpoint, { page: 1, pageSize: remote.pageSize }, { signal }),
        );
      } catch (e) {
        reportLoadFailure(e);
        throw e;
      }
    },
    staleTime: STALE_MS,
  });
}

/**
 * Options of a remote source: its first page, plus the records matching `search` (asked of the server as
 * `{labelKey}=text` when the first page may not hold everything), plus — for id-valued sources — each selected
 * value missing from both, read from {endpoint}/{id} so an edit form never shows a bare id.
 */
export function useRemoteOptions(
  remote: RemoteSource | undefined,
  options: { labelOf?: (record: unknown) => string; search?: string; selected?: RemoteValue[] } = {},
) {
  const { labelOf, search = '', selected = [] } = options;
  const base = useRemoteRecords(remote);
  const partial = (base.data?.length ?? 0) >= (remote?.pageSize ?? Number.POSITIVE_INFINITY);
  const searchable = Boolean(remote && partial && search.trim() && !remote.labelKey.includes('.'));
  const found = useQuery({
    queryKey: remote ? [...remoteOptionsKey(remote), 'search', search.trim()] : ['remote-options', null, 'search'],
    enabled: searchable,
    queryFn: async ({ signal }) =>
      remote
        ? recordsOf(
            await http.get<ListAnswer>(
              remote.endpoint,
              { page: 1, pageSize: remote.pageSize, [remote.labelKey]: search.trim() },
              { signal, catalogue: { other: false, 403: false } },
            ),
          )
        : [],
    staleTime: STALE_MS,
  });

  const keyOf = (r: unknown) => pick(r, remote?.valueKey ?? 'id') as RemoteValue;
  const known = new Set([...(base.data ?? []), ...(found.data ?? [])].map((r) => String(keyOf(r))));
  const missing =
    remote?.valueKey === 'id' && base.isSuccess ? selected.filter((v) => v !== '' && !known.has(String(v))) : [];
  const resolved = useQueries({
    queries: missing.map((id) => ({
      queryKey: ['remote-item', remote?.endpoint, String(id)],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        http
          .get<{ data?: unknown }>(`${remote?.endpoint}/${encodeURIComponent(String(id))}`, undefined, {
            signal,
            // A record gone or out of scope just shows its id; nothing to tell the user.
            catalogue: { 403: false, 404: false, 400: false },
          })
          .then((a) => a.data ?? null),
      staleTime: STALE_MS,
    })),
  });

  const seen = new Set<string>();
  const list: RemoteOption[] = [];
  for (const r of [...(base.data ?? []), ...(found.data ?? []), ...resolved.map((q) => q.data)]) {
    if (!r || !remote) continue;
    const value = keyOf(r);
    if (value === undefined || value === null || seen.has(String(value))) continue;
    seen.add(String(value));
    list.push({ value, label: labelOf ? labelOf(r) : String(pick(r, remote.labelKey) ?? value) });
  }
  return { options: list, isLoading: base.isLoading || found.isFetching, isError: base.isError };
}

type PickerValue = RemoteValue | RemoteValue[] | null | undefined;

export interface RemotePickerProps {
  remote: RemoteSource;
  value?: PickerValue;
  onChange?: (value: PickerValue) => void;
  /** Several values, no upper limit (SPEC §2 multiple-limit 0). */
  multiple?: boolean;
  labelOf?: (record: unknown) => string;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  style?: CSSProperties;
  id?: string;
}

/** A searchable select whose options come from another endpoint (SPEC §2 remote multi-select). */
export function RemotePicker({
  remote,
  value,
  onChange,
  multiple,
  labelOf,
  placeholder = '请选择',
  disabled,
  allowClear = true,
  style,
  id,
}: RemotePickerProps) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  // Ask the server only once typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const selected = value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];
  const { options, isLoading, isError } = useRemoteOptions(remote, { labelOf, search, selected });
  return (
    <Select<PickerValue, RemoteOption>
      id={id}
      value={value ?? (multiple ? [] : undefined)}
      onChange={(v) => onChange?.(v ?? (multiple ? [] : null))}
      mode={multiple ? 'multiple' : undefined}
      options={options}
      loading={isLoading}
      placeholder={placeholder}
      disabled={disabled}
      allowClear={allowClear}
      showSearch={{ optionFilterProp: 'label', onSearch: setTyped }}
      onOpenChange={(open) => {
        if (!open) setTyped('');
      }}
      notFoundContent={isError ? '选项加载失败' : undefined}
      style={{ width: '100%', minWidth: 160, ...style }}
    />
  );
}
