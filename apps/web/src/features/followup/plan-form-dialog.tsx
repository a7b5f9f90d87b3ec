import { Col, DatePicker, Form, Input, InputNumber, Radio, Row, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { freshOnOpen } from '../../components/fresh-on-open';
import {
  DATE,
  FormDialog,
  fromDate,
  NoteField,
  type PanelProps,
  toDate,
  today,
  useDialogSave,
} from '../../components/list';
import { AssigneePicker } from '../../components/pickers';
import { EmployeePicker } from '../positive/employee-picker';
import { createPlan, type FollowUpPlan, followUpKeys, METHODS, type PlanBody, updatePlan } from './followup-api';

/** A new plan started from elsewhere (a positive finding): the person is fixed, the title suggested. */
export interface PlanSeed {
  employeeId: number;
  employeeName: string;
  findingId?: number | null;
  title?: string;
}

interface PlanValues {
  employeeId: number | null;
  title: string;
  method: number;
  frequencyDays: number | null;
  nextDate: Dayjs | null;
  endDate: Dayjs | null;
  assigneeId: number | null;
  note?: string;
  status: number;
}

export interface PlanFormDialogProps extends PanelProps {
  /** The plan to edit; null for a new one. */
  plan: FollowUpPlan | null;
  seed?: PlanSeed | null;
}

function initialValues(plan: FollowUpPlan | null, seed: PlanSeed | null | undefined): Partial<PlanValues> {
  if (plan) {
    return {
      employeeId: plan.employeeId,
      title: plan.title,
      method: plan.method,
      frequencyDays: plan.frequencyDays,
      nextDate: fromDate(plan.nextDate),
      endDate: fromDate(plan.endDate),
      assigneeId: plan.assigneeId,
      note: plan.note ?? '',
      status: plan.status,
    };
  }
  return {
    employeeId: seed?.employeeId ?? null,
    title: seed?.title ?? '',
    method: 1,
    frequencyDays: 30,
    nextDate: today(),
    endDate: null,
    assigneeId: null,
    status: 1,
  };
}

/** 新建计划 / 编辑: who, how (电话/上门/微信/门诊), every how many days, from when until when, by whom. */
export const PlanFormDialog = freshOnOpen(function PlanFormDialog({ plan, seed, open, onClose }: PlanFormDialogProps) {
  const [form] = Form.useForm<PlanValues>();
  const fixedPerson = plan ? plan.name : seed?.employeeName;
  const save = useDialogSave({
    save: (v: PlanValues) => {
      const body: PlanBody = {
        employeeId: Number(v.employeeId),
        findingId: plan ? plan.findingId : (seed?.findingId ?? null),
        title: v.title.trim(),
        method: v.method,
        frequencyDays: Number(v.frequencyDays),
        nextDate: toDate(v.nextDate) ?? '',
        endDate: toDate(v.endDate) ?? null,
        assigneeId: v.assigneeId ?? null,
        note: v.note?.trim() || null,
      };
      return plan ? updatePlan(plan.id, { ...body, status: v.status, version: plan.version }) : createPlan(body);
    },
    form,
    done: '保存成功',
    refresh: [followUpKeys.all],
    staleRefresh: followUpKeys.plans,
    onDone: onClose,
  });
  return (
    <FormDialog<PlanValues>
      title={plan ? '编辑随访计划' : '新建随访计划'}
      open={open}
      onClose={onClose}
      form={form}
      saving={save}
      width={640}
      okTestId="plan-form-ok"
      formTestId="plan-form"
      initialValues={initialValues(plan, seed)}
    >
      <Row gutter={16}>
        <Col span={12}>
          {fixedPerson ? (
            <>
              <Form.Item label="员工">
                <Input value={fixedPerson} disabled />
              </Form.Item>
              <Form.Item name="employeeId" hidden>
                <InputNumber />
              </Form.Item>
            </>
          ) : (
            <Form.Item label="员工" name="employeeId" rules={[{ required: true, message: '请选择员工' }]}>
              <EmployeePicker />
            </Form.Item>
          )}
        </Col>
        <Col span={12}>
          <Form.Item
            label="计划名称"
            name="title"
            rules={[
              { required: true, whitespace: true, message: '请填写计划名称' },
              { max: 50, message: '计划名称不能超过50个字' },
            ]}
          >
            <Input maxLength={50} placeholder="如：高血压随访" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="随访方式" name="method" rules={[{ required: true, message: '请选择随访方式' }]}>
            <Radio.Group options={METHODS} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="随访间隔" name="frequencyDays" rules={[{ required: true, message: '请填写随访间隔' }]}>
            <InputNumber min={1} max={365} precision={0} suffix="天" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="首次随访日期" name="nextDate" rules={[{ required: true, message: '请选择随访日期' }]}>
            <DatePicker format={DATE} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            label="结束日期"
            name="endDate"
            dependencies={['nextDate']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_, value: Dayjs | null) => {
                  const next = getFieldValue('nextDate') as Dayjs | null;
                  if (value && next && value.isBefore(next, 'day')) throw new Error('结束日期不能早于首次随访日期');
                },
              }),
            ]}
          >
            <DatePicker format={DATE} style={{ width: '100%' }} placeholder="不填则长期随访" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="负责人" name="assigneeId" tooltip="不填则由本人负责">
            <AssigneePicker placeholder="默认本人" />
          </Form.Item>
        </Col>
        {plan ? (
          <Col span={12}>
            <Form.Item label="状态" name="status">
              <Select
                options={[
                  { value: 1, label: '进行中' },
                  { value: 2, label: '已结束' },
                ]}
              />
            </Form.Item>
          </Col>
        ) : null}
        <Col span={24}>
          <NoteField name="note" label="备注" max={200} rows={2} />
        </Col>
      </Row>
    </FormDialog>
  );
});
