import { servicePackageResource } from '@peis/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Form, Popconfirm, Select, type TableProps, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { ApiError, type Query } from '../../app/http';
import {
  ListCard,
  type ListLayout,
  ListTable,
  orDash,
  PersonSearchItems,
  SearchCard,
  SearchItem,
  sexAge,
  showFailure,
  type UrlCodec,
  useActionPermitted,
  usePagedList,
  useRowActions,
  useUrlFilters,
  yearOptions,
} from '../../components/list';
import { Permission } from '../../components/Permission';
import { unitCell } from '../../components/unit-name';
import { ContractLevelsDialog } from './contract-levels-dialog';
import {
  CONTRACT_LEVELS,
  CONTRACT_STATUS,
  type Contract,
  completeContract,
  contractKeys,
  generateContracts,
  signContract,
} from './followup-api';

interface SearchValues {
  status?: number | null;
  level?: number | null;
  unitId?: number | null;
  name?: string;
}
/** The tab's state in the URL, under contract. (the 随访计划 tab's keys have no prefix). */
type ContractFilters = SearchValues & { year?: number };
const FILTERS: UrlCodec<ContractFilters> = {
  year: 'number',
  status: 'number',
  level: 'number',
  unitId: 'number',
  name: 'string',
};
const PREFIX = 'contract.';

const DEFAULT_YEAR = 2025;
const LEVEL_COLORS: Record<number, string> = { 1: 'green', 2: 'gold', 3: 'red' };
/** 姓名, 服务包, 风险等级, 状态, 签约时间 and the button stay in view at 1440 px and make a package's card on a phone. */
const LAYOUT: ListLayout = {
  title: 'name',
  status: 'status',
  due: 'signedAt',
  essential: ['level', 'riskLevel'],
  datetimes: ['signedAt', 'completedAt'],
};

