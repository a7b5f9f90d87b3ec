import { Card, Flex, Input, Space, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import { CompanyPicker } from '../pickers';
import { SearchItem } from './search-card';

/**
 * The card holding a list: its title with the list's own switches next to it (`filters`: status tabs, a year),
 * the buttons on the right (`actions`: 新增, 导入, 导出…), then the table.
 */
export function ListCard({
  title,
  filters,
  actions,
  children,
}: {
  title: ReactNode;
  filters?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Space wrap size={16}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          {filters}
        </Space>
        {actions ? (
          <Space wrap size={16}>
            {actions}
          </Space>
        ) : null}
      </Flex>
      {children}
    </Card>
  );
}

/** 单位 + 姓名: the two search fields of every list about people (a unit subtree, a name contains). */
export function PersonSearchItems({ nameTestId }: { nameTestId?: string }) {
  return (
    <>
      <SearchItem name="unitId" label="单位">
        <CompanyPicker placeholder="全部单位" />
      </SearchItem>
      <SearchItem name="name" label="姓名">
        <Input allowClear placeholder="姓名（模糊查询）" maxLength={30} data-testid={nameTestId} />
      </SearchItem>
    </>
  );
}

/** The 按姓名查询 box of a small history list (its card's extra). */
export function NameSearch({
  onSearch,
  testId,
  initial,
}: {
  onSearch: (name: string | undefined) => void;
  testId: string;
  /** The name the list opens with (kept in the URL). */
  initial?: string;
}) {
  return (
    <Input.Search
      allowClear
      defaultValue={initial}
      placeholder="按姓名查询"
      style={{ width: 220 }}
      onSearch={(v) => onSearch(v.trim() || undefined)}
      data-testid={testId}
    />
  );
}

/** A yes/no switch of a list's header (只看我的, 已逾期…). */
export function SwitchFilter({
  checked,
  onChange,
  label,
  testId,
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
  label: string;
  testId: string;
}) {
  return (
    <Space size={6}>
      <Switch checked={checked} onChange={onChange} data-testid={testId} />
      <span>{label}</span>
    </Space>
  );
}
