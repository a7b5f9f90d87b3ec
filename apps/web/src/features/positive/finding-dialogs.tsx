import { DatePicker, Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { freshOnOpen } from '../../components/fresh-on-open';
import { beforeToday, DATE, FormDialog, NoteField, type PanelProps, today, useDialogSave } from '../../components/list';
import { AssigneePicker } from '../../components/pickers';
import { confirmFindings, dismissFindings, positiveKeys } from './positive-api';

/** The findings a dialog acts on: one row or the selected rows. */
export interface FindingTarget {
  ids: number[];
  /** 张三 · 血压偏高 for one row; '已选 5 条' for several. */
  label: string;
}

interface DialogProps extends PanelProps {
  target: FindingTarget | null;
  onDone: () => void;
}

interface ConfirmValues {
  assigneeId: number | null;
  dueDate: Dayjs | null;
  note?: string;
}

/** 确认: the finding becomes a task for a handler with a due date (default a week from today). */
export const ConfirmFindingDialog = freshOnOpen(function ConfirmFindingDialog({
  target,
  open,
  onClose,
  onDone,
}: DialogProps) {
  const [form] = Form.useForm<ConfirmValues>();
  const confirm = useDialogSave({
    save: (v: ConfirmValues) =>
      confirmFindings({
        ids: target?.ids ?? [],
        assigneeId: Number(v.assigneeId),
        dueDate: v.dueDate?.format(DATE) ?? '',
        note: v.note?.trim() || undefined,
      }),
    form,
    done: '已确认',
    refresh: [positiveKeys.all],
    onDone,
  });
  return (
    <FormDialog<ConfirmValues>
      title="确认阳性并派发任务"
      open={open}
      onClose={onClose}
      form={form}
      saving={confirm}
      okTestId="positive-confirm-ok"
      formTestId="positive-confirm-form"
      intro={`${target?.label}。确认后为每条阳性生成一个阳性任务，交给处理人在截止日期前处理。`}
      initialValues={{ assigneeId: null, dueDate: today().add(7, 'day') }}
    >
      <Form.Item label="处理人" name="assigneeId" rules={[{ required: true, message: '请选择处理人' }]}>
        <AssigneePicker placeholder="请选择处理人（健康管理人员或专家）" />
      </Form.Item>
      <Form.Item label="截止日期" name="dueDate" rules={[{ required: true, message: '请选择截止日期' }]}>
        <DatePicker
          format={DATE}
          disabledDate={beforeToday}
          style={{ width: '100%' }}
          data-testid="positive-confirm-due"
        />
      </Form.Item>
      <NoteField name="note" label="备注" max={200} placeholder="选填" />
    </FormDialog>
  );
});

/** 排除: the finding is not a real problem (wrong value, known condition…); the reason is required. */
export const DismissFindingDialog = freshOnOpen(function DismissFindingDialog({
  target,
  open,
  onClose,
  onDone,
}: DialogProps) {
  const [form] = Form.useForm<{ note: string }>();
  const dismiss = useDialogSave({
    save: (v: { note: string }) => dismissFindings({ ids: target?.ids ?? [], note: v.note.trim() }),
    form,
    done: '已排除',
    refresh: [positiveKeys.all],
    onDone,
  });
  return (
    <FormDialog<{ note: string }>
      title="排除阳性"
      open={open}
      onClose={onClose}
      form={form}
      saving={dismiss}
      danger
      okTestId="positive-dismiss-ok"
      formTestId="positive-dismiss-form"
      intro={`${target?.label}。排除后不再生成任务。`}
    >
      <NoteField
        name="note"
        label="原因"
        max={200}
        required
        requiredMessage="请填写排除原因"
        placeholder="如：复查正常、已知慢病在管理中"
      />
    </FormDialog>
  );
});
