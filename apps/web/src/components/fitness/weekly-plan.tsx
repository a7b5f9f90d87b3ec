import { FITNESS_ITEM_REMOTE, INTENSITIES } from '@peis/shared';
import { Alert, Flex, Form, Statistic, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useRemoteRecords } from '../pickers/remote-picker';
import { itemsById, type LineInput, type PlanRow, type PlanSummary, summarisePlan } from './plan-lines';

const INTENSITY_COLOR = { 1: 'default', 2: 'blue', 3: 'orange' } as const;

const columns: TableColumnsType<PlanRow> = [
  { key: 'name', title: '运动项目', dataIndex: 'name' },
  { key: 'met', title: 'MET值', dataIndex: 'met', align: 'right', width: 72, render: (v: number) => v.toFixed(1) },
  {
    key: 'intensity',
    title: '强度',
    dataIndex: 'intensity',
    width: 64,
    render: (i: PlanRow['intensity']) => <Tag color={INTENSITY_COLOR[i]}>{INTENSITIES[i - 1].label}</Tag>,
  },
  {
    key: 'weekly',
    title: '每周',
    dataIndex: 'weekly',
    width: 180,
    onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
    render: (_: unknown, r) => `${r.minutes}分钟 × ${r.sessionsPerWeek}次 = ${r.weekly}分钟`,
  },
];

/** The lines of a weekly plan with each item's MET and intensity, the week's totals and the group's goal. */
export function WeeklyPlanView({ plan, testId }: { plan: PlanSummary; testId: string }) {
  return (
    <Flex vertical gap={12} data-testid={testId}>
      <Table<PlanRow>
        size="small"
        bordered
        rowKey="key"
        columns={columns}
        dataSource={plan.rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '选择运动项目并填写时间后显示' }}
      />
      <Flex wrap gap={24}>
        <Statistic title="总时长" value={plan.weeklyMinutes} suffix="分钟/周" data-testid="plan-weekly-minutes" />
        <Statistic
          title="中等强度当量"
          value={plan.moderateMinutes}
          suffix="分钟/周"
          data-testid="plan-moderate-minutes"
        />
        <Statistic title="运动量" value={plan.metMinutes} suffix="MET·分钟/周" data-testid="plan-met-minutes" />
      </Flex>
      {plan.goal && plan.shortfalls ? (
        <Alert
          data-testid="plan-goal"
          type={plan.shortfalls.length ? 'warning' : 'success'}
          showIcon
          title={plan.shortfalls.length ? `未达到本人群目标：${plan.shortfalls.join('；')}` : '达到本人群目标'}
          description={plan.goal.basis}
        />
      ) : null}
      <Typography.Text type="secondary">
        中等强度当量：中等强度（3–5.9 MET）1分钟计1分钟，高强度（6 MET及以上）1分钟计2分钟，低强度不计。
      </Typography.Text>
    </Flex>
  );
}

/** The catalogue's items by id, from the same cached page the line pickers load. */
function useItems() {
  const { data } = useRemoteRecords(FITNESS_ITEM_REMOTE);
  return useMemo(() => itemsById(data), [data]);
}

/**
 * Under a form's weekly lines: the plan as typed (Form.useWatch on `linesKey`), with its totals and, when the form
 * names a group (`classifyKey`), that group's goal. 运动模板 (lines, classifyName) and 运动处方 (items) use it.
 */
export function PlanPreview({ linesKey, classifyKey }: { linesKey: string; classifyKey?: string }) {
  const form = Form.useFormInstance();
  const lines = Form.useWatch<LineInput[] | undefined>(linesKey, form);
  const classify = Form.useWatch<string | undefined>(classifyKey ?? [], form);
  const items = useItems();
  return (
    <div>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        每周计划预览
      </Typography.Title>
      <WeeklyPlanView plan={summarisePlan(lines, items, classifyKey ? classify : null)} testId="plan-preview" />
    </div>
  );
}

/** Under the template form's fields: the plan as typed, with its totals and its group's goal. */
export const TemplatePlanPreview = () => <PlanPreview linesKey="lines" classifyKey="classifyName" />;

/** A saved template's plan in its detail. */
export function TemplatePlanDetail({ lines, classify }: { lines: unknown; classify: unknown }) {
  const items = useItems();
  return (
    <WeeklyPlanView
      plan={summarisePlan(Array.isArray(lines) ? lines : [], items, classify ? String(classify) : null)}
      testId="plan-detail"
    />
  );
}
