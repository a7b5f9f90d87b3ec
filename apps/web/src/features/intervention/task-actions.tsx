import { ACTION_KIND, INTERVENTION_ACTION_KINDS, interventionTaskResource, optionLabel } from '@peis/shared';
import { Button, Flex, Form, Popover, type TableProps, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { freshOnOpen } from '../../components/fresh-on-open';
import { markActionDone } from '../../components/intervention/intervention-api';
import {
  DATE,
  DueDate,
  FormDialog,
  type ListLayout,
  ListTable,
  NoteField,
  type PanelProps,
  useDialogSave,
  useRowDialog,
} from '../../components/list';
import { RowActions, useActionRunner, useCan } from '../../resource-ui/resource-actions';
import { type ResourceRecord, resourceKeys } from '../../resource-ui/resource-api';

/** A planned action of a task (intervention_actions), as GET /hi/task/:id sends it. */
export interface PlannedAction {
  id: number;
  kind: number;
  title: string;
  content: string | null;
  dueDate: string;
  doneAt: string | null;
  note: string | null;
  refId: number | null;
}

const KIND_COLOR: Record<number, string> = { 1: 'green', 2: 'cyan', 3: 'blue', 4: 'purple' };
const kindLabel = (kind: number) =>
  optionLabel({ kind: 'select', label: '', options: INTERVENTION_ACTION_KINDS }, kind) || String(kind);

/** The title without the kind its tag already says (宣教：低盐饮食 → 低盐饮食). */
const untagged = (a: PlannedAction) => a.title.replace(new RegExp(`^${kindLabel(a.kind)}[：:]\\s*`), '');

/** Where a prescription action's prescription opens. */
const PRESCRIPTION_ROUTE: Record<number, string> = {
  [ACTION_KIND.diet]: '/main/diet/task',
  [ACTION_KIND.fitness]: '/main/fitness/task',
};
const isPrescription = (a: PlannedAction) => a.kind === ACTION_KIND.diet || a.kind === ACTION_KIND.fitness;

/** On a phone each action is a card: what (with its link or text) as the heading, the due date, how it stands. */
const ACTIONS_LAYOUT: ListLayout = {
  title: 'title',
  due: 'dueDate',
  essential: ['done'],
  wrap: ['title', 'dueDate', 'done'],
  keepOrder: true,
};

/** The task's 1 进行中 state: the only one whose actions can still be done. */
const OPEN = 1;

/** The action's own matter: a link to its prescription, a 宣教 item's text on demand. */
function ActionMatter({ action }: { action: PlannedAction }) {
  if (isPrescription(action)) {
    return action.refId ? (
      <Link to={`${PRESCRIPTION_ROUTE[action.kind]}?id=${action.refId}`} data-testid="hi-action-prescription">
        查看处方
      </Link>
    ) : (
      <Typography.Text type="secondary">未生成处方</Typography.Text>
    );
  }
  if (action.content) {
    return (
      <Popover
        trigger="click"
        title={action.title}
        content={
          <Typography.Paragraph style={{ maxWidth: 360, whiteSpace: 'pre-wrap', margin: 0 }}>
            {action.content}
          </Typography.Paragraph>
        }
      >
        <Button type="link" size="small" style={{ padding: 0 }} data-testid="hi-action-content">
          宣教内容
        </Button>
      </Popover>
    );
  }
  return null;
}

interface DoneValues {
  note?: string;
}

/** 标记完成: one planned action done, with an optional note (随访情况, 宣教方式…). */
const ActionDoneDialog = freshOnOpen(function ActionDoneDialog({
  task,
  action,
  open,
  onClose,
}: PanelProps & { task: ResourceRecord; action: PlannedAction | null }) {
  const [form] = Form.useForm<DoneValues>();
  // A prescription action without its prescription: the server wants to know how it was done.
  const needsNote = action !== null && isPrescription(action) && !action.refId;
  const save = useDialogSave({
    save: (v: DoneValues) => markActionDone(Number(task.id), action?.id ?? 0, v.note?.trim() || undefined),
    form,
    done: '已标记完成',
    refresh: [resourceKeys.all(interventionTaskResource)],
    staleRefresh: resourceKeys.all(interventionTaskResource),
    onDone: onClose,
  });
  return (
    <FormDialog<DoneValues>
      title={action ? `标记完成：${action.title}` : '标记完成'}
      open={open}
      onClose={onClose}
      form={form}
      saving={save}
      formTestId="hi-action-done-form"
      okTestId="hi-action-done-ok"
      intro={
        needsNote
          ? '该措施没有生成处方，请说明如何完成（如已线下开具）。'
          : action?.kind === ACTION_KIND.followUp
            ? '请记录本次随访的情况。'
            : '可记录完成情况（选填）。'
      }
    >
      <NoteField name="note" label="完成情况" max={500} required={needsNote} testId="hi-action-done-note" />
    </FormDialog>
  );
});

/**
 * A task's planned actions in its detail: kind, what, due date (已逾期 when open and past it), done or not,
 * the prescription link or the 宣教 text, and 标记完成 for the follow-ups and 宣教 items (a prescription's
 * action completes itself when the prescription is issued). Under it, the task's declared 完成 / 终止.
 */
export function TaskActionsPanel({ task }: { task: ResourceRecord }) {
  const can = useCan();
  const actions = (Array.isArray(task.actions) ? task.actions : []) as PlannedAction[];
  const open = Number(task.status) === OPEN;
  const mayMark = open && can('hiTask:edit');
  const done = useRowDialog<PlannedAction>();
  const runner = useActionRunner(interventionTaskResource);
  const today = dayjs().format(DATE);

  const columns: TableProps<PlannedAction>['columns'] = [
    {
      key: 'title',
      title: '措施',
      width: 250,
      render: (_, a) => (
        <Flex vertical gap={2} align="flex-start">
          <span>
            <Tag color={KIND_COLOR[a.kind]}>{kindLabel(a.kind)}</Tag>
            {untagged(a)}
          </span>
          <ActionMatter action={a} />
        </Flex>
      ),
    },
    {
      key: 'dueDate',
      title: '截止日期',
      width: 150,
      render: (_, a) => <DueDate date={a.dueDate} overdue={open && !a.doneAt && a.dueDate < today} />,
    },
    {
      key: 'done',
      title: '完成情况',
      width: 170,
      render: (_, a) => {
        if (a.doneAt) {
          return (
            <Flex vertical gap={2} align="flex-start">
              <Tag color="success">已完成 {dayjs(a.doneAt).format(DATE)}</Tag>
              {a.note ? <Typography.Text type="secondary">{a.note}</Typography.Text> : null}
            </Flex>
          );
        }
        // A prescription's action completes itself when the prescription is issued; one with none is done by hand.
        if (isPrescription(a) && a.refId) {
          return <Typography.Text type="secondary">处方开具后自动完成</Typography.Text>;
        }
        if (mayMark) {
          return (
            <Button size="small" data-testid="hi-action-done" onClick={() => done.show(a)}>
              标记完成
            </Button>
          );
        }
        return <Tag>未完成</Tag>;
      },
    },
  ];

  return (
    <Flex vertical gap={12} style={{ width: '100%' }} data-testid="hi-task-actions">
      <ListTable<PlannedAction>
        layout={ACTIONS_LAYOUT}
        rowKey="id"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={actions}
        rowClassName={(a) => (open && !a.doneAt && a.dueDate < today ? 'work-row-alert' : '')}
        locale={{ emptyText: '没有计划的干预措施' }}
      />
      <Flex gap={8} wrap data-testid="hi-task-declared-actions">
        <RowActions resource={interventionTaskResource} record={task} runner={runner} />
      </Flex>
      {runner.dialog}
      <ActionDoneDialog task={task} action={done.row} open={done.open} onClose={done.close} />
    </Flex>
  );
}