/** The 健康服务包 tab: a year's packages (generated from the risk levels), 签约 then 完成 each. */
export function ContractTab() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SearchValues>();
  const { values: search, set } = useUrlFilters<ContractFilters>(
    FILTERS,
    { year: DEFAULT_YEAR },
    { prefix: PREFIX, form },
  );
  const year = search.year ?? DEFAULT_YEAR;
  const [levelsOpen, setLevelsOpen] = useState(false);
  const filters = useMemo<Query>(
    () => ({
      year,
      status: search.status ?? undefined,
      level: search.level ?? undefined,
      unitId: search.unitId ?? undefined,
      name: search.name?.trim(),
    }),
    [year, search],
  );
  const { tableProps } = usePagedList<Contract>(contractKeys.list, '/contract', filters, { url: PREFIX });
  const canEdit = useActionPermitted(servicePackageResource.actions?.sign);
  const actionsOf = useRowActions(servicePackageResource);
  const refresh = () => queryClient.invalidateQueries({ queryKey: contractKeys.all });
  const onFailure = (e: unknown) => {
    showFailure(message, e);
    // Stale (409) or already moved on (400): show the package as it is now.
    if (e instanceof ApiError && (e.status === 409 || e.status === 400)) void refresh();
  };

  const generate = useMutation({
    mutationFn: () => generateContracts(year),
    onSuccess: (answer) => {
      message.success(answer?.msg || '已生成');
      return refresh();
    },
    onError: onFailure,
  });
  const transition = useMutation({
    mutationFn: ({ c, to }: { c: Contract; to: 'sign' | 'complete' }) =>
      to === 'sign' ? signContract(c) : completeContract(c),
    onSuccess: (answer) => {
      message.success(answer?.msg || '操作成功');
      return refresh();
    },
    onError: onFailure,
  });
  const busy = (c: Contract) => transition.isPending && transition.variables?.c.id === c.id;

  const columns: TableProps<Contract>['columns'] = [
    { key: 'name', dataIndex: 'name', title: '姓名', fixed: 'left', width: 90 },
    { key: 'person', title: '性别/年龄', width: 90, render: (_, r) => sexAge(r) },
    { key: 'unitName', dataIndex: 'unitName', title: '单位', render: unitCell, ellipsis: true, width: 140 },
    { key: 'year', dataIndex: 'year', title: '年度', width: 70 },
    { key: 'riskLevel', dataIndex: 'riskLevel', title: '风险等级', width: 90, render: orDash },
    {
      key: 'level',
      title: '服务包',
      width: 110,
      render: (_, r) => (
        <Tag color={LEVEL_COLORS[r.level]}>
          {CONTRACT_LEVELS.find((l) => l.value === r.level)?.label ?? `${r.level}级`}
        </Tag>
      ),
    },
    {
      key: 'status',
      title: '状态',
      width: 80,
      render: (_, r) => (
        <Tag color={CONTRACT_STATUS[r.status]?.color}>{CONTRACT_STATUS[r.status]?.label ?? r.status}</Tag>
      ),
    },
    { key: 'signedAt', dataIndex: 'signedAt', title: '签约时间', width: 160, render: orDash },
    { key: 'completedAt', dataIndex: 'completedAt', title: '完成时间', width: 160, render: orDash },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: '操作',
            fixed: 'right' as const,
            width: 90,
            render: (_: unknown, r: Contract) => {
              // 签约 (待签约) or 完成 (已签约), as the declaration allows for the row's state.
              const next = (['sign', 'complete'] as const).find((a) => actionsOf(r).has(a));
              return next ? (
                <Popconfirm
                  title={next === 'sign' ? `确认 ${r.name} 已签约？` : `确认 ${r.name} 的服务包已完成？`}
                  okText="确定"
                  cancelText="取消"
                  onConfirm={() => transition.mutateAsync({ c: r, to: next }).catch(() => undefined)}
                >
                  <Button type="link" size="small" loading={busy(r)} data-testid={`contract-${next}`}>
                    {servicePackageResource.actions?.[next]?.label}
                  </Button>
                </Popconfirm>
              ) : null;
            },
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap={16} data-testid="contract-panel">
      <SearchCard<SearchValues>
        form={form}
        testId="contract-search"
        onSearch={(v) =>
          set({
            status: v.status ?? undefined,
            level: v.level ?? undefined,
            unitId: v.unitId ?? undefined,
            name: v.name,
          })
        }
      >
        <SearchItem name="status" label="状态">
          <Select
            allowClear
            placeholder="全部"
            options={Object.entries(CONTRACT_STATUS).map(([v, s]) => ({ value: Number(v), label: s.label }))}
          />
        </SearchItem>
        <SearchItem name="level" label="级别">
          <Select allowClear placeholder="全部" options={CONTRACT_LEVELS} />
        </SearchItem>
        <PersonSearchItems />
      </SearchCard>
      <ListCard
        title="健康服务包"
        filters={
          <Select<number>
            value={year}
            onChange={(y) => set({ year: y })}
            options={yearOptions()}
            style={{ width: 110 }}
            data-testid="contract-year"
          />
        }
        actions={
          <>
            <Permission required="followup:add">
              <Popconfirm
                title={`为${year}年已有风险分组的员工生成服务包？`}
                description="已有服务包的员工不会重复生成。"
                okText="生成"
                cancelText="取消"
                onConfirm={() => generate.mutateAsync().catch(() => undefined)}
              >
                <Button type="primary" loading={generate.isPending} data-testid="contract-generate">
                  生成服务包
                </Button>
              </Popconfirm>
            </Permission>
            <Permission required="followup:edit">
              <Button onClick={() => setLevelsOpen(true)} data-testid="contract-levels">
                级别设置
              </Button>
            </Permission>
          </>
        }
      >
        <ListTable<Contract> {...tableProps} layout={LAYOUT} data-testid="contract-table" columns={columns} />
      </ListCard>
      <ContractLevelsDialog open={levelsOpen} onClose={() => setLevelsOpen(false)} />
    </Flex>
  );
}
