import { useQueryClient } from '@tanstack/react-query';
import { Alert, DatePicker, Form, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import { ApiError } from '../../app/http';
import { freshOnOpen } from '../../components/fresh-on-open';
import {
  beforeToday,
  DATE,
  FormDialog,
  fromDate,
  NoteField,
  type PanelProps,
  useDialogSave,
} from '../../components/list';
import { AssigneePicker } from '../../components/pickers';
import {
  logTaskAction,
  type PositiveTask,
  positiveKeys,
  reassignTask,
  TASK_ACTIONS,
  type TaskAction,
} from './positive-api';
import { MatchedValues } from './positive-tags';

interface TaskDialogProps extends PanelProps {
  task: PositiveTask | null;
}

interface HandleValues {
  action: TaskAction;
  note: string;
}

const NOTE_MAX = 500;

/** What the chosen action does to the task, said before it is saved. */
function actionHint(action: TaskAction | undefined) {
  if (action === 'close') {
    return (
      <Alert
        type="success"
        showIcon
        title="结案：记录本次处理并完成任务，任务状态变为「已完成」，之后不能再记录处理。"
      />
    );
  }
  if (action === 'cancel') {
    return (
      <Alert
        type="warning"
        showIcon
        title="关闭：不再处理该任务（如员工离职、重复任务），任务状态变为「已关闭」，不计为完成。"
      />
    );
  }
  return <Alert type="info" showIcon title="记录本次处理，任务进入「处理中」；问题解决后请选择「结案」完成任务。" />;
}

/** 处理: log one action on the task (phone call, notice, referral, recheck), or end it (结案 / 关闭). */
export const TaskHandleDialog = freshOnOpen(function TaskHandleDialog({ task, open, onClose }: TaskDialogProps) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<HandleValues>();
  const action = Form.useWatch('action', form);
  const handle = useDialogSave({
    save: (v: HandleValues) => logTaskAction(task?.id ?? 0, { action: v.action, note: v.note.trim() }),
    form,
    done: '已记录',
    refresh: [positiveKeys.all],
    onDone: onClose,
    onError: (e) => {
      // The task ended meanwhile (someone else closed it): show the list as it is now.
      if (e instanceof ApiError && e.status === 400 && !e.errors.length) {
        void queryClient.invalidateQueries({ queryKey: positiveKeys.tasks });
      }
    },
  });
  return (
    <FormDialog<HandleValues>
      title={task ? `处理阳性任务：${task.name} · ${task.ruleName}` : '处理阳性任务'}
      open={open}
      onClose={onClose}
      form={form}
      saving={handle}
      width={600}
      okText="提 交"
      okTestId="task-action-submit"
      formTestId="task-handle-form"
      intro={
        task ? (
          <>
            {task.unitName} · 异常值 <MatchedValues matched={task.matched} /> · 截止 {task.dueDate}
          </>
        ) : null
      }
      initialValues={{ action: 'phone', note: '' }}
    >
      <Form.Item label="处理方式" name="action" rules={[{ required: true, message: '请选择处理方式' }]}>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={TASK_ACTIONS.map((a) => ({ ...a }))}
          data-testid="task-action"
        />
      </Form.Item>
      <div style={{ marginBottom: 16 }}>{actionHint(action)}</div>
      <NoteField
        name="note"
        label="处理情况"
        max={NOTE_MAX}
        rows={5}
        required
        placeholder="如：已电话告知复查血压，员工同意下周到医务室复测"
        testId="task-action-note"
      />
    </FormDialog>
  );
});

interface AssignValues {
  assigneeId: number | null;
  dueDate: Dayjs | null;
}

/** 改派: another handler and/or another due date (with the task's version: 409 when it changed meanwhile). */
export const TaskAssignDialog = freshOnOpen(function TaskAssignDialog({ task, open, onClose }: TaskDialogProps) {
  const [form] = Form.useForm<AssignValues>();
  const assign = useDialogSave({
    save: (v: AssignValues) =>
      reassignTask(task?.id ?? 0, {
        assigneeId: Number(v.assigneeId),
        dueDate: v.dueDate?.format(DATE) ?? '',
        version: task?.version ?? 0,
      }),
    form,
    done: '已保存',
    refresh: [positiveKeys.all],
    staleRefresh: positiveKeys.tasks,
    onDone: onClose,
  });
  return (
    <FormDialog<AssignValues>
      title={task ? `改派：${task.name} · ${task.ruleName}` : '改派'}
      open={open}
      onClose={onClose}
      form={form}
      saving={assign}
      okTestId="task-assign-ok"
      formTestId="task-assign-form"
      initialValues={{ assigneeId: task?.assigneeId ?? null, dueDate: fromDate(task?.dueDate) }}
    >
      <Form.Item label="处理人" name="assigneeId" rules={[{ required: true, message: '请选择处理人' }]}>
        <AssigneePicker placeholder="请选择处理人（健康管理人员或专家）" />
      </Form.Item>
      <Form.Item label="截止日期" name="dueDate" rules={[{ required: true, message: '请选择截止日期' }]}>
        <DatePicker format={DATE} disabledDate={beforeToday} style={{ width: '100%' }} />
      </Form.Item>
    </FormDialog>
  );
});
