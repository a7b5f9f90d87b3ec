import { positiveTaskResource } from '@peis/shared';
import { Button, Flex, Form, Segmented, Space, type TableProps } from 'antd';
import { useMemo, useState } from 'react';
import type { Query } from '../../app/http';
import { StartInterventionDialog, type StartSeed } from '../../components/intervention/start-intervention-dialog';
import {
  LinkedRecordTag,
  ListCard,
  type ListLayout,
  ListTable,
  orDash,
  PersonSearchItems,
  SearchCard,
  SwitchFilter,
  type UrlCodec,
  useOpenLinkedRow,
  useOwnWorkDefault,
  usePagedList,
  useRowActions,
  useUrlFilters,
} from '../../components/list';
import { usePermission } from '../../components/Permission';
import { unitCell } from '../../components/unit-name';
import { PlanFormDialog, type PlanSeed } from '../followup/plan-form-dialog';
import { logAction, type PositiveTask, positiveKeys } from './positive-api';
import { DueDate, LevelTag, MatchedValues, TaskStatusTag } from './positive-tags';
import { TaskAssignDialog, TaskHandleDialog } from './task-dialogs';
import { TaskLogDrawer } from './task-log-drawer';

interface SearchValues {
  unitId?: number | null;
  name?: string;
}
/** The list's state in the URL: the search, the status tab, the switches, a linked task (?id=). */
interface TaskFilters extends SearchValues {
  status?: StatusTab;
  mine?: boolean;
  overdue?: boolean;
  id?: number;
}
const FILTERS: UrlCodec<TaskFilters> = {
  unitId: 'number',
  name: 'string',
  status: 'string',
  mine: 'boolean',
  overdue: 'boolean',
  id: 'number',
};

type StatusTab = 'all' | '1' | '2' | '3' | '4';
const STATUS_TABS: { value: StatusTab; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: '1', label: '待处理' },
  { value: '2', label: '处理中' },
  { value: '3', label: '已完成' },
  { value: '4', label: '已关闭' },
];

/** 姓名, 规则, 级别, 状态, 截止日期 and the buttons stay in view at 1440 px and make a task's card on a phone. */
const LAYOUT: ListLayout = {
  title: 'name',
  status: 'status',
  due: 'dueDate',
  essential: ['ruleName', 'level'],
  dates: ['dueDate'],
  datetimes: ['createdAt', 'completedAt'],
};

type Panel = { kind: 'handle' | 'assign' | 'logs'; open: boolean; task: PositiveTask | null };
/** The declared handlings (电话沟通 … 结案, 关闭) that 处理 offers in its form. */
const HANDLINGS = ['phone', 'notice', 'referral', 'recheck', 'close', 'cancel'] as const;

/**
 * /main/positive/task 阳性任务: the tasks made from confirmed findings; 处理 logs what was done (结案 completes
 * the task), 改派 hands it to someone else, 记录 shows its history. Overdue open tasks stand out in red.
 */
