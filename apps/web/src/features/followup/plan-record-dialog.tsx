import { DatePicker, Form, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import { freshOnOpen } from '../../components/fresh-on-open';
import { afterToday, DATE, FormDialog, NoteField, type PanelProps, today, useDialogSave } from '../../components/list';
import { type FollowUpPlan, followUpKeys, METHODS, recordFollowUp } from './followup-api';

interface RecordValues {
  followDate: Dayjs | null;
  method: number;
  outcome: string;
  note?: string;
}

const OUTCOME_MAX = 500;

/** 记录随访: one follow-up done today (or earlier); the server moves the plan's next date on by its interval. */
export const PlanRecordDialog = freshOnOpen(function PlanRecordDialog({
  plan,
  open,
  onClose,
}: PanelProps & { plan: FollowUpPlan | null }) {
  const [form] = Form.useForm<RecordValues>();
  const record = useDialogSave({
    save: (v: RecordValues) =>
      recordFollowUp(plan?.id ?? 0, {
        followDate: v.followDate?.format(DATE) ?? '',
        method: v.method,
        outcome: v.outcome.trim(),
        note: v.note?.trim() || null,
      }),
    form,
    done: (answer) => answer?.msg || (answer?.data?.nextDate ? `已记录，下次随访：${answer.data.nextDate}` : '已记录'),
    refresh: [followUpKeys.all],
    onDone: onClose,
  });
  return (
    <FormDialog<RecordValues>
      title={plan ? `记录随访：${plan.name} · ${plan.title}` : '记录随访'}
      open={open}
      onClose={onClose}
      form={form}
      saving={record}
      width={560}
      okTestId="followup-record-ok"
      formTestId="followup-record-form"
      intro={
        plan
          ? `计划每 ${plan.frequencyDays} 天随访一次，本次应随访日期 ${plan.nextDate}${plan.endDate ? `，计划至 ${plan.endDate} 结束` : ''}。保存后按间隔推算下次随访日期。`
          : null
      }
      initialValues={{ followDate: today(), method: plan?.method ?? 1, outcome: '' }}
    >
      <Form.Item label="随访日期" name="followDate" rules={[{ required: true, message: '请选择随访日期' }]}>
        <DatePicker format={DATE} disabledDate={afterToday} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label="随访方式" name="method" rules={[{ required: true, message: '请选择随访方式' }]}>
        <Radio.Group options={METHODS} />
      </Form.Item>
      <NoteField
        name="outcome"
        label="随访结果"
        max={OUTCOME_MAX}
        rows={4}
        required
        placeholder="如：血压 135/85 mmHg，按时服药，建议继续低盐饮食"
        testId="followup-record-outcome"
      />
      <NoteField name="note" label="备注" max={200} rows={2} />
    </FormDialog>
  );
});
