import { type IndicatorDef, indicatorLabel } from '@peis/shared';
import { App, Col, DatePicker, Divider, Form, Input, InputNumber, Row } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { freshOnOpen } from '../../components/fresh-on-open';
import { afterToday, DATE, FormDialog, fromDate, type PanelProps, today, useDialogSave } from '../../components/list';
import { phrKeys } from '../../components/phr';
import { EmployeePicker } from '../positive/employee-picker';
import { positiveKeys } from '../positive/positive-api';
import { type CheckRow, type CheckValues, checkKeys, createCheck, updateCheck } from './checks-api';
import { bmiOf, INDICATOR_GROUPS, outOfRange } from './indicator-groups';

interface CheckFormValues {
  employeeId: number | null;
  checkDate: Dayjs | null;
  provider?: string;
  values: Record<string, number | null | undefined>;
}

export interface CheckFormDialogProps extends PanelProps {
  /** The check to edit; null for a new one. */
  check: CheckRow | null;
}

/** Plausible-range check of one value, with the server's own wording. */
const rangeRule = (d: IndicatorDef) => ({
  validator: async (_: unknown, v: number | null | undefined) => {
    if (typeof v === 'number' && (v < d.min || v > d.max)) throw new Error(outOfRange(d, v));
  },
});

/** The filled-in values only (an emptied field is left out, which removes it on an update). */
function filled(values: CheckFormValues['values'] | undefined): CheckValues {
  const out: CheckValues = {};
  for (const [code, v] of Object.entries(values ?? {})) if (typeof v === 'number' && Number.isFinite(v)) out[code] = v;
  return out;
}

/** 'values.SBP' → ['values', 'SBP']; 'checkDate' → ['checkDate']. */
function fieldOf(path: string): (string | number)[] | null {
  const parts = path.split('.').filter(Boolean);
  if (parts[0] === 'body') parts.shift();
  if (parts[0] === 'values' && parts[1]) return ['values', parts[1]];
  if (parts[0] === 'checkDate' || parts[0] === 'provider' || parts[0] === 'employeeId') return [parts[0]];
  return null;
}

/** 新增体检 / 修改: the person (new only), date, provider and a number per indicator, grouped, with units. */
export const CheckFormDialog = freshOnOpen(function CheckFormDialog({ check, open, onClose }: CheckFormDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<CheckFormValues>();
  const save = useDialogSave({
    save: (v: CheckFormValues) => {
      const checkDate = v.checkDate?.format(DATE) ?? '';
      const provider = v.provider?.trim() || null;
      const values = filled(v.values);
      return check
        ? updateCheck(check.id, { checkDate, provider, values, version: check.version })
        : createCheck({ employeeId: Number(v.employeeId), checkDate, provider, values });
    },
    form,
    fieldOf,
    done: (answer) => {
      const n = answer?.data?.findings?.length ?? 0;
      return `${answer?.msg || '保存成功'}${n ? `，发现阳性 ${n} 项` : ''}`;
    },
    // Findings and tags follow the check.
    refresh: [checkKeys.all, positiveKeys.all, phrKeys.all],
    staleRefresh: checkKeys.list,
    onDone: onClose,
  });

  const onValuesChange = (changed: Partial<CheckFormValues>) => {
    const v = changed.values;
    if (v && ('HEIGHT' in v || 'WEIGHT' in v)) {
      const auto = bmiOf(form.getFieldValue(['values', 'HEIGHT']), form.getFieldValue(['values', 'WEIGHT']));
      if (auto !== null) form.setFieldValue(['values', 'BMI'], auto);
    }
  };

  return (
    <FormDialog<CheckFormValues>
      title={check ? `修改体检结果：${check.name}` : '新增体检'}
      open={open}
      onClose={onClose}
      form={form}
      saving={save}
      width={900}
      okTestId="check-form-ok"
      formTestId="check-form"
      modalStyles={{ body: { maxHeight: '70vh', overflowY: 'auto', paddingRight: 8 } }}
      initialValues={{
        employeeId: check?.employeeId ?? null,
        checkDate: fromDate(check?.checkDate) ?? today(),
        provider: check?.provider ?? '',
        values: check?.values ?? {},
      }}
      formProps={{ onValuesChange, scrollToFirstError: true }}
      onFinish={(v) => {
        if (!Object.keys(filled(v.values)).length) {
          message.error('至少填写一项指标');
          return;
        }
        save.mutate(v);
      }}
    >
      <Row gutter={16}>
        <Col xs={24} md={10}>
          {check ? (
            <Form.Item label="员工">
              <Input value={`${check.name}（${check.unitName}）`} disabled />
            </Form.Item>
          ) : (
            <Form.Item label="员工" name="employeeId" rules={[{ required: true, message: '请选择员工' }]}>
              <EmployeePicker />
            </Form.Item>
          )}
        </Col>
        <Col xs={24} md={6}>
          <Form.Item label="体检日期" name="checkDate" rules={[{ required: true, message: '请选择体检日期' }]}>
            <DatePicker
              format={DATE}
              disabledDate={(d) => afterToday(d) || d.isBefore(dayjs('2000-01-01'))}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="体检机构" name="provider" rules={[{ max: 100, message: '体检机构不能超过100个字' }]}>
            <Input maxLength={100} placeholder="选填" />
          </Form.Item>
        </Col>
      </Row>
      {INDICATOR_GROUPS.map((g) => (
        <div key={g.title}>
          <Divider titlePlacement="start" plain style={{ marginBlock: 8 }}>
            {g.title}
          </Divider>
          <Row gutter={16}>
            {g.indicators.map((d) => (
              <Col key={d.code} xs={12} md={8}>
                <Form.Item
                  label={indicatorLabel(d)}
                  name={['values', d.code]}
                  rules={[rangeRule(d)]}
                  tooltip={d.code === 'BMI' ? '填写身高和体重后自动计算' : `合理范围 ${d.min}–${d.max}`}
                  style={{ marginBottom: 12 }}
                >
                  <InputNumber controls={false} style={{ width: '100%' }} data-testid={`check-value-${d.code}`} />
                </Form.Item>
              </Col>
            ))}
          </Row>
        </div>
      ))}
    </FormDialog>
  );
});
