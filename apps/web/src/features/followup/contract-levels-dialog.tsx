import { RISK_LEVELS } from '@peis/shared';
import { useQuery } from '@tanstack/react-query';
import { Form, Radio } from 'antd';
import { freshOnOpen } from '../../components/fresh-on-open';
import { FormDialog, type PanelProps, useDialogSave } from '../../components/list';
import {
  CONTRACT_LEVELS,
  type ContractLevels,
  contractKeys,
  fetchContractLevels,
  saveContractLevels,
} from './followup-api';

const LEVEL_OPTIONS = CONTRACT_LEVELS.map((l) => ({ value: l.value, label: `${l.value}级` }));

/** 级别设置: which service-package level each risk level (健康 … 重病) gets when packages are generated. */
export const ContractLevelsDialog = freshOnOpen(function ContractLevelsDialog({ open, onClose }: PanelProps) {
  const [form] = Form.useForm<ContractLevels>();
  const levels = useQuery({
    queryKey: contractKeys.levels,
    enabled: open,
    queryFn: ({ signal }) => fetchContractLevels(signal),
  });
  const save = useDialogSave({
    save: (v: ContractLevels) => saveContractLevels(v),
    form,
    done: '保存成功',
    refresh: [contractKeys.levels],
    onDone: onClose,
  });
  return (
    <FormDialog<ContractLevels>
      title="服务包级别设置"
      open={open}
      onClose={onClose}
      form={form}
      saving={save}
      loading={!levels.data}
      okTestId="contract-levels-ok"
      formTestId="contract-levels-form"
      intro="生成服务包时按员工当年的风险等级确定服务包级别；修改只影响之后生成的服务包。"
      formProps={{ layout: 'horizontal', labelCol: { span: 6 } }}
      initialValues={Object.fromEntries(RISK_LEVELS.map((r) => [r, levels.data?.[r] ?? 1]))}
    >
      {RISK_LEVELS.map((risk) => (
        <Form.Item key={risk} label={risk} name={risk} rules={[{ required: true, message: '请选择级别' }]}>
          <Radio.Group optionType="button" options={LEVEL_OPTIONS} />
        </Form.Item>
      ))}
    </FormDialog>
  );
});