export default function TaskPage() {
  const [form] = Form.useForm<SearchValues>();
  // An expert, and staff with tasks of their own, open on 只看我的 (issue 11 item 5); the list waits for that.
  const ownWork = useOwnWorkDefault('/positive/task');
  const { values, set } = useUrlFilters<TaskFilters>(FILTERS, { status: 'all', mine: ownWork ?? false }, { form });
  const { status = 'all', mine = false, overdue = false, id } = values;
  // A linked task (?id=) is shown whatever the other filters say.
  const filters = useMemo<Query>(
    () =>
      id !== undefined
        ? { id }
        : {
            status: status === 'all' ? undefined : Number(status),
            mine: mine ? 'true' : undefined,
            overdue: overdue ? 'true' : undefined,
            unitId: values.unitId ?? undefined,
            name: values.name?.trim(),
          },
    [status, mine, overdue, values.unitId, values.name, id],
  );
  const { rows, sortable, tableProps } = usePagedList<PositiveTask>(positiveKeys.tasks, '/positive/task', filters, {
    url: true,
    enabled: ownWork !== undefined,
  });
  const [panel, setPanel] = useState<Panel>({ kind: 'handle', open: false, task: null });
  const [plan, setPlan] = useState<{ open: boolean; seed: PlanSeed | null }>({ open: false, seed: null });
  const actionsOf = useRowActions(positiveTaskResource);
  const canFollow = usePermission('followup:add');
  // 启动干预: the task's confirmed finding starts an intervention for its person (干预任务 with a model).
  const canIntervene = usePermission('hiTask:add');
  const [start, setStart] = useState<{ open: boolean; seed: StartSeed | null }>({ open: false, seed: null });
  const show = (kind: Panel['kind'], task: PositiveTask) => setPanel({ kind, open: true, task });
  const close = () => setPanel((p) => ({ ...p, open: false }));
  // 工作台 → 去处理 links here with the task's id: its 处理 opens (or its history, when it can no longer be handled).
  useOpenLinkedRow(id, rows, (task) => show(HANDLINGS.some((a) => actionsOf(task).has(a)) ? 'handle' : 'logs', task));

  const columns: TableProps<PositiveTask>['columns'] = [
    { key: 'name', dataIndex: 'name', title: '姓名', fixed: 'left', width: 90 },
    { key: 'unitName', dataIndex: 'unitName', title: '单位', render: unitCell, ellipsis: true, width: 140 },
    { key: 'ruleName', dataIndex: 'ruleName', title: '阳性规则', width: 180 },
    { key: 'libraryName', dataIndex: 'libraryName', title: '所属库', width: 80 },
    { key: 'level', title: '级别', width: 76, render: (_, r) => <LevelTag level={r.level} /> },
    {
      key: 'status',
      title: '状态',
      width: 86,
      ...sortable('status'),
      render: (_, r) => <TaskStatusTag status={r.status} />,
    },
    { key: 'matched', title: '异常值', width: 200, render: (_, r) => <MatchedValues matched={r.matched} /> },
    { key: 'assigneeName', dataIndex: 'assigneeName', title: '处理人', width: 90, render: orDash },
    {
      key: 'dueDate',
      title: '截止日期',
      ...sortable('dueDate'),
      width: 170,
      render: (_, r) => <DueDate date={r.dueDate} overdue={r.overdue} />,
    },
    {
      key: 'lastAction',
      title: '最近处理',
      width: 96,
      render: (_, r) => logAction(r.lastAction)?.label ?? orDash(r.lastAction),
    },
    { key: 'createdAt', dataIndex: 'createdAt', title: '派发时间', width: 160 },
    { key: 'completedAt', dataIndex: 'completedAt', title: '完成时间', width: 160, render: orDash },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 270,
      render: (_, r) => {
        const allowed = actionsOf(r);
        return (
          <Space size={0}>
            {HANDLINGS.some((a) => allowed.has(a)) ? (
              <Button type="link" size="small" data-testid="task-handle" onClick={() => show('handle', r)}>
                处理
              </Button>
            ) : null}
            {allowed.has('assign') ? (
              <Button type="link" size="small" data-testid="task-assign" onClick={() => show('assign', r)}>
                改派
              </Button>
            ) : null}
            <Button type="link" size="small" data-testid="task-logs" onClick={() => show('logs', r)}>
              记录
            </Button>
            {canFollow ? (
              <Button
                type="link"
                size="small"
                data-testid="task-followup"
                onClick={() =>
                  setPlan({
                    open: true,
                    seed: {
                      employeeId: r.employeeId,
                      employeeName: r.name,
                      findingId: r.findingId,
                      title: `${r.ruleName}随访`,
                    },
                  })
                }
              >
                随访
              </Button>
            ) : null}
            {canIntervene ? (
              <Button
                type="link"
                size="small"
                data-testid="task-intervene"
                onClick={() =>
                  setStart({
                    open: true,
                    seed: { findingId: r.findingId, employeeId: r.employeeId, name: r.name, ruleName: r.ruleName },
                  })
                }
              >
                启动干预
              </Button>
            ) : null}
          </Space>
        );
      },
    },
  ];

  return (
    <Flex vertical gap={16} data-testid="positive-task">
      <SearchCard<SearchValues>
        form={form}
        testId="positive-task-search"
        onSearch={(v) => set({ unitId: v.unitId ?? undefined, name: v.name })}
      >
        <PersonSearchItems />
      </SearchCard>
      <ListCard
        title="阳性任务"
        filters={
          <>
            <Segmented<StatusTab>
              value={status}
              onChange={(s) => set({ status: s })}
              options={STATUS_TABS}
              data-testid="task-status-tabs"
            />
            <LinkedRecordTag label="任务" id={id} onClear={() => set({ id: undefined })} />
          </>
        }
        actions={
          <>
            <SwitchFilter checked={mine} onChange={(on) => set({ mine: on })} label="只看我的" testId="task-mine" />
            <SwitchFilter
              checked={overdue}
              onChange={(on) => set({ overdue: on })}
              label="已逾期"
              testId="task-overdue-only"
            />
          </>
        }
      >
        <ListTable<PositiveTask>
          {...tableProps}
          layout={LAYOUT}
          data-testid="positive-task-table"
          columns={columns}
          rowClassName={(r) => (r.overdue ? 'work-row-alert' : '')}
        />
      </ListCard>
      <TaskHandleDialog task={panel.task} open={panel.open && panel.kind === 'handle'} onClose={close} />
      <TaskAssignDialog task={panel.task} open={panel.open && panel.kind === 'assign'} onClose={close} />
      <TaskLogDrawer task={panel.task} open={panel.open && panel.kind === 'logs'} onClose={close} />
      <PlanFormDialog
        plan={null}
        seed={plan.seed}
        open={plan.open}
        onClose={() => setPlan((p) => ({ ...p, open: false }))}
      />
      <StartInterventionDialog
        seed={start.seed}
        open={start.open}
        onClose={() => setStart((s) => ({ ...s, open: false }))}
      />
    </Flex>
  );
}
