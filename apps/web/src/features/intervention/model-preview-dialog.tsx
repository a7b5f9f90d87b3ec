import { EyeOutlined } from '@ant-design/icons';
import { interventionModelResource } from '@peis/shared';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Flex, Form, Modal, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { freshOnOpen } from '../../components/fresh-on-open';
import { type PreviewResult, previewCondition } from '../../components/intervention/intervention-api';
import { showFailure, yearOptions } from '../../components/list';
import { ExpressionInput } from '../../components/rule-expression';
import { PreviewResultView, validateCondition } from './preview-result';

/** The declared 触发条件: its placeholder, length and help (the variables it may use) are the form's. */
const CONDITION = interventionModelResource.fields.condition;

interface Values {
  condition: string;
  year?: number;
}

/**
 * 预览: how many people in the account's scope a condition matches (POST /hi/model/preview), with a sample
 * and the values it read — for a model of the list (its saved condition, editable here) or a blank one.
 */
export const ModelPreviewDialog = freshOnOpen(function ModelPreviewDialog({
  condition,
  modelId,
  open,
  onClose,
}: {
  condition: string;
  modelId?: number;
  open: boolean;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [shown, setShown] = useState<{ condition: string; result: PreviewResult } | null>(null);
  const preview = useMutation({
    mutationFn: async ({ condition: c, year }: Values) => {
      const trimmed = c.trim();
      return { condition: trimmed, result: await previewCondition({ condition: trimmed, modelId, year }) };
    },
    onSuccess: setShown,
    onError: (e) => showFailure(message, e, form),
  });
  // Opened with a condition (from the form being written): previewed at once.
  useEffect(() => {
    if (condition.trim()) form.submit();
  }, [condition, form]);
  return (
    <Modal
      title="干预模型预览"
      open={open}
      onCancel={onClose}
      destroyOnHidden
      width={{ xs: '100%', md: 860 }}
      footer={
        <Button onClick={onClose} data-testid="hi-preview-close">
          关 闭
        </Button>
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ condition }}
        onFinish={(v) => preview.mutate(v)}
        data-testid="hi-preview-form"
      >
        <Form.Item label={CONDITION.label} name="condition" validateFirst rules={[{ validator: validateCondition }]}>
          <ExpressionInput
            placeholder={CONDITION.placeholder}
            maxLength={CONDITION.maxLength}
            defaultOpen={!condition}
            help={CONDITION.help}
            testId="hi-preview-condition"
          />
        </Form.Item>
        <Flex gap={12} wrap align="center">
          <Form.Item name="year" noStyle>
            <Select
              allowClear
              placeholder="最近一轮体检年度"
              options={yearOptions()}
              style={{ width: 180 }}
              data-testid="hi-preview-year"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={preview.isPending} data-testid="hi-preview-submit">
            预览
          </Button>
        </Flex>
      </Form>
      {shown ? (
        <div style={{ marginTop: 16 }}>
          <PreviewResultView condition={shown.condition} result={shown.result} />
        </div>
      ) : null}
    </Modal>
  );
});

/**
 * The model form's own part (formExtra): 预览 of the condition as typed, before the model is saved — how many
 * people it matches now, with a sample.
 */
export function FormConditionPreview({ record }: { record?: { id: unknown } }) {
  const condition = Form.useWatch<string | undefined>('condition') ?? '';
  const [open, setOpen] = useState(false);
  return (
    <>
      <Flex align="center" gap={8} wrap style={{ marginBottom: 16 }}>
        <Button
          icon={<EyeOutlined />}
          disabled={!condition.trim()}
          onClick={() => setOpen(true)}
          data-testid="hi-form-preview"
        >
          预览触发条件
        </Button>
        <Typography.Text type="secondary">按当前填写的条件统计符合的人数，保存前即可查看</Typography.Text>
      </Flex>
      <ModelPreviewDialog
        condition={condition}
        modelId={record ? Number(record.id) : undefined}
        open={open}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
