import { API_PERMISSIONS, hasButtonPermission } from '@peis/shared';
import { useQuery } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import type { CSSProperties } from 'react';
import { useMemo } from 'react';
import { http } from '../../app/http';
import { useSession } from '../../app/use-session';
import { reportLoadFailure } from './load-failure';

/** A node of GET /api/company/company/tree (SPEC §3: id, name, children; shortName for lists). */
export interface UnitNode {
  id: number;
  name: string;
  shortName?: string;
  children?: UnitNode[];
}

interface TreeOption {
  value: number;
  title: string;
  children: TreeOption[];
}

export const unitTreeKey = (userType?: number) => ['company-tree', userType ?? null] as const;

/**
 * The unit tree within the account's scope; optionally only units holding accounts of a user type (SPEC §6).
 * `enabled` false: not loaded (an account without the tree's permission).
 */
export function useUnitTree(userType?: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: unitTreeKey(userType),
    queryFn: async ({ signal }) => {
      try {
        const answer = await http.get<{ data: UnitNode[] }>(
          '/company/company/tree',
          { user_type: userType },
          { signal },
        );
        return answer.data ?? [];
      } catch (e) {
        reportLoadFailure(e);
        throw e;
      }
    },
    // Units change rarely; one load serves every picker and filter on the screen.
    staleTime: 5 * 60_000,
  });
}

const toOptions = (nodes: UnitNode[]): TreeOption[] =>
  nodes.map((n) => ({ value: n.id, title: n.name, children: toOptions(n.children ?? []) }));

type CompanyValue = number | number[] | null | undefined;

export interface CompanyPickerProps {
  /** Unit id, or a list of ids when `multiple`. */
  value?: CompanyValue;
  onChange?: (value: CompanyValue) => void;
  /** Several units, no upper limit (SPEC §2 multiple-limit 0). */
  multiple?: boolean;
  /** Passed to the tree call as user_type. */
  userType?: number;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  style?: CSSProperties;
  id?: string;
}

/** SPEC §2 company picker: a searchable tree of the units the account may see; value = unit id. */
export function CompanyPicker({
  value,
  onChange,
  multiple,
  userType,
  placeholder = '请选择单位',
  disabled,
  allowClear = true,
  style,
  id,
}: CompanyPickerProps) {
  // An account without the tree's permission (the employee) is not sent to a 403: the picker stays empty.
  const { btnPermissions } = useSession();
  const tree = useUnitTree(userType, hasButtonPermission(btnPermissions, API_PERMISSIONS.unitTree));
  const treeData = useMemo(() => toOptions(tree.data ?? []), [tree.data]);
  const rootKeys = useMemo(() => treeData.map((n) => n.value), [treeData]);
  return (
    <TreeSelect<CompanyValue>
      id={id}
      value={value ?? (multiple ? [] : undefined)}
      onChange={(v) => onChange?.(v ?? null)}
      treeData={treeData}
      multiple={multiple}
      placeholder={placeholder}
      disabled={disabled}
      allowClear={allowClear}
      loading={tree.isLoading}
      showSearch={{ treeNodeFilterProp: 'title' }}
      // Roots open so the first level is visible; deeper levels open on demand or while searching.
      treeDefaultExpandedKeys={rootKeys}
      popupMatchSelectWidth={false}
      style={{ width: '100%', minWidth: 160, ...style }}
      notFoundContent={tree.isError ? '单位加载失败' : undefined}
    />
  );
}
