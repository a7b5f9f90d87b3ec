import { describeExpression, positiveFindingResource, RULE_LEVELS } from '@peis/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Form, Select, Space, type TableProps, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import type { Query } from '../../app/http';
import {
  ListCard,
  type ListLayout,
  ListTable,
  orDash,
  PersonSearchItems,
  SearchCard,
  SearchItem,
  sexAge,
  type UrlCodec,
  useActionPermitted,
  usePagedList,
  useRowActions,
  useUrlFilters,
  yearOptions,
} from '../../components/list';
import { Permission } from '../../components/Permission';
import { unitCell } from '../../components/unit-name';
import { ConfirmFindingDialog, DismissFindingDialog, type FindingTarget } from './finding-dialogs';
import { type Finding, fetchLibraries, positiveKeys } from './positive-api';
import { FindingStatusTag, LevelTag, MatchedValues } from './positive-tags';

/** 姓名, 规则, 级别, 状态, 体检日期 and the buttons stay in view at 1440 px and make a finding's card on a phone. */
const LAYOUT: ListLayout = {
  title: 'name',
  status: 'status',
  due: 'checkDate',
  essential: ['ruleName', 'level'],
  dates: ['checkDate'],
  datetimes: ['createdAt'],
};

interface Filters {
  status: number;
  year?: number | null;
  libraryName?: string | null;
  level?: number | null;
  unitId?: number | null;
  name?: string;
}

const toQuery = (v: Filters): Query => ({
  status: v.status ?? 0,
  year: v.year ?? undefined,
  libraryName: v.libraryName ?? undefined,
  level: v.level ?? undefined,
  unitId: v.unitId ?? undefined,
  name: v.name?.trim(),
});

const INITIAL: Filters = { status: 0 };
/** The search in the URL (back from elsewhere finds the same list). */
const FILTERS: UrlCodec<Filters> = {
  status: 'number',
  year: 'number',
  libraryName: 'string',
  level: 'number',
  unitId: 'number',
  name: 'string',
};
const STATUS_OPTIONS = [
  { value: 0, label: '待确认' },
  { value: 1, label: '已确认' },
  { value: 2, label: '已排除' },
];

type Dialog = { kind: 'confirm' | 'dismiss'; open: boolean; target: FindingTarget | null };

/**
 * /main/positive/new 新增阳性: the findings the rules produced, waiting for a person to confirm them into a
 * task (处理人 + 截止日期) or dismiss them with a reason; one by one or for the selected rows.
 */
