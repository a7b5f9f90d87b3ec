import * as E from '@peis/shared';
import { Form, Input, InputNumber } from 'antd';
import { HEALTH_LABELS, OTHER_LABELS as O, PAST_GROUPS } from '../phr-labels';
import { Cell, EnumCheckbox, EnumRadio, EnumSelect, FieldGrid, includesCode, SectionTitle, When } from './form-parts';
import { PastHistoryGroup } from './past-history-group';

const H = (field: string) => ['healthInfo', field];
const OT = (...path: string[]) => ['other', ...path];

/** 健康信息 tab: sections 健康数据, 既往史, 其他 (SPEC §2). BMI follows height and weight. */
export function HealthInfoForm() {
  return (
    <>
      <SectionTitle>健康数据</SectionTitle>
      <FieldGrid>
        <Cell>
          <Form.Item name={H('height')} label={HEALTH_LABELS.height}>
            <InputNumber
              min={50}
              max={250}
              precision={1}
              suffix="cm"
              style={{ width: '100%' }}
              data-testid="phr-field-height"
            />
          </Form.Item>
        </Cell>
        <Cell>
          <Form.Item name={H('weight')} label={HEALTH_LABELS.weight}>
            <InputNumber
              min={10}
              max={300}
              precision={1}
              suffix="kg"
              style={{ width: '100%' }}
              data-testid="phr-field-weight"
            />
          </Form.Item>
        </Cell>
        <Cell>
          <Form.Item name={H('BMI')} label={HEALTH_LABELS.BMI} tooltip="由身高、体重自动计算：体重(kg) ÷ 身高(m)²">
            <InputNumber disabled suffix="kg/m²" style={{ width: '100%' }} data-testid="phr-field-bmi" />
          </Form.Item>
        </Cell>
        <Cell>
          <Form.Item name={H('waist')} label={HEALTH_LABELS.waist}>
            <InputNumber min={30} max={200} precision={1} suffix="cm" style={{ width: '100%' }} />
          </Form.Item>
        </Cell>
        <Cell>
          <Form.Item name={H('blood')} label={HEALTH_LABELS.blood}>
            <EnumSelect options={E.BLOOD} />
          </Form.Item>
        </Cell>
      </FieldGrid>

      <SectionTitle>既往史</SectionTitle>
      {PAST_GROUPS.map((g) => (
        <PastHistoryGroup key={g.key} group={g} />
      ))}

      <SectionTitle>其他</SectionTitle>
      <FieldGrid>
        <Cell>
          <Form.Item name={OT('heredity')} label={O.heredity}>
            <EnumRadio options={E.HAS} />
          </Form.Item>
        </Cell>
        <Cell>
          <When name={OT('heredity')} test={(v) => Number(v) === 1}>
            <Form.Item
              name={OT('heredityDetail')}
              label={O.heredityDetail}
              rules={[{ required: true, whitespace: true, message: '请填写遗传病名称' }]}
            >
              <Input maxLength={100} placeholder="请输入遗传病名称" data-testid="heredity-detail" />
            </Form.Item>
          </When>
        </Cell>
        <Cell>
          <Form.Item name={OT('foodsIrritability')} label={O.foodsIrritability}>
            <Input maxLength={100} placeholder="如：海鲜、花生" />
          </Form.Item>
        </Cell>
        <Cell wide>
          <Form.Item name={OT('disability', 'value')} label={O.disability}>
            <EnumCheckbox options={E.DISABILITY} />
          </Form.Item>
        </Cell>
        <When name={OT('disability', 'value')} test={includesCode(E.OTHER_DISABILITY_CODE)}>
          <Cell wide>
            <Form.Item
              name={OT('disability', 'remark')}
              label="其他残疾"
              rules={[{ required: true, whitespace: true, message: '请填写其他残疾' }]}
            >
              <Input maxLength={100} placeholder="请说明其他残疾" data-testid="disability-remark" />
            </Form.Item>
          </Cell>
        </When>
        <Cell wide>
          <Form.Item name={OT('drugIrritability', 'value')} label={O.drugIrritability}>
            <EnumCheckbox options={E.DRUG_ALLERGY} />
          </Form.Item>
        </Cell>
        <When name={OT('drugIrritability', 'value')} test={includesCode(E.OTHER_DRUG_ALLERGY_CODE)}>
          <Cell wide>
            <Form.Item
              name={OT('drugIrritability', 'remark')}
              label="其他过敏药物"
              rules={[{ required: true, whitespace: true, message: '请填写其他过敏药物' }]}
            >
              <Input maxLength={100} placeholder="请说明其他过敏药物" data-testid="drug-remark" />
            </Form.Item>
          </Cell>
        </When>
        <Cell wide>
          <Form.Item name={OT('expose')} label={O.expose}>
            <EnumCheckbox options={E.EXPOSURE} />
          </Form.Item>
        </Cell>
        <Cell wide>
          <Form.Item name={OT('illnessHostory')} label={O.illnessHostory}>
            <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
          </Form.Item>
        </Cell>
        <Cell wide>
          <Form.Item name={OT('frist')} label={O.frist}>
            <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
          </Form.Item>
        </Cell>
        <Cell wide>
          <Form.Item name={OT('all')} label={O.all}>
            <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
          </Form.Item>
        </Cell>
      </FieldGrid>
    </>
  );
}
