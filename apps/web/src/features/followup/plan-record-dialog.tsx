import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, DatePicker, Form, Input, Modal, Radio, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { freshOnOpen } from '../../components/fresh-on-open';
import { afterToday, DATE, showFailure, today } from '../../components/list';
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
}: {
  plan: FollowUpPlan | null;
  open: boolean;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RecordValues>();
  const record = useMutation({
    mutationFn: (v: RecordValues) =>
      recordFollowUp(plan?.id ?? 0, {
        followDate: v.followDate?.format(DATE) ?? '',
        method: v.method,
        outcome: v.outcome.trim(),
        note: v.note?.trim() || null,
      }),
    onSuccess: (answer) => {
      message.success(answer?.msg || (answer?.data?.nextDate ? `已记录，下次随访：${answer.data.nextDate}` : '已记录'));
      void queryClient.invalidateQueries({ queryKey: followUpKeys.all });
      onClose();
    },
    onError: (e) => showFailure(message, e, form),
  });
  return (
    <Modal
      title={plan ? `记录随访：${plan.name} · ${plan.title}` : '记录随访'}
      open={open}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      width={560}
      okText="确 定"
      cancelText="取 消"
      confirmLoading={record.isPending}
      onOk={() => form.submit()}
      okButtonProps={{ 'data-testid': 'followup-record-ok' }}
    >
      {plan ? (
        <Typography.Paragraph type="secondary">
          计划每 {plan.frequencyDays} 天随访一次，本次应随访日期 {plan.nextDate}
          {plan.endDate ? `，计划至 ${plan.endDate} 结束` : ''}。保存后按间隔推算下次随访日期。
        </Typography.Paragraph>
      ) : null}
      <Form<RecordValues>
        form={form}
        layout="vertical"
        initialValues={{ followDate: today(), method: plan?.method ?? 1, outcome: '' }}
        onFinish={(v) => record.mutate(v)}
        disabled={record.isPending}
        data-testid="followup-record-form"
      >
        <Form.Item label="随访日期" name="followDate" rules={[{ required: true, message: '请选择随访日期' }]}>
          <DatePicker format={DATE} disabledDate={afterToday} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="随访方式" name="method" rules={[{ required: true, message: '请选择随访方式' }]}>
          <Radio.Group options={METHODS} />
        </Form.Item>
        <Form.Item
          label="随访结果"
          name="outcome"
          rules={[
            { required: true, whitespace: true, message: '请填写随访结果' },
            { max: OUTCOME_MAX, message: `随访结果不能超过${OUTCOME_MAX}个字` },
          ]}
        >
          <Input.TextArea
            rows={4}
            maxLength={OUTCOME_MAX}
            showCount
            placeholder="如：血压 135/85 mmHg，按时服药，建议继续低盐饮食"
            data-testid="followup-record-outcome"
          />
        </Form.Item>
        <Form.Item label="备注" name="note" rules={[{ max: 200, message: '备注不能超过200个字' }]}>
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
});