export default function NewFindingsPage() {
  const [form] = Form.useForm<Filters>();
  const { values, set } = useUrlFilters(FILTERS, INITIAL, { form });
  const filters = useMemo(() => toQuery({ ...INITIAL, ...values }), [values]);
  const { sortable, tableProps } = usePagedList<Finding>(positiveKeys.findings, '/positive/new', filters, {
    url: true,
  });
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<Dialog>({ kind: 'confirm', open: false, target: null });
  const canConfirm = useActionPermitted(positiveFindingResource.actions?.confirm);
  const actionsOf = useRowActions(positiveFindingResource);
  const pending = filters.status === 0;
  const libraries = useQuery({ queryKey: positiveKeys.libraries, queryFn: ({ signal }) => fetchLibraries(signal) });

  const open = (kind: Dialog['kind'], target: FindingTarget) => setDialog({ kind, open: true, target });
  const one = (r: Finding): FindingTarget => ({ ids: [r.id], label: `${r.name} · ${r.ruleName}` });
  const bulk = (): FindingTarget => ({ ids: selected, label: `已选 ${selected.length} 条阳性` });
  const close = () => setDialog((d) => ({ ...d, open: false }));
  const done = () => {
    close();
    setSelected([]);
  };

  const columns: TableProps<Finding>['columns'] = [
    { key: 'name', dataIndex: 'name', title: '姓名', fixed: 'left', width: 90 },
    { key: 'person', title: '性别/年龄', width: 90, render: (_, r) => sexAge(r) },
    { key: 'unitName', dataIndex: 'unitName', title: '单位', render: unitCell, ellipsis: true, width: 120 },
    { key: 'checkDate', dataIndex: 'checkDate', title: '体检日期', width: 110 },
    {
      key: 'ruleName',
      title: '阳性规则',
      width: 180,
      render: (_, r) => (
        <Tooltip title={`判定条件：${describeExpression(r.judge) ?? '条件无法识别'}`}>
          <span>{r.ruleName}</span>
        </Tooltip>
      ),
    },
    { key: 'level', title: '级别', width: 70, ...sortable('level'), render: (_, r) => <LevelTag level={r.level} /> },
    { key: 'matched', title: '异常值', width: 200, render: (_, r) => <MatchedValues matched={r.matched} /> },
    { key: 'status', title: '状态', width: 80, render: (_, r) => <FindingStatusTag status={r.status} /> },
    ...(pending ? [] : [{ key: 'note', dataIndex: 'note', title: '说明', ellipsis: true, width: 180, render: orDash }]),
    { key: 'libraryName', dataIndex: 'libraryName', title: '所属库', width: 80 },
    { key: 'idCard', dataIndex: 'idCard', title: '身份证号', width: 170 },
    { key: 'createdAt', dataIndex: 'createdAt', title: '发现时间', width: 160 },
    ...(pending && canConfirm
      ? [
          {
            key: 'actions',
            title: '操作',
            fixed: 'right' as const,
            width: 110,
            render: (_: unknown, r: Finding) => {
              const allowed = actionsOf(r);
              return (
                <Space size={0}>
                  {allowed.has('confirm') ? (
                    <Button
                      type="link"
                      size="small"
                      data-testid="positive-confirm"
                      onClick={() => open('confirm', one(r))}
                    >
                      确认
                    </Button>
                  ) : null}
                  {allowed.has('dismiss') ? (
                    <Button
                      type="link"
                      size="small"
                      danger
                      data-testid="positive-dismiss"
                      onClick={() => open('dismiss', one(r))}
                    >
                      排除
                    </Button>
                  ) : null}
                </Space>
              );
            },
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap={16} data-testid="positive-new">
      <SearchCard<Filters>
        form={form}
        initialValues={INITIAL}
        testId="positive-new-search"
        onSearch={(v) => {
          set({ year: undefined, libraryName: undefined, level: undefined, unitId: undefined, name: undefined, ...v });
          setSelected([]);
        }}
      >
        <SearchItem name="status" label="状态">
          <Select options={STATUS_OPTIONS} data-testid="positive-new-status" />
        </SearchItem>
        <SearchItem name="year" label="年度">
          <Select allowClear placeholder="全部" options={yearOptions()} />
        </SearchItem>
        <SearchItem name="libraryName" label="所属库">
          <Select
            allowClear
            placeholder="全部"
            loading={libraries.isLoading}
            options={(libraries.data ?? []).map((n) => ({ value: n, label: n }))}
          />
        </SearchItem>
        <SearchItem name="level" label="级别">
          <Select allowClear placeholder="全部" options={RULE_LEVELS.map((l) => ({ ...l }))} />
        </SearchItem>
        <PersonSearchItems />
      </SearchCard>
      <ListCard
        title="新增阳性"
        actions={
          pending ? (
            <Permission required="positive:confirm">
              <Space wrap>
                {selected.length ? <Typography.Text type="secondary">已选 {selected.length} 条</Typography.Text> : null}
                <Button
                  type="primary"
                  disabled={!selected.length}
                  data-testid="positive-bulk-confirm"
                  onClick={() => open('confirm', bulk())}
                >
                  批量确认
                </Button>
                <Button
                  danger
                  disabled={!selected.length}
                  data-testid="positive-bulk-dismiss"
                  onClick={() => open('dismiss', bulk())}
                >
                  批量排除
                </Button>
              </Space>
            </Permission>
          ) : null
        }
      >
        <ListTable<Finding>
          {...tableProps}
          layout={LAYOUT}
          data-testid="positive-new-table"
          columns={columns}
          rowSelection={
            pending && canConfirm
              ? {
                  selectedRowKeys: selected,
                  preserveSelectedRowKeys: true,
                  onChange: (keys) => setSelected(keys.map(Number)),
                }
              : undefined
          }
        />
      </ListCard>
      <ConfirmFindingDialog
        target={dialog.target}
        open={dialog.open && dialog.kind === 'confirm'}
        onClose={close}
        onDone={done}
      />
      <DismissFindingDialog
        target={dialog.target}
        open={dialog.open && dialog.kind === 'dismiss'}
        onClose={close}
        onDone={done}
      />
    </Flex>
  );
}
