import {
  ExpressionError,
  expressionVariables,
  INDICATOR_BY_CODE,
  INDICATORS,
  indicatorLabel,
  RULE_GENDERS,
  validateExpression,
} from '@peis/shared';
import { useMutation } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Col,
  Form,
  InputNumber,
  Modal,
  Radio,
  Row,
  Select,
  Space,
  Table,
  type TableProps,
  Typography,
} from 'antd';
import { useState } from 'react';
import { http } from '../../app/http';
import { freshOnOpen } from '../../components/fresh-on-open';
import { showFailure } from '../../components/list';
import { ExpressionInput } from '../../components/rule-expression';
import { unitCell } from '../../components/unit-name';

/** What a preview starts from: a rule of the list, or nothing for a blank one. */
export interface PreviewSeed {
  judge?: string;
  gender?: number;
  ageMin?: number;
  ageMax?: number;
}

interface PreviewValues {
  judge: string;
  gender: number;
  ageMin: number;
  ageMax: number;
  year: number;
}

interface PreviewSample {
  employeeId: number;
  name: string;
  unitName: string;
  checkDate: string;
  values: Record<string, number | null>;
}

interface PreviewResult {
  total: number;
  count: number;
  sample: PreviewSample[];
}

const YEARS = [2025, 2024, 2023].map((y) => ({ value: y, label: `${y}年` }));
const KNOWN_CODES = new Set(INDICATORS.map((i) => i.code));

/** The expression checked as the server checks it; the message points at the character (第N个字符处：…). */
async function validateJudge(_: unknown, value: string | undefined) {
  try {
    validateExpression(value ?? '', KNOWN_CODES);
  } catch (e) {
    if (e instanceof ExpressionError) throw new Error(e.message);
    throw e;
  }
}

/** The indicator codes the expression reads, for the sample table's columns. */
function codesOf(judge: string): string[] {
  try {
    return [...expressionVariables(validateExpression(judge, KNOWN_CODES)).keys()];
  } catch {
    return [];
  }
}

/**
 * 预览: before saving a rule, how many people of a year it would flag (POST /positive/setting/preview),
 * with a sample of them and the values the rule reads.
 */
export const RulePreviewDialog = freshOnOpen(function RulePreviewDialog({
  seed,
  open,
  onClose,
}: {
  seed: PreviewSeed | null;
  open: boolean;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<PreviewValues>();
  const [shown, setShown] = useState<{ values: PreviewValues; result: PreviewResult } | null>(null);
  const preview = useMutation({
    mutationFn: (v: PreviewValues) =>
      http
        .post<{ data: PreviewResult }>('/positive/setting/preview', {
          judge: v.judge.trim(),
          gender: v.gender,
          ageMin: v.ageMin,
          ageMax: v.ageMax,
          year: v.year,
        })
        .then((a) => ({ values: v, result: a.data })),
    onSuccess: setShown,
    onError: (e) => showFailure(message, e, form),
  });

  const codes = shown ? codesOf(shown.values.judge) : [];
  const columns: TableProps<PreviewSample>['columns'] = [
    { key: 'name', dataIndex: 'name', title: '姓名', width: 90 },
    { key: 'unitName', dataIndex: 'unitName', title: '单位', render: unitCell, ellipsis: true },
    { key: 'checkDate', dataIndex: 'checkDate', title: '体检日期', width: 110 },
    ...codes.map((code) => ({
      key: code,
      title: INDICATOR_BY_CODE[code] ? indicatorLabel(INDICATOR_BY_CODE[code]) : code,
      width: 110,
      render: (_: unknown, r: PreviewSample) => r.values?.[code] ?? '-',
    })),
  ];

  return (
    <Modal
      title="规则预览"
      open={open}
      onCancel={onClose}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (!visible) setShown(null);
      }}
      width={820}
      footer={<Button onClick={onClose}>关 闭</Button>}
    >
      <Form<PreviewValues>
        form={form}
        layout="vertical"
        initialValues={{
          judge: seed?.judge ?? '',
          gender: seed?.gender ?? 0,
          ageMin: seed?.ageMin ?? 20,
          ageMax: seed?.ageMax ?? 80,
          year: 2025,
        }}
        onFinish={(v) => preview.mutate(v)}
        data-testid="rule-preview-form"
      >
        <Form.Item label="判定条件" name="judge" validateFirst rules={[{ validator: validateJudge }]}>
          <ExpressionInput
            placeholder="如：SBP >= 140 || DBP >= 90"
            maxLength={300}
            defaultOpen
            testId="rule-preview-judge"
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item label="适用性别" name="gender">
              <Radio.Group options={RULE_GENDERS.map((g) => ({ ...g }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="年龄范围" required style={{ marginBottom: 0 }}>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="ageMin" noStyle rules={[{ required: true, message: '请填写最小年龄' }]}>
                  <InputNumber min={0} max={150} precision={0} placeholder="最小" style={{ width: '50%' }} />
                </Form.Item>
                <Form.Item
                  name="ageMax"
                  noStyle
                  dependencies={['ageMin']}
                  rules={[
                    { required: true, message: '请填写最大年龄' },
                    ({ getFieldValue }) => ({
                      validator: async (_, v: number | null) => {
                        if (typeof v === 'number' && v < Number(getFieldValue('ageMin')))
                          throw new Error('最大年龄不能小于最小年龄');
                      },
                    }),
                  ]}
                >
                  <InputNumber min={0} max={150} precision={0} placeholder="最大" style={{ width: '50%' }} />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="年度" name="year">
              <Select options={YEARS} />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" loading={preview.isPending} data-testid="rule-preview-submit">
          预览
        </Button>
      </Form>
      {shown ? (
        <div data-testid="rule-preview-result" style={{ marginTop: 16 }}>
          <Alert
            type={shown.result.count > 0 ? 'warning' : 'success'}
            showIcon
            title={`${shown.values.year}年共 ${shown.result.total} 人体检，符合 ${shown.result.count} 人`}
            description={
              shown.result.count > shown.result.sample.length
                ? `下表列出其中 ${shown.result.sample.length} 人（每人取当年最近一次体检）`
                : '每人取当年最近一次体检'
            }
            style={{ marginBottom: 12 }}
          />
          {shown.result.sample.length ? (
            <Table<PreviewSample>
              rowKey="employeeId"
              size="small"
              columns={columns}
              dataSource={shown.result.sample}
              pagination={false}
              scroll={{ x: 'max-content', y: 320 }}
            />
          ) : (
            <Typography.Text type="secondary">没有符合条件的人员。</Typography.Text>
          )}
        </div>
      ) : null}
    </Modal>
  );
});
