import * as E from '@peis/shared';
import type { FormRule } from 'antd';
import { Form, Input, InputNumber } from 'antd';
import { DateInput } from '../../../resource-ui/field-kinds/date-input';
import { CompanyPicker } from '../../pickers';
import { PATIENT_LABELS as L } from '../phr-labels';
import { Cell, EnumRadio, EnumSelect, FieldGrid, REQUIRED_MESSAGE, required } from './form-parts';

const P = (field: string) => ['patientInfo', field];

/** GB 11643-1999 check of the ID number (check digit, birth date, format). */
export const idCardRules: FormRule[] = [
  { required: true, whitespace: true, message: REQUIRED_MESSAGE },
  {
    validator: async (_, value: unknown) => {
      if (typeof value !== 'string' || value.trim() === '') return;
      const problem = E.idCardProblem(value);
      if (problem) throw new Error(E.ID_CARD_MESSAGES[problem]);
    },
  },
];

const mobileRules: FormRule[] = [{ pattern: E.MOBILE_PATTERN, message: '手机号码格式不正确' }];
const ecmobileRules: FormRule[] = [{ pattern: /^[0-9-]{7,20}$/, message: '紧急联系电话格式不正确' }];

export interface PatientInfoFormProps {
  /** Adding a record: the unit is asked and the ID number can be typed; editing keeps the ID number fixed. */
  adding: boolean;
}

/** 个人信息 tab of the edit dialog. Sex, birthday and age follow the ID number and are read-only. */
export function PatientInfoForm({ adding }: PatientInfoFormProps) {
  return (
    <FieldGrid>
      {adding ? (
        <Cell wide>
          <Form.Item name="unitId" label="单位" rules={required} validateTrigger="onChange">
            <CompanyPicker placeholder="请选择建档单位" />
          </Form.Item>
        </Cell>
      ) : null}
      <Cell>
        <Form.Item
          name={P('name')}
          label={L.name}
          validateTrigger="onChange"
          rules={[
            { required: true, whitespace: true, message: REQUIRED_MESSAGE },
            { max: 30, message: '姓名不能超过30个字' },
          ]}
        >
          <Input placeholder="请输入姓名" maxLength={30} data-testid="phr-field-name" />
        </Form.Item>
      </Cell>
      <Cell>
        <Form.Item
          name={P('idCard')}
          label={L.idCard}
          rules={adding ? idCardRules : undefined}
          normalize={(v: unknown) => (typeof v === 'string' ? v.toUpperCase() : v)}
        >
          <Input
            placeholder="请输入18位身份证号"
            maxLength={18}
            disabled={adding ? undefined : true}
            data-testid="phr-field-idcard"
          />
        </Form.Item>
      </Cell>
      <Cell>
        <Form.Item name={P('sex')} label={L.sex} tooltip="由身份证号自动识别">
          <EnumSelect options={E.SEX} disabled placeholder="由身份证号识别" />
        </Form.Item>
      </Cell>
      <Cell>
        <Form.Item name={P('birthday')} label={L.birthday} tooltip="由身份证号自动识别">
          <DateInput disabled placeholder="由身份证号识别" />
        </Form.Item>
      </Cell>
      <Cell>
        <Form.Item name={P('age')} label={L.age}>
          <InputNumber disabled suffix="岁" style={{ width: '100%' }} placeholder="由身份证号计算" />
        </Form.Item>
      </Cell>
      <Cell>
        <Form.Item name={P('nation')} label={L.nation}>
          <Input placeholder="如：汉族" maxLength={20} />
        </Form.Item>
      </Cell>
      <Cell>
        <Form.Item name={P('mobile')} label={L.mobile} rules={mobileRules}>
          <Input placeholder="11位手机号码" maxLength={11} data-testid="phr-field-mobile" />
        </Form.Item>
      </Cell>
      <Cell>
        <Form.Item name={P('ecmobile')} label={L.ecmobile} rules={ecmobileRules}>
          <Input placeholder="紧急联系人电话" maxLength={20} />
        </Form.Item>
      </Cell>
      <Cell>
        <Form.Item name={P('guardian')} label={L.guardian}>
          <Input maxLength={30} />
        </Form.Item>
      </Cell>
      <Cell>
        <Form.Item name={P('permanent')} label={L.permanent}>
          <EnumRadio options={E.PERMANENT} />
        </Form.Item>
      </Cell>
      <Cell>
        <Form.Item name={P('educationLevel')} label={L.educationLevel}>
          <EnumSelect options={E.EDUCATION} />
        </Form.Item>
      </Cell>
      <Cell>
        <Form.Item name={P('professional')} label={L.professional}>
          <EnumSelect options={E.OCCUPATION} />
        </Form.Item>
      </Cell>
      <Cell>
        <Form.Item name={P('marital')} label={L.marital}>
          <EnumSelect options={E.MARITAL} />
        </Form.Item>
      </Cell>
      <Cell>
        <Form.Item name={P('fertility')} label={L.fertility}>
          <EnumSelect options={E.FERTILITY} />
        </Form.Item>
      </Cell>
      <Cell>
        <Form.Item name={P('payType')} label={L.payType}>
          <EnumSelect options={E.PAY_TYPE} multiple />
        </Form.Item>
      </Cell>
      <Cell>
        <Form.Item name={P('companyName')} label={L.companyName} tooltip="保存时按档案所属单位填写">
          <Input disabled placeholder="按所属单位自动填写" />
        </Form.Item>
      </Cell>
      <Cell>
        <Form.Item name={P('companyLevel')} label={L.companyLevel}>
          <Input maxLength={20} />
        </Form.Item>
      </Cell>
      <Cell>
        <Form.Item name={P('companyJobTitle')} label={L.companyJobTitle}>
          <Input maxLength={30} />
        </Form.Item>
      </Cell>
      <Cell>
        <Form.Item name={P('salaryNumber')} label={L.salaryNumber}>
          <Input maxLength={20} />
        </Form.Item>
      </Cell>
      <Cell>
        <Form.Item name={P('companyJob')} label={L.companyJob}>
          <Input maxLength={30} />
        </Form.Item>
      </Cell>
      <Cell>
        <Form.Item name={P('workType')} label={L.workType}>
          <Input maxLength={30} />
        </Form.Item>
      </Cell>
    </FieldGrid>
  );
}
