import * as E from '@peis/shared';
import { Form, Input } from 'antd';
import { FAMILY_MEMBERS } from '../phr-labels';
import { Cell, EnumSelect, FieldGrid, includesCode, SectionTitle, When } from './form-parts';

/** 家庭信息 tab: the family-history form (SPEC §2), one disease list per member with 其他 → remark (SPEC §4). */
export function FamilyHistoryForm() {
  return (
    <>
      <SectionTitle>家族史</SectionTitle>
      <FieldGrid>
        {FAMILY_MEMBERS.map((m) => (
          <Cell wide key={m.key}>
            <div data-testid={`family-${m.key}`} style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
              <Form.Item name={['familyHistory', m.key, 'value']} label={m.label} style={{ flex: '2 1 320px' }}>
                <EnumSelect options={E.FAMILY_DISEASE} multiple placeholder="请选择疾病（可多选）" />
              </Form.Item>
              <When name={['familyHistory', m.key, 'value']} test={includesCode(E.OTHER_FAMILY_DISEASE_CODE)}>
                <Form.Item
                  name={['familyHistory', m.key, 'remark']}
                  label="其他疾病"
                  style={{ flex: '1 1 220px' }}
                  rules={[{ required: true, whitespace: true, message: '请填写其他疾病' }]}
                >
                  <Input maxLength={100} placeholder="请说明其他疾病" data-testid={`family-${m.key}-remark`} />
                </Form.Item>
              </When>
            </div>
          </Cell>
        ))}
      </FieldGrid>
    </>
  );
}
