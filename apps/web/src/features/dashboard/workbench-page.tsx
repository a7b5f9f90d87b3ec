import {
  AlertOutlined,
  CalendarOutlined,
  FileTextOutlined,
  PhoneOutlined,
  ScheduleOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { RISK_LEVEL_CRITERIA, USER_TYPE_LABELS, USER_TYPES, type UserType } from '@peis/shared';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Flex, Row, Table, type TableProps, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../app/http';
import { useSession } from '../../app/use-session';
import { CountCard, HighRiskBarChart, ProjectGantt } from '../../components/dashboard';
import { DueDate, TaskStatusTag } from '../positive/positive-tags';
import {
  fetchMyFollowUps,
  fetchMyPositiveTasks,
  fetchSummary,
  type Listing,
  type MyFollowUp,
  type MyPositiveTask,
  type WorkbenchSummary,
  workbenchKeys,
} from './workbench-api';

interface CountCardDef {
  key: keyof WorkbenchSummary;
  title: string;
  icon: ReactNode;
  color: string;
  /** The list the card opens. */
  to: string;
  /** Menu permission of that list: without it the card is not shown. */
  menu: string;
  /** Population-wide numbers make no sense for a regular employee, whose scope is their own record. */
  notForEmployee?: boolean;
  /** Who is counted, shown on hovering the title. */
  criterion?: string;
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
    notForEmployee: true,
    // The grouping tags of the latest check year: the same definitions as the company dashboard.
    criterion: `最近体检年度风险等级为慢病或重病。慢病：${RISK_LEVEL_CRITERIA.慢病}；重病：${RISK_LEVEL_CRITERIA.重病}`,
  },
  {
    key: 'followUpsToday',
    title: '今日随访',
    icon: <PhoneOutlined />,
    color: '#13c2c2',
    to: '/main/follow-up/task',
    menu: 'main:follow-up/task',
  },
];

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
    { key: 'unitName', dataIndex: 'unitName', title: '单位', width: 110, ellipsis: true },
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
  scrollX: number;
  emptyText: string;
  testId: string;
}

const MY_TASKS: TodoDef<MyPositiveTask> = {
  title: '我的阳性任务',
  to: '/main/positive/task',
  action: '去处理',
  columns: TASK_COLUMNS,
  scrollX: 600,
  emptyText: '暂无待办阳性任务',
  testId: 'my-positive-tasks',
};

const MY_FOLLOW_UPS: TodoDef<MyFollowUp> = {
  title: '今日到期随访',
  to: '/main/follow-up/task',
  action: '去随访',
  columns: FOLLOW_UP_COLUMNS,
  scrollX: 460,
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
    { key: 'action', title: '操作', width: 70, render: () => <Link to={def.to}>{def.action}</Link> },
  ];
  return (
    <Col xs={24} xl={span}>
      <SectionTitle total={query.data?.total} to={def.to}>
        {def.title}
      </SectionTitle>
      <Table<T>
        rowKey="id"
        size="small"
        loading={query.isFetching}
        dataSource={query.data?.records ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: def.scrollX }}
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
 * /main/dashboard 工作台: count cards of what needs attention (each opening its list), the high-risk bar
 * chart, the project Gantt chart and the user's own to-do lists. A card is shown only when the role can
 * open its list; a company administrator (no /main lists) sees the counts without links.
 */
export default function WorkbenchPage() {
  const navigate = useNavigate();
  const { menus, session, profile } = useSession();
  const userType = session?.userType;
  const isEmployee = userType === USER_TYPES.employee;
  const isAdmin = userType === USER_TYPES.companyAdmin;
  const hasMenu = (menu: string) => menus?.includes(menu) ?? false;
  const summary = useQuery({ queryKey: workbenchKeys.summary(), queryFn: ({ signal }) => fetchSummary(signal) });

  const cards = COUNT_CARDS.filter((c) => (hasMenu(c.menu) || isAdmin) && !(isEmployee && c.notForEmployee));

  return (
    <Flex vertical gap={16} data-testid="workbench">
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
                    <Tooltip title={c.criterion}>
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
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={11}>
          <HighRiskBarChart />
        </Col>
        <Col xs={24} xl={13}>
          <ProjectGantt />
        </Col>
      </Row>
      <MyTodo hasMenu={hasMenu} />
    </Flex>
  );
}
