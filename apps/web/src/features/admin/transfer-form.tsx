import { accountResource } from '@peis/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Flex, Form, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTimesOn } from '../../components/fresh-on-open';
import { NoteField } from '../../components/list';
import { Permission } from '../../components/Permission';
import { CompanyPicker } from '../../components/pickers/company-picker';
import { useTransferConfirm } from '../../components/transfer-confirm';
import { invalidateResource, leftoverMessage, type ResourceRecord } from '../../resource-ui/resource-api';
import { applyFieldErrors, transferEmployees } from './admin-api';

interface TransferValues {
  toUnitId: number;
  reason: string;
  effectiveDate: Dayjs;
}

/** How many picked names the form lists before "等N人". */
const NAMES_SHOWN = 12;

export interface TransferFormProps {
  selected: ResourceRecord[];
  onClear: () => void;
}

/**
 * 调入单位, 调动原因, 生效日期 and 确定调动 (POST /account/transfer, after a question naming who moves from
 * where to where and what moves with them) for the picked employees. The form belongs to
 * one pick: once no one is picked (清空, every row unticked, or a transfer done) it starts anew, so a reason
 * typed for some employees is never sent with the next ones.
 */
export function TransferForm(props: TransferFormProps) {
  const pick = useTimesOn(props.selected.length === 0);
  return <TransferFormCard key={pick} {...props} />;
}

function TransferFormCard({ selected, onClear }: TransferFormProps) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TransferValues>();
  const transfer = useMutation({
    mutationFn: (v: TransferValues) =>
      transferEmployees({
        employeeIds: selected.map((r) => Number(r.id)),
        toUnitId: v.toUnitId,
        reason: v.reason.trim(),
        effectiveDate: v.effectiveDate.format('YYYY-MM-DD'),
      }),
    onSuccess: (answer) => {
      message.success(answer?.msg || '调动成功');
      onClear();
      // The employee list and the history sit under the account resource's query keys.
      void invalidateResource(queryClient, accountResource);
    },
    onError: (e) => {
      if (applyFieldErrors(form, e, ['toUnitId', 'reason', 'effectiveDate'])) return;
      const text = leftoverMessage(e);
      if (text) message.error(text);
    },
  });
  const confirm = useTransferConfirm();
  const submit = async (values: TransferValues) => {
    if (selected.length === 0) {
      message.warning('请先在左侧列表中选择员工');
      return;
    }
    const go = await confirm({
      kind: 'employee',
      people: selected.map((r) => ({ name: String(r.name ?? r.id), unitName: r.unitIdName as string | undefined })),
      toUnitId: values.toUnitId,
      reason: values.reason.trim(),
      effectiveDate: values.effectiveDate.format('YYYY-MM-DD'),
    });
    if (go) transfer.mutate(values);
  };

  return (
    <Card title="调动信息" size="small">
      <Flex vertical gap={8} style={{ marginBottom: 16 }} data-testid="transfer-selected">
        <Flex justify="space-between" align="center">
          <Typography.Text>
            已选择 <Typography.Text strong>{selected.length}</Typography.Text> 名员工
          </Typography.Text>
          {selected.length ? (
            <Button type="link" size="small" onClick={onClear}>
              清空
            </Button>
          ) : null}
        </Flex>
        {selected.length ? (
          <div>
            {selected.slice(0, NAMES_SHOWN).map((r) => (
              <Tag key={String(r.id)} style={{ marginBottom: 4 }}>
                {String(r.name ?? r.id)}
                {r.unitIdName ? `（${String(r.unitIdName)}）` : ''}
              </Tag>
            ))}
            {selected.length > NAMES_SHOWN ? (
              <Typography.Text type="secondary">等{selected.length}人</Typography.Text>
            ) : null}
          </div>
        ) : (
          <Typography.Text type="secondary">
            请在员工列表中勾选要调动的员工（可跨页、可多次查询后勾选）。
          </Typography.Text>
        )}
      </Flex>
      <Form<TransferValues>
        form={form}
        layout="vertical"
        initialValues={{ effectiveDate: dayjs() }}
        onFinish={submit}
        disabled={transfer.isPending}
        data-testid="transfer-form"
      >
        <Form.Item label="调入单位" name="toUnitId" rules={[{ required: true, message: '请选择调入单位' }]}>
          <CompanyPicker placeholder="请选择调入单位" />
        </Form.Item>
        <NoteField
          name="reason"
          label="调动原因"
          max={200}
          required
          placeholder="请输入调动原因"
          testId="transfer-reason"
        />
        <Form.Item label="生效日期" name="effectiveDate" rules={[{ required: true, message: '请选择生效日期' }]}>
          <DatePicker format="YYYY-MM-DD" style={{ width: '100%' }} data-testid="transfer-date" />
        </Form.Item>
        <Permission required="account:transfer">
          <Flex justify="flex-end">
            <Button type="primary" htmlType="submit" loading={transfer.isPending} data-testid="transfer-submit">
              确定调动
            </Button>
          </Flex>
        </Permission>
      </Form>
    </Card>
  );
}
