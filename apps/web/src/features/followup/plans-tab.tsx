import { PlusOutlined } from '@ant-design/icons';
import { followUpPlanResource } from '@peis/shared';
import { Button, Flex, Form, Input, Select, Space, type TableProps, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import type { Query } from '../../app/http';
import {
  LinkedRecordTag,
  ListCard,
  type ListLayout,
  ListTable,
  orDash,
  SearchCard,
  SearchItem,
  SwitchFilter,
  type UrlCodec,
  useOpenLinkedRow,
  useOwnWorkDefault,
  usePagedList,
  useRowActions,
  useUrlFilters,
} from '../../components/list';
import { Permission, usePermission } from '../../components/Permission';
import { unitCell } from '../../components/unit-name';
import { type FollowUpPlan, followUpKeys, METHODS, methodLabel, PLAN_STATUS } from './followup-api';
import { PlanFormDialog } from './plan-form-dialog';
import { PlanLogsDrawer } from './plan-logs-drawer';
import { PlanRecordDialog } from './plan-record-dialog';

interface SearchValues {
  status?: number | null;
  method?: number | null;
  name?: string;
}
/** The list's state in the URL: the search, the switches, a linked plan (?id=, 工作台 → 去随访). */
interface PlanFilters extends SearchValues {
  due?: boolean;
  mine?: boolean;
  id?: number;
}
const FILTERS: UrlCodec<PlanFilters> = {
  status: 'number',
  method: 'number',
  name: 'string',
  due: 'boolean',
  mine: 'boolean',
  id: 'number',
};

/** 姓名, 计划, 方式, 状态, 下次随访 and the buttons stay in view at 1440 px and make a plan's card on a phone. */
const LAYOUT: ListLayout = {
  title: 'name',
  status: 'status',
  due: 'nextDate',
  essential: ['title', 'method'],
  dates: ['nextDate', 'endDate'],
};

type Panel = { kind: 'edit' | 'record' | 'logs'; open: boolean; plan: FollowUpPlan | null };

/** The 随访计划 tab: plans, the due ones marked 待随访; 新建计划, 编辑, 记录随访, 随访记录. */
export function PlansTab() {
  const [form] = Form.useForm<SearchValues>();
  // An expert, and staff with plans of their own, open on 只看我的 (issue 11 item 5); the list waits for that.
  const ownWork = useOwnWorkDefault('/follow-up/task');
  const { values, set } = useUrlFilters<PlanFilters>(FILTERS, { status: 1, mine: ownWork ?? false }, { form });
  const { due = false, mine = false, id } = values;
  // A linked plan (?id=) is shown whatever the other filters say.
  const filters = useMemo<Query>(
    () =>
      id !== undefined
        ? { id }
        : {
            status: values.status ?? undefined,
            method: values.method ?? undefined,
            name: values.name?.trim(),
            due: due ? 'true' : undefined,
            mine: mine ? 'true' : undefined,
          },
    [values.status, values.method, values.name, due, mine, id],
  );
  const { rows, sortable, tableProps } = usePagedList<FollowUpPlan>(followUpKeys.plans, '/follow-up/task', filters, {
    url: true,
    enabled: ownWork !== undefined,
  });
  const [panel, setPanel] = useState<Panel>({ kind: 'edit', open: false, plan: null });
  const actionsOf = useRowActions(followUpPlanResource);
  const canEdit = usePermission('followup:edit');
  const show = (kind: Panel['kind'], plan: FollowUpPlan | null) => setPanel({ kind, open: true, plan });
  const close = () => setPanel((p) => ({ ...p, open: false }));
  // 工作台 → 去随访 links here with the plan's id: 记录随访 opens (or its records, when the plan has ended).
  useOpenLinkedRow(id, rows, (plan) => show(actionsOf(plan).has('record') ? 'record' : 'logs', plan));

  const columns: TableProps<FollowUpPlan>['columns'] = [
    { key: 'name', dataIndex: 'name', title: '姓名', fixed: 'left', width: 90 },
    { key: 'unitName', dataIndex: 'unitName', title: '单位', render: unitCell, ellipsis: true, width: 140 },
    { key: 'title', dataIndex: 'title', title: '计划名称', width: 160 },
    { key: 'method', title: '方式', width: 70, render: (_, r) => methodLabel(r.method) },
    { key: 'frequencyDays', title: '间隔', width: 80, render: (_, r) => `${r.frequencyDays}天` },
    {
      key: 'nextDate',
      title: '下次随访',
      ...sortable('nextDate'),
      width: 170,
      render: (_, r) =>
        r.status === 1 ? (
          <Space size={4} wrap={false}>
            <Typography.Text strong={r.due} type={r.due ? 'warning' : undefined}>
              {r.nextDate}
            </Typography.Text>
            {r.due ? (
              <Tag color="warning" data-testid="plan-due">
                待随访
              </Tag>
            ) : null}
          </Space>
        ) : (
          '-'
        ),
    },
    { key: 'endDate', dataIndex: 'endDate', title: '结束日期', width: 110, render: orDash },
    { key: 'assigneeName', dataIndex: 'assigneeName', title: '负责人', width: 90, render: orDash },
    { key: 'records', dataIndex: 'records', title: '已随访', width: 80, render: (v: number) => `${v}次` },
    {
      key: 'status',
      title: '状态',
      width: 80,
      ...sortable('status'),
      render: (_, r) => <Tag color={PLAN_STATUS[r.status]?.color}>{PLAN_STATUS[r.status]?.label ?? r.status}</Tag>,
    },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 210,
      render: (_, r) => (
        <Space size={0}>
          {actionsOf(r).has('record') ? (
            <Button type="link" size="small" data-testid="followup-record" onClick={() => show('record', r)}>
              记录随访
            </Button>
          ) : null}
          {canEdit ? (
            <Button type="link" size="small" data-testid="followup-edit" onClick={() => show('edit', r)}>
              编辑
            </Button>
          ) : null}
          <Button type="link" size="small" data-testid="followup-logs" onClick={() => show('logs', r)}>
            随访记录
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <SearchCard<SearchValues>
        form={form}
        initialValues={{ status: 1 }}
        testId="followup-search"
        onSearch={(v) => set({ status: v.status ?? undefined, method: v.method ?? undefined, name: v.name })}
      >
        <SearchItem name="status" label="状态">
          <Select
            allowClear
            placeholder="全部"
            options={[
              { value: 1, label: '进行中' },
              { value: 2, label: '已结束' },
            ]}
          />
        </SearchItem>
        <SearchItem name="method" label="方式">
          <Select allowClear placeholder="全部" options={METHODS} />
        </SearchItem>
        <SearchItem name="name" label="姓名">
          <Input allowClear placeholder="姓名（模糊查询）" maxLength={30} />
        </SearchItem>
      </SearchCard>
      <ListCard
        title="随访计划"
        filters={
          <>
            <SwitchFilter
              checked={due}
              onChange={(on) => set({ due: on })}
              label="只看待随访"
              testId="followup-due-only"
            />
            <SwitchFilter checked={mine} onChange={(on) => set({ mine: on })} label="只看我的" testId="followup-mine" />
            <LinkedRecordTag label="随访计划" id={id} onClear={() => set({ id: undefined })} />
          </>
        }
        actions={
          <Permission required="followup:add">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="followup-add"
              onClick={() => show('edit', null)}
            >
              新建计划
            </Button>
          </Permission>
        }
      >
        <ListTable<FollowUpPlan>
          {...tableProps}
          layout={LAYOUT}
          data-testid="followup-table"
          columns={columns}
          rowClassName={(r) => (r.due ? 'work-row-due' : '')}
        />
      </ListCard>
      <PlanFormDialog plan={panel.plan} open={panel.open && panel.kind === 'edit'} onClose={close} />
      <PlanRecordDialog plan={panel.plan} open={panel.open && panel.kind === 'record'} onClose={close} />
      <PlanLogsDrawer plan={panel.plan} open={panel.open && panel.kind === 'logs'} onClose={close} />
    </Flex>
  );
}
