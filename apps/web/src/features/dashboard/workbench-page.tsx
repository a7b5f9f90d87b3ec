import {
  AlertOutlined,
  CalendarOutlined,
  ClockCircleOutlined,
  FileTextOutlined,
  PhoneOutlined,
  ScheduleOutlined,
  SolutionOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import {
  HIGH_RISK_DEFAULT_RANGE,
  RISK_LEVEL_CRITERIA,
  USER_TYPE_LABELS,
  USER_TYPES,
  type UserType,
} from '@peis/shared';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Flex, Row, type TableProps, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../app/http';
import { useSession } from '../../app/use-session';
import { CountCard, HighRiskBarChart, ProjectGantt, WORK_PLAN_PERMISSION } from '../../components/dashboard';
import { type ListLayout, ListTable } from '../../components/list';
import { usePermission } from '../../components/Permission';
import { unitCell } from '../../components/unit-name';
import { DueDate, TaskStatusTag } from '../positive/positive-tags';
import {
  fetchHighRisk,
  fetchMyFollowUps,
  fetchMyPositiveTasks,
  fetchPlan,
  fetchSummary,
  type Listing,
  type MyFollowUp,
  type MyPositiveTask,
  type SummaryCount,
  savePlan,
  type WorkbenchSummary,
  workbenchKeys,
} from './workbench-api';

interface CountCardDef {
  key: SummaryCount;
  title: string;
  icon: ReactNode;
  color: string;
  /** The list the card opens. */
  to: string;
  /** Menu permission of that list: without it the card is not shown. */
  menu: string;
  /** Who is counted, shown on hovering the title. */
  criterion?: (summary: WorkbenchSummary | undefined) => string;
}

const COUNT_CARDS: CountCardDef[] = [
  {
    key: 'records',
    title: '健康档案',
    icon: <FileTextOutlined />,
    color: '#1677ff',
    to: '/main/phr',
    menu: 'main:phr',
  },
  {
    key: 'newFindings',
    title: '新增阳性',
    icon: <AlertOutlined />,
    color: '#fa541c',
    to: '/main/positive/new',
    menu: 'main:positive/new',
  },
  {
    key: 'tasksDue',
    title: '本周到期任务',
    icon: <ScheduleOutlined />,
    color: '#faad14',
    to: '/main/positive/task',
    menu: 'main:positive/task',
  },
  {
    key: 'highRisk',
    title: '高危人群',
    icon: <WarningOutlined />,
    color: '#f5222d',
    to: '/main/phr',
    menu: 'main:phr',
    // The company dashboard's 风险人群分布 of its default year: the same people, the same year.
    criterion: (s) =>
      `${s ? `${s.highRiskYear} 年度` : '看板默认年度'}风险等级为慢病或重病（与公司看板风险人群分布一致）。慢病：${RISK_LEVEL_CRITERIA.慢病}；重病：${RISK_LEVEL_CRITERIA.重病}`,
  },
  {
    key: 'followUpsToday',
    title: '今日随访',
    icon: <PhoneOutlined />,
    color: '#13c2c2',
    to: '/main/follow-up/task',
    menu: 'main:follow-up/task',
  },
  {
    key: 'myTasks',
    title: '我的阳性任务',
    icon: <SolutionOutlined />,
    color: '#1677ff',
    to: '/main/positive/task',
    menu: 'main:positive/task',
    criterion: () => '分派给我、待处理或处理中的阳性任务',
  },
  {
    key: 'myTasksDue',
    title: '我的本周到期',
    icon: <ClockCircleOutlined />,
    color: '#faad14',
    to: '/main/positive/task',
    menu: 'main:positive/task',
    criterion: () => '分派给我、7 天内到期或已逾期的未完成阳性任务',
  },
];

/**
 * Each role's home opens on its own work (issue 11 item 5). Staff and the company administrator manage the
 * population of their scope: its counts, the 高危指标统计 and the 项目甘特图. The expert works on what is
 * assigned to them: their own counts and to-do lists, no company-wide numbers or plan. A regular
 * employee (own console in a later issue) keeps the cards of their own record, without the staff widgets.
 */
interface RoleHome {
  cards: SummaryCount[];
  charts: boolean;
}
const STAFF_HOME: RoleHome = {
  cards: ['records', 'newFindings', 'tasksDue', 'highRisk', 'followUpsToday'],
  charts: true,
};
const ROLE_HOMES: Record<UserType, RoleHome> = {
  [USER_TYPES.companyAdmin]: STAFF_HOME,
  [USER_TYPES.healthStaff]: STAFF_HOME,
  [USER_TYPES.expert]: { cards: ['myTasks', 'myTasksDue'], charts: false },
  [USER_TYPES.employee]: { cards: ['records'], charts: false },
};

/** A 403 means the role has no such list: the section is left out quietly. */
const forbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

function Greeting({ name, userType }: { name: string; userType: number | undefined }) {
  const role = userType ? USER_TYPE_LABELS[userType as UserType] : undefined;
  return (
    <Card size="small" styles={{ body: { padding: '14px 20px' } }}>
      <Flex align="center" justify="space-between" gap={8} wrap>
        <Flex vertical>
          <Typography.Title level={4} style={{ margin: 0 }}>
            您好，{name}
          </Typography.Title>
          <Typography.Text type="secondary">
            {role ? `${role} · 健康管理服务平台工作台` : '健康管理服务平台工作台'}
          </Typography.Text>
        </Flex>
        <Typography.Text type="secondary">
          <CalendarOutlined /> {dayjs().format('YYYY年M月D日 dddd')}
        </Typography.Text>
      </Flex>
    </Card>
  );
}

/** 姓名 (a link to the record when the account may open it) and 单位: the first columns of both lists. */
function personColumns<T extends { employeeId: number }>(canOpenRecord: boolean): Columns<T> {
  return [
    {
      key: 'name',
      dataIndex: 'name',
      title: '姓名',
      width: 90,
      render: (v: string, row) => (canOpenRecord ? <Link to={`/main/phr/detail/${row.employeeId}`}>{v}</Link> : v),
    },
    { key: 'unitName', dataIndex: 'unitName', title: '单位', render: unitCell, width: 110, ellipsis: true },
  ];
}

type Columns<T> = NonNullable<TableProps<T>['columns']>;

const TASK_COLUMNS: Columns<MyPositiveTask> = [
  { key: 'ruleName', dataIndex: 'ruleName', title: '阳性规则', ellipsis: true },
  {
    key: 'dueDate',
    dataIndex: 'dueDate',
    title: '截止日期',
    width: 150,
    render: (v: string, row) => <DueDate date={v} overdue={row.overdue} />,
  },
  { key: 'status', dataIndex: 'status', title: '状态', width: 80, render: (s: number) => <TaskStatusTag status={s} /> },
];

const FOLLOW_UP_COLUMNS: Columns<MyFollowUp> = [
  { key: 'title', dataIndex: 'title', title: '随访事项', ellipsis: true },
  { key: 'nextDate', dataIndex: 'nextDate', title: '计划日期', width: 110 },
];

interface TodoDef<T> {
  title: string;
  /** The screen where the work is done, and its link text. */
  to: string;
  action: string;
  columns: Columns<T>;
  /** Which columns stay in view at 1440 px and make a row's card on a phone. */
  layout: ListLayout;
  emptyText: string;
  testId: string;
}

const MY_TASKS: TodoDef<MyPositiveTask> = {
  title: '我的阳性任务',
  to: '/main/positive/task',
  action: '去处理',
  columns: TASK_COLUMNS,
  layout: {
    title: 'name',
    status: 'status',
    due: 'dueDate',
    actions: 'action',
    essential: ['ruleName'],
    dates: ['dueDate'],
  },
  emptyText: '暂无待办阳性任务',
  testId: 'my-positive-tasks',
};

const MY_FOLLOW_UPS: TodoDef<MyFollowUp> = {
  title: '今日到期随访',
  to: '/main/follow-up/task',
  action: '去随访',
  columns: FOLLOW_UP_COLUMNS,
  layout: { title: 'name', due: 'nextDate', actions: 'action', essential: ['title'], dates: ['nextDate'] },
  emptyText: '今日暂无到期随访',
  testId: 'my-follow-ups',
};

/** One to-do list: its title and count, the person, the list's own columns, a link to where the work is done. */
function TodoSection<T extends { id: number; employeeId: number }>({
  def,
  query,
  span,
  canOpenRecord,
}: {
  def: TodoDef<T>;
  query: { data?: Listing<T>; isFetching: boolean };
  span: number;
  canOpenRecord: boolean;
}) {
  const columns: Columns<T> = [
    ...personColumns<T>(canOpenRecord),
    ...def.columns,
    // Opens that very item: the list filtered to it (?id=).
    {
      key: 'action',
      title: '操作',
      width: 70,
      render: (_: unknown, row) => (
        <Link to={`${def.to}?id=${row.id}`} data-testid={`${def.testId}-open`}>
          {def.action}
        </Link>
      ),
    },
  ];
  return (
    <Col xs={24} xl={span}>
      <SectionTitle total={query.data?.total} to={def.to}>
        {def.title}
      </SectionTitle>
      <ListTable<T>
        layout={def.layout}
        rowKey="id"
        size="small"
        loading={query.isFetching}
        dataSource={query.data?.records ?? []}
        columns={columns}
        pagination={false}
        locale={{ emptyText: def.emptyText }}
        data-testid={def.testId}
      />
    </Col>
  );
}

function SectionTitle({ children, total, to }: { children: ReactNode; total?: number; to: string }) {
  return (
    <Flex align="center" justify="space-between" style={{ marginBottom: 8 }}>
      <Typography.Text strong>
        {children}
        {total !== undefined && (
          <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
            {`（${total}）`}
          </Typography.Text>
        )}
      </Typography.Text>
      <Link to={to}>查看全部</Link>
    </Flex>
  );
}

/**
 * 我的待办: the signed-in user's own open positive tasks and due follow-ups. Each list is asked for only
 * when the role has its menu, and a 403 still hides it without a message.
 */
function MyTodo({ hasMenu }: { hasMenu: (menu: string) => boolean }) {
  const showTasks = hasMenu('main:positive/task');
  const showFollowUps = hasMenu('main:follow-up/task');
  const tasks = useQuery({
    queryKey: workbenchKeys.myTasks(),
    queryFn: ({ signal }) => fetchMyPositiveTasks(signal),
    enabled: showTasks,
  });
  const followUps = useQuery({
    queryKey: workbenchKeys.myFollowUps(),
    queryFn: ({ signal }) => fetchMyFollowUps(signal),
    enabled: showFollowUps,
  });
  const tasksVisible = showTasks && !forbidden(tasks.error);
  const followUpsVisible = showFollowUps && !forbidden(followUps.error);
  if (!tasksVisible && !followUpsVisible) return null;
  const canOpenRecord = hasMenu('main:phr');
  const both = tasksVisible && followUpsVisible;
  return (
    <Card title="我的待办" data-testid="my-todo">
      <Row gutter={[24, 16]}>
        {tasksVisible && (
          <TodoSection def={MY_TASKS} query={tasks} span={both ? 14 : 24} canOpenRecord={canOpenRecord} />
        )}
        {followUpsVisible && (
          <TodoSection def={MY_FOLLOW_UPS} query={followUps} span={both ? 10 : 24} canOpenRecord={canOpenRecord} />
        )}
      </Row>
    </Card>
  );
}

/**
 * /main/dashboard 工作台: what the role works on (ROLE_HOMES): count cards of what needs attention (each
 * opening its list), for staff and administrators the 高危指标统计 and 项目甘特图 from the rows of their scope,
 * and the user's own to-do lists, whose 去处理 / 去随访 open that item. A card is shown only when the role can
 * open its list; a company administrator (no /main lists) sees the counts without links.
 */
export default function WorkbenchPage() {
  const navigate = useNavigate();
  const { menus, session, profile } = useSession();
  const userType = session?.userType;
  const isAdmin = userType === USER_TYPES.companyAdmin;
  const home = ROLE_HOMES[(userType ?? USER_TYPES.employee) as UserType] ?? ROLE_HOMES[USER_TYPES.employee];
  const hasMenu = (menu: string) => menus?.includes(menu) ?? false;
  const summary = useQuery({ queryKey: workbenchKeys.summary(), queryFn: ({ signal }) => fetchSummary(signal) });

  const cards = home.cards
    .map((key) => COUNT_CARDS.find((c) => c.key === key)!)
    .filter((c) => hasMenu(c.menu) || isAdmin);

  return (
    <Flex vertical gap={16} data-testid="workbench" data-home={userType}>
      <Greeting name={profile?.name || session?.username || ''} userType={userType} />
      {cards.length > 0 && (
        <Row gutter={[16, 16]}>
          {cards.map((c) => (
            // Five cards share one row on a wide screen; fewer keep a card's size instead of stretching.
            <Col key={c.key} xs={24} sm={12} lg={8} xl={cards.length >= 5 ? { flex: '1 1 0' } : { span: 6 }}>
              <CountCard
                dataKey={c.key}
                icon={c.icon}
                color={c.color}
                title={
                  c.criterion ? (
                    <Tooltip title={c.criterion(summary.data)}>
                      <span data-testid={`criterion-${c.key}`}>{c.title}</span>
                    </Tooltip>
                  ) : (
                    c.title
                  )
                }
                value={summary.data ? summary.data[c.key] : summary.isError ? '--' : 0}
                loading={summary.isPending}
                onClick={hasMenu(c.menu) ? () => navigate(c.to) : undefined}
              />
            </Col>
          ))}
        </Row>
      )}
      {home.charts && <StaffCharts />}
      <MyTodo hasMenu={hasMenu} />
    </Flex>
  );
}

/** 高危指标统计 and 项目甘特图 side by side: the population of the account's scope and this year's plan. */
function StaffCharts() {
  const [range, setRange] = useState<[string, string]>([HIGH_RISK_DEFAULT_RANGE.start, HIGH_RISK_DEFAULT_RANGE.end]);
  const highRisk = useQuery({
    queryKey: workbenchKeys.highRisk(range[0], range[1]),
    queryFn: ({ signal }) => fetchHighRisk(range[0], range[1], signal),
    placeholderData: (previous) => previous,
  });
  const plan = useQuery({ queryKey: workbenchKeys.plan(), queryFn: ({ signal }) => fetchPlan(signal) });
  const canEditPlan = usePermission(WORK_PLAN_PERMISSION);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={11}>
        <HighRiskBarChart
          range={range}
          onRangeChange={setRange}
          data={highRisk.data}
          loading={highRisk.isFetching}
          error={highRisk.isError}
        />
      </Col>
      <Col xs={24} xl={13}>
        <ProjectGantt
          plan={plan.data}
          loading={plan.isFetching}
          error={plan.isError}
          canEdit={canEditPlan}
          save={savePlan}
          refresh={[workbenchKeys.plan()]}
        />
      </Col>
    </Row>
  );
}
