import { ACTIVITY_LEVELS, enumLabel, SEX, TCM_CONSTITUTIONS } from '@peis/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Divider, Flex, Form, Modal, Select, Spin, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { ApiError, errorText } from '../../app/http';
import { freshOnOpen } from '../../components/fresh-on-open';
import {
  basisText,
  DietDerivation,
  type DietProposal,
  FitnessDerivation,
  type FitnessProposal,
  generatePrescription,
  KINDS,
  type PrescriptionKind,
  type ProposeInput,
  prescriptionKeys,
  proposePrescription,
} from '../../components/prescription';
import { UnitName } from '../../components/unit-name';
import { EmployeeInput } from '../../resource-ui/field-kinds/employee-input';

export interface GenerateDialogProps {
  kind: PrescriptionKind;
  open: boolean;
  onClose: () => void;
  /** The draft was saved: its id (the page opens it for editing). */
  onCreated: (id: number) => void;
}

interface Choice {
  employeeId?: number | null;
  activityLevel?: number | null;
  constitution?: number | null;
}

const inputOf = (c: Choice): ProposeInput | null =>
  c.employeeId
    ? {
        employeeId: c.employeeId,
        ...(c.activityLevel ? { activityLevel: c.activityLevel } : {}),
        ...(c.constitution ? { constitution: c.constitution } : {}),
      }
    : null;

/** Who the proposal is for and which check it read. */
function PersonLine({ p }: { p: DietProposal | FitnessProposal }) {
  const e = p.employee;
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, lg: 4 }}
      data-testid="prescription-person"
      items={[
        { key: 'name', label: '姓名', children: e.name },
        {
          key: 'sexAge',
          label: '性别 / 年龄',
          children: `${enumLabel(SEX, e.sex) || '-'} / ${e.age !== null && e.age !== undefined ? `${e.age} 岁` : '-'}`,
        },
        { key: 'unit', label: '单位', children: <UnitName name={e.unitName} /> },
        { key: 'check', label: '依据体检', children: p.check ? p.check.date : '无体检，按档案数据' },
        {
          key: 'basis',
          label: '依据数值',
          span: 'filled',
          children:
            basisText(p.check?.values ?? {}, p.targets, 'referFirst' in p ? (p.chinaPar ?? null) : undefined) || '无',
        },
      ]}
    />
  );
}

/**
 * 生成处方: pick a person (and for a diet the activity level and constitution), read the proposal the rules
 * derive from the person's own data — every step and every adjustment with its reason — and save it as a
 * 草稿, which then opens in the declared edit form.
 */
export const GenerateDialog = freshOnOpen(function GenerateDialog({
  kind,
  open,
  onClose,
  onCreated,
}: GenerateDialogProps) {
  const { message } = App.useApp();
  const meta = KINDS[kind];
  const [form] = Form.useForm<Choice>();
  const [choice, setChoice] = useState<Choice>({});
  const input = inputOf(choice);

  const proposal = useQuery({
    queryKey: prescriptionKeys.proposal(kind, input ?? { employeeId: 0 }),
    queryFn: () => proposePrescription(kind, input as ProposeInput),
    enabled: open && input !== null,
    placeholderData: keepPreviousData,
    retry: false,
    gcTime: 0,
  });
  const save = useMutation({
    mutationFn: () => generatePrescription(kind, input as ProposeInput),
    onSuccess: (record) => {
      message.success(`已保存为${meta.label}草稿，请核对后开具`);
      onCreated(Number(record.id));
    },
  });

  const data = input && proposal.data && proposal.data.employee.id === input.employeeId ? proposal.data : null;
  const refused = kind === 'fitness' && data !== null && (data as FitnessProposal).referFirst;
  const proposeError = proposal.isError ? errorText(proposal.error) : null;
  const saveError =
    save.error instanceof ApiError && (save.error.status === 409 || save.error.status === 400)
      ? save.error.msg
      : save.isError
        ? errorText(save.error)
        : null;

  return (
    <Modal
      title={`生成${meta.label}`}
      open={open}
      onCancel={onClose}
      width={920}
      mask={{ closable: false }}
      destroyOnHidden
      data-testid="prescription-generate"
      footer={
        <Flex justify="end" gap={8} wrap>
          <Button onClick={onClose}>取 消</Button>
          <Tooltip title={refused ? '需先转诊，不能保存为运动处方' : undefined}>
            <Button
              type="primary"
              disabled={!data || proposal.isFetching || refused}
              loading={save.isPending}
              onClick={() => save.mutate()}
              data-testid="prescription-save-draft"
            >
              保存为草稿
            </Button>
          </Tooltip>
        </Flex>
      }
    >
      <Form<Choice>
        form={form}
        layout="vertical"
        onValuesChange={(_, all) => {
          save.reset();
          setChoice(all);
        }}
        data-testid="prescription-generate-form"
      >
        <Flex gap={12} wrap>
          <Form.Item name="employeeId" label="员工" style={{ flex: '1 1 260px', marginBottom: 8 }}>
            <EmployeeInput aria-label="员工" />
          </Form.Item>
          {kind === 'diet' ? (
            <>
              <Form.Item
                name="activityLevel"
                label="活动水平"
                tooltip="档案未记录劳动强度，不选时按轻体力计算"
                style={{ flex: '1 1 150px', marginBottom: 8 }}
              >
                <Select
                  allowClear
                  placeholder="默认轻体力"
                  options={ACTIVITY_LEVELS.map((o) => ({ value: o.value, label: o.label }))}
                  data-testid="prescription-activity"
                  aria-label="活动水平"
                />
              </Form.Item>
              <Form.Item
                name="constitution"
                label="中医体质"
                tooltip="尚未做体质辨识时不选，处方写明未评估"
                style={{ flex: '1 1 150px', marginBottom: 8 }}
              >
                <Select
                  allowClear
                  placeholder="未评估"
                  options={TCM_CONSTITUTIONS.map((o) => ({ value: o.value, label: o.label }))}
                  data-testid="prescription-constitution"
                  aria-label="中医体质"
                />
              </Form.Item>
            </>
          ) : null}
        </Flex>
      </Form>
      <Divider style={{ margin: '8px 0 16px' }} />
      {!input ? (
        <Typography.Text type="secondary">
          选择员工后，系统按其档案、最近一次体检、分组标签和阳性结果推算处方。
        </Typography.Text>
      ) : proposeError ? (
        <Alert
          type="error"
          showIcon
          title="无法生成处方"
          description={proposeError}
          data-testid="prescription-propose-error"
        />
      ) : !data ? (
        <Flex justify="center" style={{ padding: 32 }}>
          <Spin />
        </Flex>
      ) : (
        <Spin spinning={proposal.isFetching}>
          <Flex vertical gap={12} data-testid="prescription-proposal">
            <PersonLine p={data} />
            {kind === 'diet' ? (
              <DietDerivation proposal={data as DietProposal} />
            ) : (
              <FitnessDerivation proposal={data as FitnessProposal} />
            )}
          </Flex>
        </Spin>
      )}
      {saveError ? (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          title="未能保存"
          description={saveError}
          data-testid="prescription-save-error"
        />
      ) : null}
    </Modal>
  );
});
