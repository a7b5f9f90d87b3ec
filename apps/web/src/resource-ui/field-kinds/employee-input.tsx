import { useQuery } from '@tanstack/react-query';
import { Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { http } from '../../app/http';

/** One answer of the scoped employee picker (GET /api/employees/pick?q=). */
export interface PickedEmployee {
  id: number;
  name: string;
  unitName?: string | null;
  idCardMasked?: string | null;
  staffNo?: string | null;
}

/** 姓名（单位）, the way lists and details show a person. */
export const employeeText = (name: unknown, unit: unknown): string =>
  unit ? `${String(name ?? '')}（${String(unit)}）` : String(name ?? '');

export interface EmployeeInputProps {
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** Name and unit of the current value (the record's `${key}Name` / `${key}UnitName`), shown before any search. */
  current?: { name?: unknown; unitName?: unknown };
  placeholder?: string;
  disabled?: boolean;
  status?: 'error';
  id?: string;
  'aria-label'?: string;
}

/**
 * An employee field's control: asks the server (within the account's scope) for at most 20 people matching
 * a name, ID number or staff number as the user types; each option shows name, unit, staff number and the
 * masked ID number so two people of one name can be told apart.
 */
export function EmployeeInput({
  value,
  onChange,
  current,
  placeholder,
  disabled,
  status,
  id,
  ...aria
}: EmployeeInputProps) {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  // Ask only once typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useQuery({
    queryKey: ['employee-pick', q],
    enabled: q !== '',
    queryFn: ({ signal }) =>
      http.get<{ data?: PickedEmployee[] }>('/employees/pick', { q }, { signal }).then((a) => a.data ?? []),
    staleTime: 60_000,
  });
  // The chosen person stays labelled after the search list changes.
  const [chosen, setChosen] = useState<PickedEmployee | null>(null);
  // A value with no name at hand (an action's form, a default) is labelled by asking the picker for that id.
  const unnamed = value != null && !current?.name && chosen?.id !== value;
  const named = useQuery({
    queryKey: ['employee-pick', 'id', value],
    enabled: unnamed,
    queryFn: ({ signal }) =>
      http
        .get<{ data?: PickedEmployee[] }>('/employees/pick', { id: value }, { signal })
        .then((a) => a.data?.[0] ?? null),
    staleTime: 60_000,
  });
  const people = found.data ?? [];
  const options = people.map((p) => ({
    value: p.id,
    label: employeeText(p.name, p.unitName),
    detail: [p.staffNo && `工号 ${p.staffNo}`, p.idCardMasked].filter(Boolean).join(' · '),
  }));
  const selectedLabel =
    chosen && chosen.id === value
      ? employeeText(chosen.name, chosen.unitName)
      : current?.name
        ? employeeText(current.name, current.unitName)
        : named.data
          ? employeeText(named.data.name, named.data.unitName)
          : undefined;
  if (value != null && !options.some((o) => o.value === value)) {
    options.unshift({ value, label: selectedLabel ?? String(value), detail: '' });
  }
  return (
    <Select<number | null>
      id={id}
      aria-label={aria['aria-label']}
      value={value ?? undefined}
      onChange={(v) => {
        setChosen(people.find((p) => p.id === v) ?? null);
        onChange?.(v ?? null);
      }}
      options={options}
      optionRender={(o) => (
        <div>
          <div>{o.data.label}</div>
          {o.data.detail ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {o.data.detail}
            </Typography.Text>
          ) : null}
        </div>
      )}
      // The server matches name, ID number and staff number; the list shown is its answer as is.
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={found.isFetching}
      notFoundContent={q ? (found.isFetching ? '查询中…' : '未找到匹配的员工') : '输入姓名、身份证号或工号查询'}
      allowClear
      placeholder={placeholder ?? '输入姓名、身份证号或工号'}
      disabled={disabled}
      status={status}
      style={{ width: '100%', minWidth: 180 }}
    />
  );
}
