import * as E from '@peis/shared';
import { Form, Input } from 'antd';
import { ENVIRONMENT_LABELS, LIFE_LABELS } from '../phr-labels';
import { Cell, EnumCheckbox, EnumRadio, FieldGrid, SectionTitle } from './form-parts';

const ENV_ENUMS: Record<keyof typeof ENVIRONMENT_LABELS, E.Enum> = {
  exhaust: E.EXHAUST,
  energy: E.ENERGY,
  water: E.WATER,
  toilet: E.TOILET,
  acorral: E.ACORRAL,
};
const LIFE_RADIOS: { key: 'sleep' | 'smoke' | 'drink' | 'daily'; options: E.Enum }[] = [
  { key: 'sleep', options: E.SLEEP },
  { key: 'smoke', options: E.SMOKE },
  { key: 'drink', options: E.DRINK },
  { key: 'daily', options: E.DAILY },
];

/** 生活信息 tab: sections 生活信息 and 居住环境 (SPEC §2). */
export function LifeInfoForm() {
  return (
    <>
      <SectionTitle>生活信息</SectionTitle>
      <FieldGrid>
        <Cell wide>
          <Form.Item name={['lifeInfo', 'foods']} label={LIFE_LABELS.foods}>
            <EnumCheckbox options={E.FOODS} />
          </Form.Item>
        </Cell>
        {LIFE_RADIOS.map((f) => (
          <Cell wide key={f.key}>
            <Form.Item name={['lifeInfo', f.key]} label={LIFE_LABELS[f.key]}>
              <EnumRadio options={f.options} />
            </Form.Item>
          </Cell>
        ))}
        <Cell wide>
          <Form.Item name={['lifeInfo', 'style']} label={LIFE_LABELS.style}>
            <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
        </Cell>
      </FieldGrid>
      <SectionTitle>居住环境</SectionTitle>
      <FieldGrid>
        {(Object.keys(ENVIRONMENT_LABELS) as (keyof typeof ENVIRONMENT_LABELS)[]).map((k) => (
          <Cell wide key={k}>
            <Form.Item name={['environment', k]} label={ENVIRONMENT_LABELS[k]}>
              <EnumRadio options={ENV_ENUMS[k]} />
            </Form.Item>
          </Cell>
        ))}
      </FieldGrid>
    </>
  );
}
