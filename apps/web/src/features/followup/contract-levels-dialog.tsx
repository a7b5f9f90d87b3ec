import { RISK_LEVELS } from '@peis/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Modal, Radio, Spin, Typography } from 'antd';
import { freshOnOpen } from '../../components/fresh-on-open';
import { showFailure } from '../../components/list';
import {
  CONTRACT_LEVELS,
  type ContractLevels,
  contractKeys,
  fetchContractLevels,
  saveContractLevels,
} from './followup-api';

const LEVEL_OPTIONS = CONTRACT_LEVELS.map((l) => ({ value: l.value, label: `${l.value}级` }));

/** 级别设置: which service-package level each risk level (健康 … 重病) gets when packages are generated. */
export const ContractLevelsDialog = freshOnOpen(function ContractLevelsDialog({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ContractLevels>();
  const levels = useQuery({
    queryKey: contractKeys.levels,
    enabled: open,
    queryFn: ({ signal }) => fetchContractLevels(signal),
  });
  const save = useMutation({
    mutationFn: (v: ContractLevels) => saveContractLevels(v),
    onSuccess: (answer) => {
      message.success(answer?.msg || '保存成功');
      void queryClient.invalidateQueries({ queryKey: contractKeys.levels });
      onClose();
    },
    onError: (e) => showFailure(message, e, form),
  });
  return (
    <Modal
      title="服务包级别设置"
      open={open}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      okText="确 定"
      cancelText="取 消"
      confirmLoading={save.isPending}
      okButtonProps={{ disabled: !levels.data, 'data-testid': 'contract-levels-ok' }}
      onOk={() => form.submit()}
    >
      <Typography.Paragraph type="secondary">
        生成服务包时按员工当年的风险等级确定服务包级别；修改只影响之后生成的服务包。
      </Typography.Paragraph>
      {levels.data ? (
        <Form<ContractLevels>
          form={form}
          labelCol={{ span: 6 }}
          initialValues={Object.fromEntries(RISK_LEVELS.map((r) => [r, levels.data[r] ?? 1]))}
          onFinish={(v) => save.mutate(v)}
          disabled={save.isPending}
          data-testid="contract-levels-form"
        >
          {RISK_LEVELS.map((risk) => (
            <Form.Item key={risk} label={risk} name={risk} rules={[{ required: true, message: '请选择级别' }]}>
              <Radio.Group optionType="button" options={LEVEL_OPTIONS} />
            </Form.Item>
          ))}
        </Form>
      ) : (
        <Spin />
      )}
    </Modal>
  );
});
